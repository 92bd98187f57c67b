import { asc, eq } from 'drizzle-orm'
import { asset, galleryChapterCount } from '#db/schema'
import { shownFiles } from '#app/features/galleries/fans/server/gallery-page.server'
import { type PublicContext } from '#app/access/context'
import type { Transaction } from '#app/lib/db.server'
import { emptyChapters, findChapter, MORE_SONG, type Chapter, type StoredSetlist } from '../setlist'

export type FanChapter = { key: string; number: number | null; title: string | null; count: number }

/** The chapters of a gallery with this set-list: what fans are shown of it, placed in its songs (in the gallery's order); null without songs. */
export async function chaptersOf(
  tx: Transaction,
  galleryId: string,
  setlist: StoredSetlist,
): Promise<Chapter[] | null> {
  if (setlist.songs.length === 0) return null
  const files = await tx
    .select({ id: asset.id, song: asset.setlistSong })
    .from(asset)
    .where(shownFiles(galleryId, 'all', null))
    .orderBy(asc(asset.position), asc(asset.id))
  const chapters = emptyChapters(setlist)
  // Song 0 (and a file not placed yet) is the closing chapter, the last.
  for (const file of files) chapters[(file.song || chapters.length) - 1].itemIds.push(file.id)
  return chapters
}

/**
 * What the fans' gallery page shows of its set-list (read with the gallery): every chapter with
 * its count (an empty closing chapter left out), and the one `?chapter=` names (its photos are
 * the page's, read as the gallery's are: getPublicGallery's `song`). The database keeps each
 * file's song and each chapter's count (migration 0042, ADR 071): a large gallery's page does
 * not place or count its files.
 */
export async function loadGalleryChapters(
  context: PublicContext,
  gallery: { id: string; setlist: StoredSetlist | null },
  wanted: string | null,
) {
  const { id: galleryId, setlist } = gallery
  if (!setlist || setlist.songs.length === 0) return null
  return context.read(async (tx) => {
    const counted = await tx
      .select({ song: galleryChapterCount.song, files: galleryChapterCount.files })
      .from(galleryChapterCount)
      .where(eq(galleryChapterCount.contentItemId, galleryId))
    const countOf = new Map(counted.map((row) => [row.song, row.files]))
    const chapters = emptyChapters(setlist)
    const listed: FanChapter[] = chapters
      .map((chapter) => ({
        key: chapter.key,
        number: chapter.number,
        title: chapter.title,
        count: countOf.get(chapter.number ?? MORE_SONG) ?? 0,
      }))
      .filter((chapter) => chapter.number !== null || chapter.count > 0)
    const current = findChapter(chapters, wanted)
    return {
      chapters: listed,
      current: current ? (listed.find((chapter) => chapter.key === current.key) ?? null) : null,
    }
  })
}

export type GalleryChapters = NonNullable<Awaited<ReturnType<typeof loadGalleryChapters>>>
