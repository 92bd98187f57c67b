import { z } from 'zod'
import { asPlatform } from '#app/jobs/as-system'
import { defineJob } from '#app/jobs/job'

/** Reminders at 3 and 10 days for custom domains still unverified, removal at 14. */
export const sweepCustomDomainsJob = defineJob({
  id: 'domains.sweep-custom-domains',
  schema: z.object({}).passthrough(),
  retry: { limit: 1, delaySeconds: 60, backoff: false },
  cron: '17 * * * *',
  async handler() {
    const { sweepCustomDomains } = await import('#app/features/domains/server/sweep-custom-domains.server')
    await sweepCustomDomains(await asPlatform('domains.sweep-custom-domains'))
  },
})
