import { and, eq } from 'drizzle-orm'
import { lead } from '#db/schema'
import { AppError } from '#app/lib/errors'
import type { TenantContext } from '#app/access/context'
import type { RequestOrigin } from '#app/access/visit.server'
import { recordLeadAccess } from './record-lead-access.server'

/** One lead of the company with its consent record; looking at it is audited like the list. */
export async function getLead(context: TenantContext, leadId: string, origin: RequestOrigin) {
  const [found] = await context.withTenant((tx) =>
    tx
      .select({
        id: lead.id,
        fullName: lead.fullName,
        email: lead.email,
        phone: lead.phone,
        organisation: lead.organisation,
        contentItemId: lead.contentItemId,
        eventId: lead.eventId,
        privacyAcceptedAt: lead.privacyAcceptedAt,
        dataProcessingConsent: lead.dataProcessingConsent,
        marketingConsent: lead.marketingConsent,
        policyVersion: lead.policyVersion,
        language: lead.language,
        sourceUrl: lead.sourceUrl,
        createdAt: lead.createdAt,
      })
      .from(lead)
      .where(and(eq(lead.id, leadId), eq(lead.companyId, context.company.id))),
  )
  if (!found) throw new AppError('NOT_FOUND', 'leads.errors.notFound')
  await recordLeadAccess(context, origin, 'leads.list', { recordId: found.id, shown: 1 })
  return found
}
