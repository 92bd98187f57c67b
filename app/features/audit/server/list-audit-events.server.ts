import { and, desc, eq } from 'drizzle-orm'
import { auditEvent, user } from '#db/schema'
import { actorUserId, type TenantContext } from '#app/lib/tenant.server'
import type { TAuditCategory } from '../audit.schema'
import { recordAuditEvent } from './record-audit-event.server'

export const AUDIT_PAGE_SIZE = 100

/**
 * The company's most recent audit events, newest first (row-level security fences them).
 * Reading the audit log is itself recorded in it.
 */
export async function listAuditEvents(context: TenantContext, category?: TAuditCategory) {
  const events = await context.withTenant(async (tx) => {
    const ownCompany = eq(auditEvent.companyId, context.company.id)
    const where = category ? and(ownCompany, eq(auditEvent.category, category)) : ownCompany
    return tx
      .select({
        id: auditEvent.id,
        category: auditEvent.category,
        action: auditEvent.action,
        actorName: user.name,
        actorEmail: user.email,
        recordId: auditEvent.recordId,
        ipAddress: auditEvent.ipAddress,
        createdAt: auditEvent.createdAt,
      })
      .from(auditEvent)
      .leftJoin(user, eq(user.id, auditEvent.actorUserId))
      .where(where)
      .orderBy(desc(auditEvent.createdAt))
      .limit(AUDIT_PAGE_SIZE)
  })
  await recordAuditEvent({ category: 'company_sensitive_data_access', action: 'audit.read', companyId: context.company.id, actorUserId: actorUserId(context), tableName: 'audit_events' })
  return events
}
