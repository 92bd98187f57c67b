import { z } from 'zod'
import { asPlatform } from '#app/jobs/as-system'
import { defineJob } from '#app/jobs/job'
import { enqueue } from '#app/jobs/queue.server'
import { checkSubdomainJob } from './check-subdomain'

/** Subdomains still propagating (or not checked for a day) are checked again. */
export const sweepSubdomainsJob = defineJob({
  id: 'domains.sweep-subdomains',
  schema: z.object({}).passthrough(),
  retry: { limit: 1, delaySeconds: 60, backoff: false },
  cron: '*/30 * * * *',
  async handler() {
    const { findSubdomainsToCheck } = await import('#app/features/domains/server/check-company-subdomain.server')
    for (const { companyId } of await findSubdomainsToCheck(await asPlatform('domains.sweep-subdomains'))) {
      await enqueue(checkSubdomainJob, { companyId }, { singletonKey: companyId })
    }
  },
})
