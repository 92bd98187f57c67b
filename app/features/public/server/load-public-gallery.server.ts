import { getDownloadOffers } from '#app/features/downloads/server/get-download-offers.server'
import { buildShareCard } from '#app/features/sharing/server/build-share-card.server'
import type { Visit } from '#app/lib/visit.server'
import type { GalleryTab } from './public-pages.server'
import { getPublicGallery, readTogether, type PublicContext } from './public-pages.server'

/**
 * Everything a gallery's page shows: its first page of photos (after `after`, for fans without
 * JavaScript), what it offers to download, read in one transaction, and its link preview.
 */
export async function loadPublicGallery(visit: Pick<Visit, 'host' | 'language'>, context: PublicContext, input: { gallerySlug: string; tab: GalleryTab; after: string | null }) {
  const page = await readTogether(context, async (reads) => {
    const found = await getPublicGallery(reads, input.gallerySlug, { tab: input.tab, after: input.after })
    return { ...found, downloads: await getDownloadOffers(reads, [found.gallery.id]) }
  })
  const { gallery } = page
  const share = await buildShareCard(visit, { kind: 'gallery', id: gallery.id, company: context.company, path: `/galeria/${input.gallerySlug}`, title: gallery.title, description: gallery.description }, context)
  return { ...page, share }
}
