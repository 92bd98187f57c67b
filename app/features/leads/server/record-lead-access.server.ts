import { recordAuditEvent } from '#app/features/audit/server/record-audit-event.server'
import { CLIENT_IP_HEADER } from '#app/lib/auth.server'
import type { MemberContext } from '#app/lib/tenant.server'
import { hasLeadFilters, type TLeadFilters } from '../leads.schema'

/** Where a request for lead data came from, for the audit trail. */
export type AccessOrigin = { ipAddress: string | null; userAgent: string | null }

export function accessOrigin(request: Request): AccessOrigin {
  return { ipAddress: request.headers.get(CLIENT_IP_HEADER) || null, userAgent: request.headers.get('user-agent')?.slice(0, 500) || null }
}

/*
 * The audit trail outlives an erased lead, so it must not hold personal data: the search text
 * (often a fan's name or e-mail) is recorded only as "a search was made", never as typed.
 */
export function auditableFilters(filters: TLeadFilters) {
  return {
    searched: Boolean(filters.q),
    content: filters.content ?? null,
    event: filters.event ?? null,
    marketing: filters.marketing ?? null,
    filtered: hasLeadFilters(filters),
  }
}

/** One "lead data access" entry: who looked at, exported or erased fans' data, and from where. */
export function recordLeadAccess(member: MemberContext, origin: AccessOrigin, action: 'leads.list' | 'leads.export' | 'leads.delete', details: { recordId?: string } & Record<string, unknown> = {}) {
  const { recordId, ...rest } = details
  return recordAuditEvent({
    category: 'lead_data_access',
    action,
    companyId: member.company.id,
    actorUserId: member.user.id,
    tableName: 'leads',
    recordId: recordId ?? null,
    details: rest,
    ...origin,
  })
}
