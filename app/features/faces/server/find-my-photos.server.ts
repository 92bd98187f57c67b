import { contentItem, findMeSearch } from '#db/schema'
import type { NotFoundDetails, PublicContext } from '#app/access/context'
import type { Visit } from '#app/access/visit.server'
import { AppError } from '#app/lib/errors'
import { logger } from '#app/lib/logger.server'
import { galleryFilesById } from '#app/features/galleries/fans/server/gallery-page.server'
import { findPublishedGallery } from '#app/features/galleries/fans/server/get-public-gallery.server'
import { FIND_ME_CONSENT_VERSION, FIND_ME_SET_DAYS, type FindMeAnswer, type SelfieFace } from '../find-me'
import { detectFaces, faceDistance, MATCH_THRESHOLD, prepareFaceModel } from './face-model.server'
import { galleryFaceIndex, nearestFaces } from './gallery-face-index.server'

type Search = { selfie: Buffer; face: number | null }

/** The published gallery with Find me on that a fan searches; not found otherwise, as for any gallery they may not see. */
export async function findSearchableGallery(
  context: Pick<PublicContext, 'company' | 'read' | 'entitlements'>,
  slug: string,
) {
  const notFound = () =>
    new AppError('NOT_FOUND', 'public.notFound.gallery', {
      companyName: context.company.name,
    } satisfies NotFoundDetails)
  if (!context.entitlements.findMe) throw notFound()
  const gallery = await context.read((tx) =>
    findPublishedGallery(tx, context.company, slug, { id: contentItem.id, findMe: contentItem.findMe }),
  )
  if (!gallery.findMe) throw notFound()
  return { id: gallery.id }
}

/**
 * Readies a search while the fan reads the dialog: the model loaded and the gallery's faces in
 * memory, so the first selfie of the night does not wait seconds for them. Answers at once.
 */
export async function prepareFindMe(
  context: Pick<PublicContext, 'company' | 'read' | 'entitlements'>,
  gallerySlug: string,
) {
  const gallery = await findSearchableGallery(context, gallerySlug)
  void Promise.all([prepareFaceModel(), context.read((tx) => galleryFaceIndex(tx, gallery.id))]).catch(
    (error: unknown) => logger.warn({ err: error, galleryId: gallery.id }, 'Find me not readied'),
  )
}

/**
 * A fan's Find me search on one gallery, with their consent given (the route refuses without it).
 * The selfie lives only in this call's memory: its faces are read, the one the fan is (the only
 * one, or the one they picked) is compared with the gallery's faces, and it is gone; nothing of
 * it is stored or logged. What is kept is the consent and the photos found (a set the fan may
 * share until it expires).
 */
export async function findMyPhotos(
  context: Pick<PublicContext, 'company' | 'read' | 'record' | 'entitlements'>,
  visit: Pick<Visit, 'language'>,
  gallerySlug: string,
  search: Search,
  now = new Date(),
): Promise<FindMeAnswer> {
  const gallery = await findSearchableGallery(context, gallerySlug)
  const detected = await detectFaces(search.selfie).catch((error: unknown) => {
    // An image the decoder cannot read says nothing about the fan: only that it failed.
    logger.info({ err: error instanceof Error ? error.name : 'error' }, 'selfie unreadable')
    throw new AppError('BAD_REQUEST', 'findMe.errors.unreadable')
  })
  const faces: SelfieFace[] = detected.faces.map((face) => face.box)
  if (faces.length === 0) return { status: 'no-face' }
  if (faces.length > 1 && (search.face === null || search.face >= faces.length)) return { status: 'several', faces }
  const probe = detected.faces[faces.length === 1 ? 0 : (search.face ?? 0)]!.embedding
  const found = await context.read(async (tx) => {
    const index = await galleryFaceIndex(tx, gallery.id)
    const near = nearestFaces(index, probe, MATCH_THRESHOLD, faceDistance)
    const ids = [...new Set(near.map((face) => index.assetIds[face.place]!))]
    // In the gallery's order, and only those fans may see now.
    const photos = (await galleryFilesById(tx, gallery.id, ids)).map((photo) => photo.id)
    const shown = new Set(photos)
    const faceIds = near
      .filter((face) => shown.has(index.assetIds[face.place]!))
      .map((face) => index.faceIds[face.place]!)
    return { photos, faceIds }
  })
  const [kept] = await context.record((tx) =>
    tx
      .insert(findMeSearch)
      .values({
        companyId: context.company.id,
        contentItemId: gallery.id,
        consentTextVersion: FIND_ME_CONSENT_VERSION,
        language: visit.language,
        consentedAt: now,
        assetIds: found.photos,
        faceIds: found.faceIds,
        expiresAt: new Date(now.getTime() + FIND_ME_SET_DAYS * 86_400_000),
      })
      .returning({ id: findMeSearch.id }),
  )
  if (found.photos.length === 0) return { status: 'none', faces }
  return { status: 'found', assetIds: found.photos, token: kept!.id, faces }
}
