import { z } from 'zod'
import { asPlatform } from '#app/jobs/as-system'
import { defineJob } from '#app/jobs/job'

/** Adds fans' new raw events to the analytics rollups (queued after each write, and every minute should one be lost). */
export const rollUpEventsJob = defineJob({
  id: 'analytics.roll-up',
  schema: z.object({}).passthrough(),
  retry: { limit: 3, delaySeconds: 5, backoff: true },
  cron: '* * * * *',
  async handler() {
    const { rollUpEvents } = await import('#app/features/analytics/server/roll-up-events.server')
    await rollUpEvents(await asPlatform('analytics.roll-up'))
  },
})
