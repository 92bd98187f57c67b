import { eq } from 'drizzle-orm'
import { findMeRemovalRequest, findMeSearch } from '#db/schema'
import type { PublicContext } from '#app/access/context'
import type { Visit } from '#app/access/visit.server'
import { AppError } from '#app/lib/errors'
import type { TRemovalRequest } from '../find-me.schema'
import { openSet } from './find-me-set-files.server'
import { findSearchableGallery } from './find-my-photos.server'

/**
 * A fan's "remove me" from the photos their search found: it reaches the gallery's editor, where
 * the company hides those photos or leaves the fan's face out of the index. Sent once per search.
 */
export async function requestRemoval(
  context: Pick<PublicContext, 'company' | 'read' | 'record' | 'entitlements'>,
  visit: Pick<Visit, 'language'>,
  gallerySlug: string,
  input: TRemovalRequest,
  now = new Date(),
) {
  const gallery = await findSearchableGallery(context, gallerySlug)
  return context.record(async (tx) => {
    const [search] = await tx
      .select({ assetIds: findMeSearch.assetIds, faceIds: findMeSearch.faceIds })
      .from(findMeSearch)
      .where(openSet(input.set, gallery.id, now))
      .for('update')
    if (!search || search.assetIds.length === 0) throw new AppError('NOT_FOUND', 'findMe.errors.setGone')
    await tx.insert(findMeRemovalRequest).values({
      companyId: context.company.id,
      contentItemId: gallery.id,
      assetIds: search.assetIds,
      faceIds: search.faceIds,
      email: input.email || null,
      message: input.message || null,
      language: visit.language,
    })
    // Its set is spent: the same request is not sent twice, and its link shows nothing more.
    await tx.update(findMeSearch).set({ expiresAt: now }).where(eq(findMeSearch.id, input.set))
  })
}
