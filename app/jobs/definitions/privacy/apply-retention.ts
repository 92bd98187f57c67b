import { z } from 'zod'
import { asPlatform } from '#app/jobs/as-system'
import { defineJob } from '#app/jobs/job'

/** Deletes what the policies no longer keep, period by period (RETENTION_PERIODS). */
export const applyRetentionJob = defineJob({
  id: 'privacy.apply-retention',
  schema: z.object({}).passthrough(),
  retry: { limit: 3, delaySeconds: 300, backoff: true },
  cron: '41 3 * * *',
  async handler() {
    const { applyRetention } = await import('#app/features/privacy/server/apply-retention.server')
    await applyRetention(await asPlatform('privacy.apply-retention'))
  },
})
