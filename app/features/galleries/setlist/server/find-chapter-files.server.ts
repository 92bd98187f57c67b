import { and, asc, eq } from 'drizzle-orm'
import { asset, contentItem } from '#db/schema'
import { shownFiles } from '#app/features/galleries/fans/server/gallery-page.server'
import { type PublicContext } from '#app/access/context'
import { emptyChapters, findChapter, MORE_CHAPTER, MORE_SONG } from '../setlist'

/** The files of one chapter of a published gallery (for its ZIP), that song's alone; null when the gallery has no such chapter. */
export async function findChapterFiles(context: PublicContext, galleryId: string, wanted: string) {
  return context.read(async (tx) => {
    const [gallery] = await tx
      .select({ setlist: contentItem.setlist })
      .from(contentItem)
      .where(and(eq(contentItem.id, galleryId), eq(contentItem.status, 'published')))
    const chapter = gallery?.setlist?.songs.length ? findChapter(emptyChapters(gallery.setlist), wanted) : null
    if (!chapter) return null
    const files = await tx
      .select({ id: asset.id })
      .from(asset)
      .where(and(shownFiles(galleryId, 'all', null), eq(asset.setlistSong, chapter.number ?? MORE_SONG)))
      .orderBy(asc(asset.position), asc(asset.id))
    return {
      number: chapter.number,
      title: chapter.title,
      song: chapter.startsAt ?? MORE_CHAPTER,
      assetIds: new Set(files.map((file) => file.id)),
    }
  })
}
