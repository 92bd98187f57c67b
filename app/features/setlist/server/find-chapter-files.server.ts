import type { PublicContext } from '#app/features/public/server/public-pages.server'
import { findChapter, MORE_CHAPTER } from '../setlist'
import { findGalleryChapters } from './load-gallery-chapters.server'

/** The files of one chapter of a published gallery (for its ZIP); null when the gallery has no such chapter. */
export async function findChapterFiles(context: PublicContext, galleryId: string, wanted: string) {
  return context.read(async (tx) => {
    const chapter = findChapter((await findGalleryChapters(tx, galleryId)) ?? [], wanted)
    return chapter ? { number: chapter.number, title: chapter.title, song: chapter.startsAt ?? MORE_CHAPTER, assetIds: new Set(chapter.itemIds) } : null
  })
}
