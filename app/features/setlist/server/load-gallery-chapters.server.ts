import { and, asc, eq } from 'drizzle-orm'
import { asset, contentItem, galleryChapterCount } from '#db/schema'
import { galleryMediaWhere, shownFiles, type PublicContext } from '#app/features/public/server/public-pages.server'
import type { Transaction } from '#app/lib/db.server'
import { findChapter, MORE_CHAPTER, type Chapter, type StoredSetlist } from '../setlist'

/** A song's worth of photos is shown whole; past this, the chapter's ZIP has the rest. */
export const CHAPTER_MEDIA_LIMIT = 500

/** `assets.setlist_song` of the closing chapter, "more from the night" (songs count from 1). */
const MORE_SONG = 0

export type FanChapter = { key: string; number: number | null; title: string | null; count: number }

/** A published gallery's chapters, from its set-list and the capture times of what fans see; null without a set-list. */
export async function findGalleryChapters(tx: Transaction, galleryId: string): Promise<Chapter[] | null> {
  const [row] = await tx.select({ setlist: contentItem.setlist }).from(contentItem).where(and(eq(contentItem.id, galleryId), eq(contentItem.status, 'published')))
  return row?.setlist ? chaptersOf(tx, galleryId, row.setlist) : null
}

/** The set-list's chapters with no files in them yet: its songs, then the closing "more from the night". */
function emptyChapters(setlist: StoredSetlist): Chapter[] {
  const songs = setlist.songs.map((song, index) => ({ key: String(index + 1), number: index + 1, title: song.title, startsAt: song.startsAt, itemIds: [] as string[] }))
  return [...songs, { key: MORE_CHAPTER, number: null, title: null, startsAt: null, itemIds: [] }]
}

/** The chapters of a gallery with this set-list: what fans are shown of it, placed in its songs (in the gallery's order); null without songs. */
export async function chaptersOf(tx: Transaction, galleryId: string, setlist: StoredSetlist): Promise<Chapter[] | null> {
  if (setlist.songs.length === 0) return null
  const files = await tx.select({ id: asset.id, song: asset.setlistSong }).from(asset).where(shownFiles(galleryId, 'all', null)).orderBy(asc(asset.position), asc(asset.id))
  const chapters = emptyChapters(setlist)
  // Song 0 (and a file not placed yet) is the closing chapter, the last.
  for (const file of files) chapters[(file.song || chapters.length) - 1].itemIds.push(file.id)
  return chapters
}

/**
 * What the fans' gallery page shows of its set-list (read with the gallery): every chapter with
 * its count (an empty closing chapter left out), and, when `?chapter=` names one, that chapter's
 * photos and videos. The database keeps each file's song and each chapter's count (migration
 * 0042): a large gallery's page does not place or count its files.
 */
export async function loadGalleryChapters(context: PublicContext, gallery: { id: string; setlist: StoredSetlist | null }, wanted: string | null) {
  const { id: galleryId, setlist } = gallery
  if (!setlist || setlist.songs.length === 0) return null
  return context.read(async (tx) => {
    const counted = await tx.select({ song: galleryChapterCount.song, files: galleryChapterCount.files }).from(galleryChapterCount).where(eq(galleryChapterCount.contentItemId, galleryId))
    const countOf = new Map(counted.map((row) => [row.song, row.files]))
    const chapters = emptyChapters(setlist)
    const listed: FanChapter[] = chapters
      .map((chapter) => ({ key: chapter.key, number: chapter.number, title: chapter.title, count: countOf.get(chapter.number ?? MORE_SONG) ?? 0 }))
      .filter((chapter) => chapter.number !== null || chapter.count > 0)
    const current = findChapter(chapters, wanted)
    const media = current ? await galleryMediaWhere(tx, galleryId, eq(asset.setlistSong, current.number ?? MORE_SONG), CHAPTER_MEDIA_LIMIT) : null
    return { chapters: listed, current: current ? (listed.find((chapter) => chapter.key === current.key) ?? null) : null, media }
  })
}

export type GalleryChapters = NonNullable<Awaited<ReturnType<typeof loadGalleryChapters>>>
