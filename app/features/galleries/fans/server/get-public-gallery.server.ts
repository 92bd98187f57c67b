import { and, eq, sql } from 'drizzle-orm'
import type { SelectedFields } from 'drizzle-orm/pg-core'
import { contentItem } from '#db/schema'
import {
  GALLERY_DOOR_COLUMNS,
  type GalleryDoorRow,
} from '#app/features/galleries/protection/server/find-gallery-access.server'
import { withoutSorting, type Transaction } from '#app/lib/db.server'
import { AppError } from '#app/lib/errors'
import { songOfChapter } from '#app/features/galleries/setlist/setlist'
import type { PublicCompany, NotFoundDetails, PublicContext } from '#app/access/context'
import { coverOf } from '#app/features/galleries/server/item-columns.server'
import {
  type GalleryTab,
  type GalleryPageOptions,
  galleryPage,
} from '#app/features/galleries/fans/server/gallery-page.server'

/* A published gallery as fans open it: the gallery, its counts and its first page; then its next pages. */

/**
 * A gallery's counts as the database keeps them (gallery_file_counts, migration 0040): its photos
 * and videos, and how many of those on `tab` are still being processed (see getPublicGallery).
 * Counting its files on each render read every one through its row-level check (slow on a large gallery).
 * A gallery that never had a file has no row.
 */
const galleryCountsOf = (tab: GalleryTab) => {
  const preparing = {
    all: sql`counts.preparing_photos + counts.preparing_videos`,
    photos: sql`counts.preparing_photos`,
    videos: sql`counts.preparing_videos`,
  }[tab]
  return sql<{
    photos: number
    videos: number
    preparing: number
  } | null>`(select json_build_object('photos', counts.photos, 'videos', counts.videos, 'preparing', ${preparing})
    from gallery_file_counts as counts where counts.content_item_id = content_items.id)`
}

const NO_FILES = { photos: 0, videos: 0, preparing: 0 }

/** `columns` of the published gallery fans asked for; not found when there is none. */
export async function findPublishedGallery<T extends SelectedFields>(
  tx: Transaction,
  company: PublicCompany,
  gallerySlug: string,
  columns: T,
) {
  const [found] = await tx
    .select(columns)
    .from(contentItem)
    .where(
      and(
        eq(contentItem.companyId, company.id),
        eq(contentItem.slug, gallerySlug),
        eq(contentItem.kind, 'gallery'),
        eq(contentItem.status, 'published'),
      ),
    )
  if (!found)
    throw new AppError('NOT_FOUND', 'public.notFound.gallery', { companyName: company.name } satisfies NotFoundDetails)
  return found
}

/** The gallery with what its page shows beside its photos, in one round trip. */
async function findGalleryForPage(tx: Transaction, company: PublicCompany, gallerySlug: string, tab: GalleryTab) {
  const { counts, passwordHash, expiresAt, pinHash, ...gallery } = await findPublishedGallery(
    tx,
    company,
    gallerySlug,
    {
      ...GALLERY_DOOR_COLUMNS,
      description: contentItem.description,
      location: contentItem.location,
      happenedOn: contentItem.happenedOn,
      coverAssetId: coverOf,
      eventId: contentItem.eventId,
      requireLead: contentItem.requireLead,
      downloadMode: contentItem.downloadMode,
      counts: galleryCountsOf(tab),
      liveMode: contentItem.liveMode,
      setlist: contentItem.setlist,
      findMe: contentItem.findMe,
    },
  )
  const { photos, videos, preparing } = counts ?? NO_FILES
  // The door's columns stay apart from what the page shows: its hashes never reach a page's data.
  const door: GalleryDoorRow = { id: gallery.id, title: gallery.title, passwordHash, expiresAt, pinHash }
  return { gallery: { ...gallery, photos, videos, preparing }, door }
}

/**
 * A published gallery with its first page of photos and videos (after `after`, for fans without
 * JavaScript paging on; of the set-list song `chapter` names, when it names one) and where the
 * next page starts: nothing here grows with the gallery.
 * `preparing`: how many of its photos and videos are still being processed: right after an
 * upload (or a first start) fans are told they are coming instead of seeing an empty gallery.
 * Each one that becomes ready changes the company's pages (migration 0008), so the count never
 * outlives them.
 */
export async function getPublicGallery(
  { company, read }: PublicContext,
  gallerySlug: string,
  options: { tab: GalleryTab; after?: string | null; chapter?: string | null; door?: (row: GalleryDoorRow) => void } = {
    tab: 'all',
  },
) {
  return read((tx) =>
    withoutSorting(tx, async () => {
      const {
        gallery: { preparing, ...gallery },
        door,
      } = await findGalleryForPage(tx, company, gallerySlug, options.tab)
      // Behind a password or past its end: `door` throws before any photo is read (ADR 059).
      options.door?.(door)
      const song = songOfChapter(gallery.setlist, options.chapter)
      const page = await galleryPage(
        tx,
        gallery.id,
        song === undefined
          ? { tab: options.tab, after: options.after ?? null }
          : { tab: 'all', after: options.after ?? null, song },
      )
      return { gallery, ...page, preparing }
    }),
  )
}

/** The next page of a gallery's photos and videos, as the fan scrolls. */
export async function getGalleryPage(
  { company, read }: PublicContext,
  gallerySlug: string,
  options: GalleryPageOptions,
) {
  // Only its id: the page's counts and set-list came with the gallery's first page.
  return read((tx) =>
    withoutSorting(tx, async () =>
      galleryPage(tx, (await findPublishedGallery(tx, company, gallerySlug, { id: contentItem.id })).id, options),
    ),
  )
}
