import { and, eq, sql } from 'drizzle-orm'
import { lead } from '#db/schema'
import type { PublicContext } from '#app/access/context'
import { emitWebhookEvent } from '#app/features/webhooks/server/emit-webhook-event.server'
import { LEAD_POLICY_VERSION, type TLeadCapture } from '../lead-capture.schema'

type CaptureSource = {
  contentItemId: string
  eventId: string | null
  language: string
  userAgent: string | null
  sourceUrl: string | null
}

/**
 * Stores a fan's details and consent. One lead per company and e-mail: a repeat renews the
 * consent record (what was accepted, when, under which policy, in which language) and the
 * contact details instead of adding a second lead. Where the lead first came from is kept.
 */
export async function captureLead(
  fans: Pick<PublicContext, 'company' | 'record'>,
  details: TLeadCapture,
  context: CaptureSource,
) {
  const companyId = fans.company.id
  const now = new Date()
  const consent = {
    privacyAcceptedAt: now,
    dataProcessingConsent: details.dataProcessingConsent,
    marketingConsent: details.marketingConsent,
    policyVersion: LEAD_POLICY_VERSION,
    language: context.language,
    userAgent: context.userAgent?.slice(0, 500) ?? null,
    sourceUrl: context.sourceUrl?.slice(0, 2000) ?? null,
  }
  return fans.record(async (tx) => {
    // There is no unique index on (company, e-mail): this lock makes two simultaneous
    // submissions of the same address one lead.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`lead:${companyId}:${details.email}`}, 0))`)
    const [existing] = await tx
      .select({ id: lead.id })
      .from(lead)
      .where(and(eq(lead.companyId, companyId), sql`lower(${lead.email}) = ${details.email}`))
      .orderBy(lead.createdAt)
      .limit(1)
    if (existing) {
      await tx
        .update(lead)
        .set({
          ...consent,
          fullName: details.fullName,
          // An empty optional field keeps what the fan said before.
          phone: details.phone ?? sql`${lead.phone}`,
          organisation: details.organisation ?? sql`${lead.organisation}`,
          contentItemId: sql`coalesce(${lead.contentItemId}, ${context.contentItemId}::uuid)`,
          eventId: sql`coalesce(${lead.eventId}, ${context.eventId}::uuid)`,
        })
        .where(eq(lead.id, existing.id))
      return { leadId: existing.id, isNew: false }
    }
    const [created] = await tx
      .insert(lead)
      .values({
        ...consent,
        companyId: companyId,
        contentItemId: context.contentItemId,
        eventId: context.eventId,
        fullName: details.fullName,
        email: details.email,
        phone: details.phone,
        organisation: details.organisation,
      })
      .returning({ id: lead.id })
    await emitWebhookEvent(tx, companyId, 'lead.created', {
      id: created.id,
      fullName: details.fullName,
      email: details.email,
      phone: details.phone,
      organisation: details.organisation,
      marketingConsent: details.marketingConsent,
      contentId: context.contentItemId,
      eventId: context.eventId,
      language: context.language,
      createdAt: now.toISOString(),
    })
    return { leadId: created.id, isNew: true }
  })
}
