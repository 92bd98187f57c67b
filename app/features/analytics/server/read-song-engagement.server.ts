import { and, between, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import { analyticsDailyFile, analyticsDailySong, contentItem } from '#db/schema'
import { MORE_CHAPTER } from '#app/features/galleries/setlist/setlist'
import { chaptersOf } from '#app/features/galleries/setlist/server/load-gallery-chapters.server'
import type { TenantContext } from '#app/access/context'
import type { TEngagementRange } from './read-engagement.server'

/** One song of a gallery's set-list (or its closing "more from the night") and what fans did with it. */
export type SongEngagement = {
  key: string
  number: number | null
  title: string | null
  files: number
  views: number
  downloads: number
}

export type GallerySongs = { contentItemId: string; title: string | null; songs: SongEngagement[] }

/** At most this many galleries are broken down by song: those with the most views in the range. */
export const SONG_GALLERY_LIMIT = 10

/**
 * Views and downloads per song (ADR 063) of the galleries with a set-list that fans used in the
 * range (`byContent`, most viewed first). A song's views are its photos' and videos' views in the
 * viewer; its downloads are theirs one by one plus its chapter's ZIP. Songs are placed from the
 * set-list and capture times as they are now, the way fans see the chapters.
 */
export async function readSongEngagement(
  context: TenantContext,
  range: TEngagementRange,
  byContent: Array<{ contentItemId: string }>,
): Promise<GallerySongs[]> {
  if (byContent.length === 0) return []
  const companyId = context.company.id
  return context.withTenant(async (tx) => {
    const withSetlists = await tx
      .select({ id: contentItem.id, title: contentItem.title, setlist: contentItem.setlist })
      .from(contentItem)
      .where(
        and(
          eq(contentItem.companyId, companyId),
          inArray(
            contentItem.id,
            byContent.map((row) => row.contentItemId),
          ),
          eq(contentItem.kind, 'gallery'),
          isNotNull(contentItem.setlist),
        ),
      )
    const galleryOf = new Map(withSetlists.map((row) => [row.id, row]))
    const galleries = byContent
      .flatMap((row) => galleryOf.get(row.contentItemId) ?? [])
      .filter((row) => (row.setlist?.songs.length ?? 0) > 0)
      .slice(0, SONG_GALLERY_LIMIT)
    if (galleries.length === 0) return []
    const ids = galleries.map((gallery) => gallery.id)
    const inRange = between(analyticsDailyFile.day, range.from, range.to)
    const perFile = await tx
      .select({
        assetId: analyticsDailyFile.assetId,
        views: sql<number>`sum(${analyticsDailyFile.itemViews})::int`,
        downloads: sql<number>`sum(${analyticsDailyFile.downloads})::int`,
      })
      .from(analyticsDailyFile)
      .where(and(eq(analyticsDailyFile.companyId, companyId), inArray(analyticsDailyFile.contentItemId, ids), inRange))
      .groupBy(analyticsDailyFile.assetId)
    const perZip = await tx
      .select({
        contentItemId: analyticsDailySong.contentItemId,
        song: analyticsDailySong.song,
        downloads: sql<number>`sum(${analyticsDailySong.zipDownloads})::int`,
      })
      .from(analyticsDailySong)
      .where(
        and(
          eq(analyticsDailySong.companyId, companyId),
          inArray(analyticsDailySong.contentItemId, ids),
          between(analyticsDailySong.day, range.from, range.to),
        ),
      )
      .groupBy(analyticsDailySong.contentItemId, analyticsDailySong.song)
    const fileFigures = new Map(perFile.map((row) => [row.assetId, row]))
    const zipDownloads = new Map(perZip.map((row) => [`${row.contentItemId} ${row.song}`, row.downloads]))
    const result: GallerySongs[] = []
    for (const gallery of galleries) {
      const chapters = gallery.setlist ? await chaptersOf(tx, gallery.id, gallery.setlist) : null
      if (!chapters) continue
      const songs = chapters.map((chapter) => {
        const figures = chapter.itemIds.map((id) => fileFigures.get(id) ?? { views: 0, downloads: 0 })
        return {
          key: chapter.key,
          number: chapter.number,
          title: chapter.title,
          files: chapter.itemIds.length,
          views: figures.reduce((sum, file) => sum + file.views, 0),
          downloads:
            figures.reduce((sum, file) => sum + file.downloads, 0) +
            (zipDownloads.get(`${gallery.id} ${chapter.startsAt ?? MORE_CHAPTER}`) ?? 0),
        }
      })
      // The closing chapter is listed when it holds something, as fans see it.
      result.push({
        contentItemId: gallery.id,
        title: gallery.title,
        songs: songs.filter((song) => song.number !== null || song.files > 0 || song.views + song.downloads > 0),
      })
    }
    return result
  })
}
