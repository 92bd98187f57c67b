import { z } from 'zod'
import { asPlatform } from '#app/jobs/as-system'
import { defineJob } from '#app/jobs/job'

/** Trials and grace periods that ran out fall back to Starter; trials ending soon get their reminder. */
export const sweepPlansJob = defineJob({
  id: 'billing.sweep-plans',
  schema: z.object({}).passthrough(),
  retry: { limit: 1, delaySeconds: 60, backoff: false },
  cron: '*/5 * * * *',
  async handler() {
    const { sweepPlans } = await import('#app/features/billing/server/sweep-plans.server')
    await sweepPlans(await asPlatform('billing.sweep-plans'))
  },
})
