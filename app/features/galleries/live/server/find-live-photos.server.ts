import { and, asc, desc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm'
import { asset } from '#db/schema'
import { placeholderImageOf } from '#app/features/media/placeholder-image'
import { withoutSorting, withPublicRead, type Transaction } from '#app/lib/db.server'
import { FAN_MEDIA_COLUMNS } from '#app/features/galleries/fans/server/gallery-page.server'
import { LIVE_CATCH_UP, type LivePhoto } from '../live.schema'

const LIVE_COLUMNS = { seq: asset.liveSeq, ...FAN_MEDIA_COLUMNS }

type LiveRow = {
  seq: number | null
  id: string
  mediaType: string
  mimeType: string
  title: string | null
  altText: string | null
  width: number | null
  height: number | null
  placeholder: string | null
  placeholderImage: string | null
  sources: Array<{ name: string; width: number }>
}

function livePhotoOf(row: LiveRow): LivePhoto {
  return {
    seq: row.seq!,
    media: {
      id: row.id,
      mediaType: row.mediaType,
      mimeType: row.mimeType,
      title: row.title,
      altText: row.altText,
      width: row.width!,
      height: row.height!,
      placeholder: placeholderImageOf(row),
      sources: row.sources,
    },
  }
}

// Fans' reads (row-level security): only approved, ready files of a published gallery get through.
const shown = (galleryId: string) =>
  and(
    eq(asset.contentItemId, galleryId),
    isNotNull(asset.liveSeq),
    eq(asset.processingStatus, 'ready'),
    inArray(asset.mediaType, ['image', 'video']),
    isNotNull(asset.width),
    isNotNull(asset.height),
  )

/**
 * The photos a gallery's stream sends after place `after`, oldest first (the order a resumed
 * stream must replay them in). Read as a fan reads: nothing in the moderation tray, nothing of an
 * unpublished gallery.
 */
export async function findLivePhotosAfter(
  galleryId: string,
  after: number,
  limit = LIVE_CATCH_UP,
  tx?: Transaction,
): Promise<LivePhoto[]> {
  // Down the gallery's live order on its index, stopping at the limit: a fan who rejoins a long
  // show's stream from its start would otherwise have every photo after their place sorted.
  const read = (db: Transaction) =>
    withoutSorting(db, async () => {
      const rows = await db
        .select(LIVE_COLUMNS)
        .from(asset)
        .where(and(shown(galleryId), gt(asset.liveSeq, after)))
        .orderBy(asc(asset.liveSeq))
        .limit(limit)
      return rows.map((row) => livePhotoOf(row))
    })
  return tx ? read(tx) : withPublicRead(null, read)
}

/** The newest photos of a gallery, newest first (a wall's first slides). */
export async function findNewestLivePhotos(tx: Transaction, galleryId: string, limit: number): Promise<LivePhoto[]> {
  const rows = await withoutSorting(tx, () =>
    tx.select(LIVE_COLUMNS).from(asset).where(shown(galleryId)).orderBy(desc(asset.liveSeq)).limit(limit),
  )
  return rows.map((row) => livePhotoOf(row))
}

/** Where a fan's page joins the stream: the last place it already shows. */
export async function findLiveCursor(tx: Transaction, galleryId: string) {
  const [row] = await tx
    .select({ seq: sql<string | null>`max(${asset.liveSeq})` })
    .from(asset)
    .where(shown(galleryId))
  return Number(row?.seq ?? 0)
}
