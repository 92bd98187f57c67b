import { and, eq, inArray } from 'drizzle-orm'
import { asset, contentItem } from '#db/schema'
import { removeStoredFiles } from '#app/features/media/server/remove-stored-files.server'
import { AppError } from '#app/lib/errors'
import type { TenantContext } from '#app/access/context'
import { ensureCanEditContent, getContentItem } from './get-content-item.server'

/** Removes files from an item, with their custom thumbnails; the database goes first, storage follows. All or none. */
export async function removeAssets(context: TenantContext, contentItemId: string, assetIds: string[]) {
  const item = await getContentItem(context, contentItemId)
  ensureCanEditContent(context, item.status)
  const removed = await context.withTenant(async (tx) => {
    const files = await tx
      .delete(asset)
      .where(and(eq(asset.contentItemId, item.id), inArray(asset.id, assetIds)))
      .returning({ id: asset.id, thumbnail: asset.customThumbnailAssetId })
    // Another item's file, another company's, or one already gone: nothing was removed, and it says so.
    if (files.length < new Set(assetIds).size) throw new AppError('NOT_FOUND', 'content.errors.fileNotFound')
    // A removed file that was the cover leaves the item on its automatic cover.
    await tx
      .update(contentItem)
      .set({ coverAssetId: null })
      .where(
        and(
          eq(contentItem.id, item.id),
          inArray(
            contentItem.coverAssetId,
            files.map((file) => file.id),
          ),
        ),
      )
    const thumbnails = files.flatMap((file) => (file.thumbnail ? [file.thumbnail] : []))
    if (thumbnails.length > 0) await tx.delete(asset).where(inArray(asset.id, thumbnails))
    return [...files.map((file) => file.id), ...thumbnails]
  })
  await removeStoredFiles(context.company.id, removed)
}
