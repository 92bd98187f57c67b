import { eq, inArray } from 'drizzle-orm'
import { asset, contentItem } from '#db/schema'
import { removeStoredFiles } from '#app/features/media/server/remove-stored-files.server'
import { AppError } from '#app/lib/errors'
import { actorCan, type TenantContext } from '#app/lib/tenant.server'
import { getContentItem } from './get-content-item.server'

/** Deleting a gallery deletes all its files; the database goes first, storage follows. */
export async function deleteContent(context: TenantContext, contentItemId: string) {
  if (!actorCan(context, 'content.publish')) throw new AppError('FORBIDDEN', 'errors.forbidden')
  const item = await getContentItem(context, contentItemId)
  const assetIds = await context.withTenant(async (tx) => {
    const files = await tx.select({ id: asset.id, thumbnail: asset.customThumbnailAssetId }).from(asset).where(eq(asset.contentItemId, item.id))
    const [{ cover }] = await tx.select({ cover: contentItem.coverAssetId }).from(contentItem).where(eq(contentItem.id, item.id))
    // Its files go with the item (cascade); its cover and custom thumbnails hang off it.
    const attached = [cover, ...files.map((file) => file.thumbnail)].filter((id): id is string => Boolean(id))
    await tx.delete(contentItem).where(eq(contentItem.id, item.id))
    if (attached.length > 0) await tx.delete(asset).where(inArray(asset.id, attached))
    return [...files.map((file) => file.id), ...attached]
  })
  await removeStoredFiles(context.company.id, assetIds)
}
