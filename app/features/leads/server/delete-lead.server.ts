import { and, eq } from 'drizzle-orm'
import { lead } from '#db/schema'
import { AppError } from '#app/lib/errors'
import { needs, type TenantContext } from '#app/access/context'
import type { RequestOrigin } from '#app/access/visit.server'
import { recordLeadAccess } from './record-lead-access.server'

/**
 * Erases a lead for good (GDPR art. 17). Downloads the fan made stay and keep counting; the
 * database sets their link to the lead to null.
 */
export const deleteLead = needs(
  'leads.delete',
  async function deleteLead(context: TenantContext, leadId: string, origin: RequestOrigin) {
    const [deleted] = await context.withTenant((tx) =>
      tx
        .delete(lead)
        .where(and(eq(lead.id, leadId), eq(lead.companyId, context.company.id)))
        .returning({ id: lead.id }),
    )
    if (!deleted) throw new AppError('NOT_FOUND', 'leads.errors.notFound')
    await recordLeadAccess(context, origin, 'leads.delete', { recordId: deleted.id })
  },
)
