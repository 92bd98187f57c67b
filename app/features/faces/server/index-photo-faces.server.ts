import { buffer } from 'node:stream/consumers'
import { and, eq } from 'drizzle-orm'
import { asset, contentItem, faceEmbedding } from '#db/schema'
import type { SystemActor, TenantContext } from '#app/access/context'
import { logger } from '#app/lib/logger.server'
import { getStorage } from '#app/lib/storage.server'
import { detectFaces } from './face-model.server'
import { embeddingBytes } from './embedding-bytes.server'

/** A photo whose faces Find me reads: a ready photo of a gallery with Find me on (assets joined to their gallery). */
export const indexablePhoto = () =>
  and(
    eq(asset.purpose, 'gallery-media'),
    eq(asset.mediaType, 'image'),
    eq(asset.processingStatus, 'ready'),
    eq(contentItem.findMe, true),
  )

/**
 * Reads one gallery photo's faces into its gallery's Find me index. Safe to run twice: the photo's
 * faces are replaced, not added to. A photo that is not (or no longer) a ready image of a gallery
 * whose Find me is on is left as it is, and so is one whose company's plan lost Find me.
 */
export async function indexPhotoFaces(system: TenantContext<SystemActor>, assetId: string) {
  if (!system.entitlements.findMe) return
  const [photo] = await system.withTenant((tx) =>
    tx
      .select({ storageKey: asset.storageKey, contentItemId: asset.contentItemId })
      .from(asset)
      .innerJoin(contentItem, eq(contentItem.id, asset.contentItemId))
      .where(and(eq(asset.id, assetId), indexablePhoto())),
  )
  if (!photo?.contentItemId) return
  const galleryId = photo.contentItemId
  const startedAt = Date.now()
  const found = await detectFaces(await buffer(await getStorage().read(photo.storageKey)))
  const skipped = found.skipped.small + found.skipped.blurred + found.skipped.lowConfidence
  await system.withTenant(async (tx) => {
    // Locked first, as the renditions are: a deletion of the photo or gallery waits, not deadlocks,
    // and Find me switched off meanwhile (which purges the index) leaves nothing behind.
    const [still] = await tx
      .select({ findMe: contentItem.findMe })
      .from(asset)
      .innerJoin(contentItem, eq(contentItem.id, asset.contentItemId))
      .where(eq(asset.id, assetId))
      .for('update')
    if (!still?.findMe) return
    await tx.delete(faceEmbedding).where(eq(faceEmbedding.assetId, assetId))
    if (found.faces.length > 0)
      await tx.insert(faceEmbedding).values(
        found.faces.map((face) => ({
          companyId: system.company.id,
          contentItemId: galleryId,
          assetId,
          boxX: face.box.x,
          boxY: face.box.y,
          boxWidth: face.box.width,
          boxHeight: face.box.height,
          embedding: embeddingBytes(face.embedding),
        })),
      )
    await tx
      .update(asset)
      .set({ facesIndexedAt: new Date(), facesFound: found.faces.length, facesSkipped: skipped })
      .where(eq(asset.id, assetId))
  })
  logger.info({ assetId, faces: found.faces.length, skipped, ms: Date.now() - startedAt }, 'faces indexed')
}
