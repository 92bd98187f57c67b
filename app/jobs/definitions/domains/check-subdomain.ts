import { z } from 'zod'
import { asSystem } from '#app/jobs/as-system'
import { defineJob } from '#app/jobs/job'

/** Checks a live subdomain's DNS; while the DNS cannot be asked, tried again with backoff. */
export const checkSubdomainJob = defineJob({
  id: 'domains.check-subdomain',
  schema: z.object({ companyId: z.string().min(1) }),
  retry: { limit: 8, delaySeconds: 30, backoff: true },
  ownerField: 'companyId',
  async handler({ companyId }) {
    const { checkCompanySubdomain } = await import('#app/features/domains/server/check-company-subdomain.server')
    const context = await asSystem(companyId, 'domains.check-subdomain')
    if (context) await checkCompanySubdomain(context)
  },
})
