import { z } from 'zod'
import { asPlatform } from '#app/jobs/as-system'
import { defineJob } from '#app/jobs/job'
import { getEnv } from '#app/lib/env.server'

/** Salts and visitor marks past 48 h, next month's partition, raw events past the retention. */
export const sweepAnalyticsJob = defineJob({
  id: 'analytics.sweep',
  schema: z.object({}).passthrough(),
  retry: { limit: 2, delaySeconds: 60, backoff: false },
  cron: '7 * * * *',
  async handler() {
    const { sweepAnalytics } = await import('#app/features/analytics/server/sweep-analytics.server')
    await sweepAnalytics(await asPlatform('analytics.sweep'), { retentionMonths: getEnv().ANALYTICS_RETENTION_MONTHS })
  },
})
