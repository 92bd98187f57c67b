import { and, asc, eq } from 'drizzle-orm'
import { asset, contentItem } from '#db/schema'
import { galleryMediaAmong, shownFiles, type PublicContext } from '#app/features/public/server/public-pages.server'
import type { Transaction } from '#app/lib/db.server'
import { assignChapters, findChapter, type Chapter, type StoredSetlist } from '../setlist'

/** A song's worth of photos is shown whole; past this, the chapter's ZIP has the rest. */
export const CHAPTER_MEDIA_LIMIT = 500

export type FanChapter = { key: string; number: number | null; title: string | null; count: number }

/** A published gallery's chapters, from its set-list and the capture times of what fans see; null without a set-list. */
export async function findGalleryChapters(tx: Transaction, galleryId: string): Promise<Chapter[] | null> {
  const [row] = await tx.select({ setlist: contentItem.setlist }).from(contentItem).where(and(eq(contentItem.id, galleryId), eq(contentItem.status, 'published')))
  return row?.setlist ? chaptersOf(tx, galleryId, row.setlist) : null
}

/** The chapters of a gallery with this set-list: what fans are shown of it, placed in its songs; null without songs. */
export async function chaptersOf(tx: Transaction, galleryId: string, setlist: StoredSetlist): Promise<Chapter[] | null> {
  if (setlist.songs.length === 0) return null
  const items = await tx
    .select({ id: asset.id, capturedAt: asset.capturedAt, captureOffsetMinutes: asset.captureOffsetMinutes })
    .from(asset)
    .where(shownFiles(galleryId, 'all', null))
    .orderBy(asc(asset.position), asc(asset.id))
  return assignChapters(setlist, items)
}

/**
 * What the fans' gallery page shows of its set-list (read with the gallery): every chapter with
 * its count (an empty closing chapter left out), and, when `?chapter=` names one, that chapter's
 * photos and videos.
 */
export async function loadGalleryChapters(context: PublicContext, gallery: { id: string; setlist: StoredSetlist | null }, wanted: string | null) {
  const { id: galleryId, setlist } = gallery
  if (!setlist) return null
  return context.read(async (tx) => {
    const chapters = await chaptersOf(tx, galleryId, setlist)
    if (!chapters) return null
    const listed: FanChapter[] = chapters.filter((chapter) => chapter.number !== null || chapter.itemIds.length > 0).map((chapter) => ({ key: chapter.key, number: chapter.number, title: chapter.title, count: chapter.itemIds.length }))
    const current = findChapter(chapters, wanted)
    const media = current ? await galleryMediaAmong(tx, galleryId, current.itemIds, CHAPTER_MEDIA_LIMIT) : null
    return { chapters: listed, current: current ? (listed.find((chapter) => chapter.key === current.key) ?? null) : null, media }
  })
}

export type GalleryChapters = NonNullable<Awaited<ReturnType<typeof loadGalleryChapters>>>
