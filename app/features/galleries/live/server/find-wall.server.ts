import { and, eq } from 'drizzle-orm'
import { contentItem } from '#db/schema'
import type { PublicContext } from '#app/access/context'
import { galleryPublicUrl } from '#app/features/sharing/server/public-url.server'
import { makeQrSvg } from '#app/features/sharing/server/make-qr-code.server'
import { withPublicRead } from '#app/lib/db.server'
import { AppError } from '#app/lib/errors'
import { WALL_PHOTOS, ZWallToken } from '../live.schema'
import { findLiveCursor, findNewestLivePhotos } from './find-live-photos.server'

/**
 * The gallery a venue wall's secret link shows (ADR 058): published, read as a fan reads it (only
 * approved photos). A revoked or unknown link is not found, and says nothing of which it was.
 */
export async function findWallGallery(token: string) {
  if (!ZWallToken.safeParse(token).success) throw new AppError('NOT_FOUND', 'live.errors.wallNotFound')
  const [gallery] = await withPublicRead(null, (tx) =>
    tx
      .select({
        id: contentItem.id,
        companyId: contentItem.companyId,
        title: contentItem.title,
        slug: contentItem.slug,
      })
      .from(contentItem)
      .where(
        and(eq(contentItem.wallToken, token), eq(contentItem.kind, 'gallery'), eq(contentItem.status, 'published')),
      ),
  )
  if (!gallery?.slug) throw new AppError('NOT_FOUND', 'live.errors.wallNotFound')
  return { ...gallery, slug: gallery.slug }
}

/** Where a wall's stream starts and which gallery it follows. */
export async function findWallStream(token: string) {
  const gallery = await findWallGallery(token)
  return {
    galleryId: gallery.id,
    cursor: await withPublicRead(gallery.companyId, (tx) => findLiveCursor(tx, gallery.id)),
  }
}

/** A wall's gallery, as findWallGallery found it. */
export type WallGallery = Awaited<ReturnType<typeof findWallGallery>>

/**
 * The wall's first screen: the company's name and logo, the newest photos, and a QR code to the
 * gallery; `context` is the fans' context of the gallery's company.
 */
export async function getWall(context: PublicContext, gallery: WallGallery) {
  const { company, read, address } = context
  const { photos, cursor } = await read(async (tx) => ({
    photos: await findNewestLivePhotos(tx, gallery.id, WALL_PHOTOS),
    cursor: await findLiveCursor(tx, gallery.id),
  }))
  const galleryUrl = galleryPublicUrl(address, gallery.slug)
  const { svg } = await makeQrSvg(galleryUrl, { foreground: '#000000', background: '#ffffff', logo: null })
  return {
    company: { name: company.name, logo: company.logo },
    gallery: { title: gallery.title, url: galleryUrl },
    // Oldest first, as the wall plays them; the newest arrive on the stream.
    photos: photos.reverse(),
    cursor,
    qrSvg: svg.replace(/^<\?xml[^>]*>\s*/, ''),
  }
}
