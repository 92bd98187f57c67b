import { isIPv4, isIPv6 } from 'node:net'
import { asc } from 'drizzle-orm'
import { customDomain } from '#db/schema'
import { actorCan, type TenantContext } from '#app/access/context'
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
        routingRecord(domain.host, target),
        { type: 'TXT', name: ownershipRecordName(domain.host), value: ownershipRecordValue(token) },
      ],
    })),
  }
}

/**
 * How the host reaches the platform: a CNAME to its name, or, where a CNAME cannot be (an apex)
 * or the platform has no name (reached by its IP address), address records.
 */
function routingRecord(host: string, target: string) {
  if (isIPv4(target)) return { type: 'A', name: host, value: target }
  if (isIPv6(target.replace(/^\[|\]$/g, ''))) return { type: 'AAAA', name: host, value: target.replace(/^\[|\]$/g, '') }
  return isApex(host) ? { type: 'A / AAAA', name: host, value: target } : { type: 'CNAME', name: host, value: target }
}
