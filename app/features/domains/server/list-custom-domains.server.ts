import { asc } from 'drizzle-orm'
import { customDomain } from '#db/schema'
import { actorCan, type TenantContext } from '#app/lib/tenant.server'
import { customDomainTarget } from './check-custom-domain.server'
import { isApex, ownershipRecordName, ownershipRecordValue } from './verify-custom-domain.server'

/** The company's own host names, each with the records it must carry and its last check. */
export async function listCustomDomains(context: TenantContext) {
  const rows = await context.withTenant((tx) => tx.select().from(customDomain).orderBy(asc(customDomain.createdAt)))
  const target = customDomainTarget()
  return {
    allowed: context.entitlements.customDomain,
    canEdit: actorCan(context, 'company.manage'),
    target,
    domains: rows.map(({ token, ...domain }) => ({
      ...domain,
      records: [
        isApex(domain.host) ? { type: 'A / AAAA', name: domain.host, value: target } : { type: 'CNAME', name: domain.host, value: target },
        { type: 'TXT', name: ownershipRecordName(domain.host), value: ownershipRecordValue(token) },
      ],
    })),
  }
}
