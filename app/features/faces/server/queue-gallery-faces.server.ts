import { and, eq, isNull } from 'drizzle-orm'
import { asset, contentItem } from '#db/schema'
import type { SystemActor, TenantContext } from '#app/access/context'
import { indexPhotoFacesJob } from '#app/jobs/definitions/faces/index-photo'
import { enqueue } from '#app/jobs/queue.server'
import { indexablePhoto } from './index-photo-faces.server'

/**
 * Queues every ready photo of a gallery whose faces are not read yet (Find me switched on, or a
 * backfill). Each photo is a job of its own, keyed by the photo, so the editor's progress moves
 * photo by photo and a photo already waiting is not queued twice.
 */
export async function queueGalleryFaces(system: TenantContext<SystemActor>, galleryId: string) {
  if (!system.entitlements.findMe) return 0
  const photos = await system.withTenant((tx) =>
    tx
      .select({ id: asset.id })
      .from(asset)
      .innerJoin(contentItem, eq(contentItem.id, asset.contentItemId))
      .where(and(eq(asset.contentItemId, galleryId), isNull(asset.facesIndexedAt), indexablePhoto()))
      .orderBy(asset.position, asset.id),
  )
  for (const photo of photos)
    await enqueue(indexPhotoFacesJob, { companyId: system.company.id, assetId: photo.id }, { singletonKey: photo.id })
  return photos.length
}
