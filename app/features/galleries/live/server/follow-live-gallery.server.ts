import { liveFollower } from '#db/schema'
import { captureLead } from '#app/features/leads/server/capture-lead.server'
import type { TLeadCapture } from '#app/features/leads/lead-capture.schema'
import type { PublicContext } from '#app/access/context'
import type { Visit } from '#app/access/visit.server'
import { findLiveGallery } from './find-live-gallery.server'

/**
 * "Send me the photos when the show ends": the fan becomes a lead with its consent record, like
 * before a download, and is put on the gallery's list for one e-mail in their language when the
 * company ends live mode. Asking twice is one e-mail.
 */
export async function followLiveGallery(
  context: PublicContext,
  visit: Pick<Visit, 'language'>,
  gallerySlug: string,
  details: TLeadCapture,
  source: { userAgent: string | null; sourceUrl: string | null },
) {
  const gallery = await findLiveGallery(context, gallerySlug)
  const { leadId } = await captureLead(context, details, {
    contentItemId: gallery.id,
    eventId: gallery.eventId,
    language: visit.language,
    ...source,
  })
  await context.record((tx) =>
    tx
      .insert(liveFollower)
      .values({ companyId: context.company.id, contentItemId: gallery.id, leadId, language: visit.language })
      .onConflictDoUpdate({
        target: [liveFollower.contentItemId, liveFollower.leadId],
        set: { language: visit.language },
      }),
  )
  return { leadId, galleryId: gallery.id }
}
