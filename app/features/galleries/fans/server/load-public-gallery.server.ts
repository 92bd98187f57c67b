import { getDownloadOffersOf } from '#app/features/galleries/downloads/server/get-download-offers.server'
import type { GalleryDoorRow } from '#app/features/galleries/protection/server/find-gallery-access.server'
import type { GalleryTab } from '#app/features/galleries/fans/server/gallery-page.server'
import { getPublicGallery } from '#app/features/galleries/fans/server/get-public-gallery.server'
import { readTogether, type PublicContext } from '#app/access/context'

/**
 * Everything a gallery's page shows: its first page of photos (after `after`, for fans without
 * JavaScript; a set-list song's when `chapter` names one), what it offers to download, read in
 * one transaction, and its set-list as stored (its route builds the link preview).
 */
export async function loadPublicGallery(
  context: PublicContext,
  input: {
    gallerySlug: string
    tab: GalleryTab
    after: string | null
    chapter?: string | null
    door?: (row: GalleryDoorRow) => void
  },
) {
  const { gallery, media, next, upcoming, preparing, downloads, setlist } = await readTogether(
    context,
    async (reads) => {
      const {
        gallery: { requireLead, downloadMode, setlist, ...gallery },
        ...page
      } = await getPublicGallery(reads, input.gallerySlug, {
        tab: input.tab,
        after: input.after,
        chapter: input.chapter,
        door: input.door,
      })
      // The gallery as read is the item its download offer is for; whether it asks fans' details travels in the offer.
      const downloads = await getDownloadOffersOf(reads, [
        {
          id: gallery.id,
          kind: 'gallery',
          slug: input.gallerySlug,
          title: gallery.title,
          requireLead,
          eventId: gallery.eventId,
          downloadMode,
        },
      ])
      return { gallery, ...page, downloads, setlist }
    },
  )
  // The set-list travels apart: the page shows its chapters (loadGalleryChapters), not the list.
  return { gallery, media, next, upcoming, preparing, downloads, setlist }
}
