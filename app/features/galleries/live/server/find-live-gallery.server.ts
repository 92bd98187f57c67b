import { and, eq } from 'drizzle-orm'
import { contentItem } from '#db/schema'
import type { PublicContext } from '#app/access/context'
import { AppError } from '#app/lib/errors'
import { findLiveCursor, findNewestLivePhotos } from './find-live-photos.server'

/**
 * A published gallery in live mode, as fans reach it: its id, its event and the last place of its
 * live order (where a stream without a `Last-Event-ID` starts). Otherwise not found: a gallery
 * that is not live has no stream.
 */
export async function findLiveGallery(context: Pick<PublicContext, 'company' | 'read'>, gallerySlug: string) {
  return context.read(async (tx) => {
    const [gallery] = await tx
      .select({ id: contentItem.id, eventId: contentItem.eventId, title: contentItem.title })
      .from(contentItem)
      .where(
        and(
          eq(contentItem.companyId, context.company.id),
          eq(contentItem.slug, gallerySlug),
          eq(contentItem.kind, 'gallery'),
          eq(contentItem.status, 'published'),
          eq(contentItem.liveMode, true),
        ),
      )
    if (!gallery) throw new AppError('NOT_FOUND', 'live.errors.notLive')
    return { ...gallery, cursor: await findLiveCursor(tx, gallery.id) }
  })
}

/** How many of the newest photos a live page's strip starts with. */
const STRIP_START = 12

/** What a live gallery's page starts its strip with: the newest photos, newest first, and the place the stream goes on from. */
export async function getLiveStart(context: Pick<PublicContext, 'company' | 'read'>, gallerySlug: string) {
  const gallery = await findLiveGallery(context, gallerySlug)
  const photos = await context.read((tx) => findNewestLivePhotos(tx, gallery.id, STRIP_START))
  return { cursor: gallery.cursor, photos }
}
