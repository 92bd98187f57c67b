import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { asset } from '#db/schema'
import type { Transaction } from '#app/lib/db.server'
import { placeholderImageOf } from '#app/features/media/placeholder-image'
import { sharedSources, type RenditionSources } from '#app/features/galleries/fans/shared-sources'
import { sizeRunsOf } from '#app/features/galleries/fans/size-runs'
import { GALLERY_PAGE_SIZE, PAGES_HELD_AHEAD } from '#app/features/galleries/fans/gallery-paging'

/*
 * A page of a gallery's photos and videos as fans see them: the grid's tiles, where the next page
 * starts and the sizes of the pages held ahead. Read down an index, never sorted.
 */

export type PublicMedia = {
  id: string
  mediaType: string
  mimeType: string
  title: string | null
  altText: string | null
  width: number
  height: number
  placeholder: string | null
  sources: RenditionSources
}

export type GalleryTab = 'all' | 'photos' | 'videos'
/** An event page's filter (EVENT_FILTERS). */
export type EventFilter = GalleryTab | 'audios'

/** Where a page of a gallery starts: after this file (position, then id: stable however files are added or removed). */
const CURSOR = /^(\d{1,9})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/

export function parseGalleryCursor(text: string | null) {
  const match = text ? CURSOR.exec(text) : null
  return match ? { position: Number(match[1]), id: match[2] } : null
}

const SHOWN_TYPES: Record<GalleryTab, string[]> = { all: ['image', 'video'], photos: ['image'], videos: ['video'] }

/**
 * A tab's media types written into the statement, not passed as values: each tab is then its own
 * prepared statement, and the plan PostgreSQL keeps for every call knows which types it reads. Kept
 * for any tab (a value it could not see), the plan of the videos tab walked the gallery's whole
 * order looking for its few videos instead of going down their own index.
 */
const shownTypes = (tab: GalleryTab) => sql.raw(SHOWN_TYPES[tab].map((type) => `'${type}'`).join(', '))

/**
 * The proportions of the pages after this one (PAGES_HELD_AHEAD of them), as runs of one size
 * (size-runs.ts), so the fan's browser can hold their space before they arrive (a fan who scrolls
 * faster than they load sees nothing move), and whether more follows them.
 */
export type UpcomingPage = { sizes: string; more: boolean }

/** The gallery's files fans see (on `tab`, after a cursor, of one set-list song): processed, with a size. */
export function shownFiles(
  galleryId: string,
  tab: GalleryTab,
  after: { position: number; id: string } | null,
  song?: number,
) {
  return and(
    eq(asset.contentItemId, galleryId),
    song === undefined ? undefined : eq(asset.setlistSong, song),
    eq(asset.processingStatus, 'ready'),
    sql`${asset.mediaType} in (${shownTypes(tab)})`,
    sql`${asset.width} is not null and ${asset.height} is not null`,
    after ? sql`(${asset.position}, ${asset.id}) > (${after.position}, ${after.id}::uuid)` : undefined,
  )
}

/** What fans are shown of each photo or video, wherever it appears (the grid, the live drop). */
export const FAN_MEDIA_COLUMNS = {
  id: asset.id,
  mediaType: asset.mediaType,
  mimeType: asset.mimeType,
  title: asset.title,
  altText: asset.altText,
  width: asset.width,
  height: asset.height,
  placeholder: asset.placeholder,
  placeholderImage: asset.placeholderImage,
  // Kept by the database from its renditions (migration 0044).
  sources: asset.webpSources,
}

/** What a fans' grid shows of each photo or video (see PublicMedia). */
const MEDIA_COLUMNS = { ...FAN_MEDIA_COLUMNS, position: asset.position }

function toPublicMedia(row: {
  id: string
  mediaType: string
  mimeType: string
  title: string | null
  altText: string | null
  width: number | null
  height: number | null
  placeholder: string | null
  placeholderImage: string | null
  sources: PublicMedia['sources']
}): PublicMedia {
  return {
    id: row.id,
    mediaType: row.mediaType,
    mimeType: row.mimeType,
    title: row.title,
    altText: row.altText,
    sources: sharedSources(row.sources),
    width: row.width!,
    height: row.height!,
    placeholder: placeholderImageOf(row),
  }
}

/** Some of a gallery's files fans see (a Find me set), in the gallery's order. */
export async function galleryFilesById(tx: Transaction, galleryId: string, ids: readonly string[]) {
  if (ids.length === 0) return []
  const rows = await tx
    .select(FAN_MEDIA_COLUMNS)
    .from(asset)
    .where(and(shownFiles(galleryId, 'photos', null), inArray(asset.id, [...ids])))
    .orderBy(asc(asset.position), asc(asset.id))
  return rows.map(toPublicMedia)
}

/** Which page of a gallery: its tab, the cursor of the last file shown, and a set-list song (a chapter: assets.setlist_song). */
export type GalleryPageOptions = { tab: GalleryTab; after: string | null; song?: number }

/**
 * A page of the gallery's files after `after`, down the index of the tab's (or the song's) order
 * to the page's end: read `withoutSorting`.
 */
export async function galleryPage(tx: Transaction, galleryId: string, options: GalleryPageOptions) {
  const after = parseGalleryCursor(options.after)
  const rows = await tx
    .select(MEDIA_COLUMNS)
    .from(asset)
    .where(shownFiles(galleryId, options.tab, after, options.song))
    .orderBy(asc(asset.position), asc(asset.id))
    .limit(GALLERY_PAGE_SIZE)
  const media = rows.map(toPublicMedia)
  const last = rows.length === GALLERY_PAGE_SIZE ? rows.at(-1)! : null
  if (!last) return { media, next: null, upcoming: null }
  // The sizes of the pages held ahead of this one, and one file more to tell whether another follows them.
  const ahead = GALLERY_PAGE_SIZE * PAGES_HELD_AHEAD
  const following = await tx
    .select({ width: asset.width, height: asset.height })
    .from(asset)
    .where(shownFiles(galleryId, options.tab, { position: last.position, id: last.id }, options.song))
    .orderBy(asc(asset.position), asc(asset.id))
    .limit(ahead + 1)
  if (following.length === 0) return { media, next: null, upcoming: null }
  const upcoming: UpcomingPage = {
    sizes: sizeRunsOf(following.slice(0, ahead).map((row) => [row.width!, row.height!])),
    more: following.length > ahead,
  }
  return { media, next: `${last.position}.${last.id}`, upcoming }
}
