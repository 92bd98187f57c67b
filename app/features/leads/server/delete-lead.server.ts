import { and, eq } from 'drizzle-orm'
import { lead } from '#db/schema'
import { AppError } from '#app/lib/errors'
import type { MemberContext } from '#app/lib/tenant.server'
import { recordLeadAccess, type AccessOrigin } from './record-lead-access.server'

/**
 * Erases a lead for good (GDPR art. 17). Downloads the fan made stay and keep counting; the
 * database sets their link to the lead to null.
 */
export async function deleteLead(member: MemberContext, leadId: string, origin: AccessOrigin) {
  const [deleted] = await member.withTenant((tx) =>
    tx
      .delete(lead)
      .where(and(eq(lead.id, leadId), eq(lead.companyId, member.company.id)))
      .returning({ id: lead.id }),
  )
  if (!deleted) throw new AppError('NOT_FOUND', 'leads.errors.notFound')
  await recordLeadAccess(member, origin, 'leads.delete', { recordId: deleted.id })
}
