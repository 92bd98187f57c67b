import { MEDIA_TABS, readFilter } from '#app/features/public/components/filter-tabs'
import { getGalleryPage } from '#app/features/galleries/fans/server/get-public-gallery.server'
import { readTogether } from '#app/access/context'
import { resolvePublicCompany } from '#app/access/public-visitor.server'
import { toHttpError } from '#app/lib/errors'
import { songOfChapterKey } from '#app/features/galleries/setlist/setlist'
import { guardGalleryAccess } from '#app/features/galleries/protection/server/find-gallery-access.server'
import { visitOf } from '#app/access/visit.server'
import type { Route } from './+types/gallery-page'

/**
 * The next page of a gallery's photos and videos (`?after=` the last one shown, `?type=` the
 * filter, or `?chapter=` a set-list song's), fetched as the fan scrolls. The same for every fan,
 * so kept by the page cache with the gallery's page.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  try {
    const visit = await visitOf(request)
    const context = await resolvePublicCompany(visit, params.clientSlug)
    // The gallery's door and the page in one read-only transaction.
    const { privacy, page } = await readTogether(context, async (together) => {
      const privacy = await guardGalleryAccess(together, visit, params.gallerySlug)
      const query = new URL(request.url).searchParams
      // A chapter no song has is left aside, as the gallery's page does.
      const song = songOfChapterKey(query.get('chapter')) ?? undefined
      return {
        privacy,
        page: await getGalleryPage(together, params.gallerySlug, {
          tab: song === undefined ? readFilter(request.url, MEDIA_TABS) : 'all',
          after: query.get('after'),
          song,
        }),
      }
    })
    return Response.json(page, { headers: { 'Cache-Control': 'no-cache', ...privacy } })
  } catch (error) {
    throw toHttpError(error)
  }
}
