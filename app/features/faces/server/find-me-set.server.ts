import { z } from 'zod'
import { findMeSearch } from '#db/schema'
import type { PublicContext } from '#app/access/context'
import { AppError } from '#app/lib/errors'
import { galleryFilesById, type PublicMedia } from '#app/features/galleries/fans/server/gallery-page.server'
import { openSet } from './find-me-set-files.server'
import { findSearchableGallery } from './find-my-photos.server'

export type FindMeSet = { photos: PublicMedia[]; expiresAt: string }

/**
 * The photos a fan's search found, as the gallery's grid shows them, while its link lasts: for
 * the fan's own page and for whoever they shared it with. Only those fans may still see (a photo
 * hidden since is left out), in the gallery's order.
 */
export async function findMeSet(
  context: Pick<PublicContext, 'company' | 'read' | 'record' | 'entitlements'>,
  gallerySlug: string,
  setId: string,
  now = new Date(),
): Promise<FindMeSet> {
  const gallery = await findSearchableGallery(context, gallerySlug)
  const id = z.uuid().safeParse(setId)
  const [search] = id.success
    ? await context.record((tx) =>
        tx
          .select({ assetIds: findMeSearch.assetIds, expiresAt: findMeSearch.expiresAt })
          .from(findMeSearch)
          .where(openSet(id.data, gallery.id, now)),
      )
    : []
  if (!search) throw new AppError('NOT_FOUND', 'findMe.errors.setGone')
  const photos = await context.read((tx) => galleryFilesById(tx, gallery.id, search.assetIds))
  return { photos, expiresAt: search.expiresAt.toISOString() }
}
