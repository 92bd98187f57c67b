import { recordAuditEvent } from '#app/features/audit/server/record-audit-event.server'
import { actorUserId, type TenantContext } from '#app/access/context'
import type { RequestOrigin } from '#app/access/visit.server'
import { hasLeadFilters, type TLeadFilters } from '../leads.schema'

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

/**
 * One "lead data access" entry: who looked at, exported or erased fans' data, and from where
 * (the route reads the origin with `requestOrigin`; a job has none).
 */
export function recordLeadAccess(
  context: TenantContext,
  origin: RequestOrigin | null,
  action: 'leads.list' | 'leads.export' | 'leads.delete',
  details: { recordId?: string } & Record<string, unknown> = {},
) {
  const { recordId, ...rest } = details
  return recordAuditEvent({
    category: 'lead_data_access',
    action,
    companyId: context.company.id,
    actorUserId: actorUserId(context),
    tableName: 'leads',
    recordId: recordId ?? null,
    details: rest,
    ...origin,
  })
}
