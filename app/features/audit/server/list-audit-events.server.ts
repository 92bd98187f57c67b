import { and, desc, eq } from 'drizzle-orm'
import { auditEvent, user } from '#db/schema'
import type { MemberContext } from '#app/lib/tenant.server'
import type { TAuditCategory } from '../audit.schema'

export const AUDIT_PAGE_SIZE = 100

/** The company's most recent audit events, newest first (row-level security fences them). */
export async function listAuditEvents(member: MemberContext, category?: TAuditCategory) {
  return member.withTenant(async (tx) => {
    const ownCompany = eq(auditEvent.companyId, member.company.id)
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
}
