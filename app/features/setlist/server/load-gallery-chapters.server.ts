import { asc, eq } from 'drizzle-orm'
import { asset, galleryChapterCount } from '#db/schema'
import { galleryPage, shownFiles, type PublicContext } from '#app/features/public/server/public-pages.server'
import { withoutSorting, type Transaction } from '#app/lib/db.server'
import { findChapter, MORE_CHAPTER, type Chapter, type StoredSetlist } from '../setlist'

/** `assets.setlist_song` of the closing chapter, "more from the night" (songs count from 1). */
export const MORE_SONG = 0

export type FanChapter = { key: string; number: number | null; title: string | null; count: number }

/** The set-list's chapters with no files in them yet: its songs, then the closing "more from the night". */
export function emptyChapters(setlist: StoredSetlist): Chapter[] {
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

/** The song (`assets.setlist_song`) a chapter's key names in a link (`?chapter=3`, `?chapter=more`); null for anything else. */
export function songOfChapterKey(key: string | null) {
  const wanted = key?.trim().toLowerCase()
  if (wanted === MORE_CHAPTER) return MORE_SONG
  return wanted && /^[1-9]\d{0,2}$/.test(wanted) ? Number(wanted) : null
}

/**
 * What the fans' gallery page shows of its set-list (read with the gallery): every chapter with
 * its count (an empty closing chapter left out), and, when `?chapter=` names one, the first page
 * of that chapter's photos and videos (after `after`), paged like the gallery's. The database
 * keeps each file's song and each chapter's count (migration 0042, ADR 071): a large gallery's
 * page does not place or count its files.
 */
export async function loadGalleryChapters(context: PublicContext, gallery: { id: string; setlist: StoredSetlist | null }, wanted: string | null, after: string | null = null) {
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
    const page = current ? await withoutSorting(tx, () => galleryPage(tx, galleryId, { tab: 'all', after, song: current.number ?? MORE_SONG })) : null
    return { chapters: listed, current: current ? (listed.find((chapter) => chapter.key === current.key) ?? null) : null, page }
  })
}

export type GalleryChapters = NonNullable<Awaited<ReturnType<typeof loadGalleryChapters>>>
