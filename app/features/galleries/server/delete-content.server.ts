import { and, asc, eq, inArray, or } from 'drizzle-orm'
import { asset, contentItem } from '#db/schema'
import { removeStoredFiles } from '#app/features/media/server/remove-stored-files.server'
import { requirePermission, type TenantContext } from '#app/access/context'
import { findContentItems } from './get-content-item.server'

/**
 * Deletes one item or a selection, all or none, with all their files; the database goes first,
 * storage follows.
 */
export async function deleteContent(context: TenantContext, contentItemIds: string[]) {
  requirePermission(context, 'content.publish')
  const assetIds = await context.withTenant(async (tx) => {
    const ids = (await findContentItems(tx, context, contentItemIds)).map((item) => item.id)
    const files = await tx
      .select({ id: asset.id, thumbnail: asset.customThumbnailAssetId })
      .from(asset)
      .where(inArray(asset.contentItemId, ids))
    const covers = await tx
      .select({ cover: contentItem.coverAssetId })
      .from(contentItem)
      .where(inArray(contentItem.id, ids))
    // Their files go with the items (cascade); their covers and custom thumbnails hang off them.
    const attached = [...covers.map((row) => row.cover), ...files.map((file) => file.thumbnail)].filter(
      (id): id is string => Boolean(id),
    )
    // Every file the deletion will reach is locked first, in one order: one still being processed
    // finishes (its gallery's counts and the company's version bumped, both of which the deletion
    // takes too) before the deletion holds any of them. Taken in the middle, each waited for the
    // other (a deadlock, the deletion's 500).
    await tx
      .select({ id: asset.id })
      .from(asset)
      .where(
        or(
          inArray(asset.contentItemId, ids),
          inArray(asset.illustratesContentItemId, ids),
          ...(attached.length > 0 ? [inArray(asset.id, attached)] : []),
        ),
      )
      .orderBy(asc(asset.id))
      .for('update')
    await tx.delete(contentItem).where(and(inArray(contentItem.id, ids), eq(contentItem.companyId, context.company.id)))
    if (attached.length > 0)
      await tx.delete(asset).where(and(inArray(asset.id, attached), eq(asset.companyId, context.company.id)))
    return [...new Set([...files.map((file) => file.id), ...attached])]
  })
  await removeStoredFiles(context.company.id, assetIds)
}
