import { and, eq, inArray } from 'drizzle-orm'
import { asset, contentItem } from '#db/schema'
import { removeStoredFiles } from '#app/features/media/server/remove-stored-files.server'
import { AppError } from '#app/lib/errors'
import type { TenantContext } from '#app/access/context'
import { ensureCanEditContent, getContentItem } from './get-content-item.server'

/** Makes one of the item's photos (or a video's poster) its cover; an uploaded cover it replaces is deleted. */
export async function setCoverFromFile(context: TenantContext, contentItemId: string, assetId: string) {
  const item = await getContentItem(context, contentItemId)
  ensureCanEditContent(context, item.status)
  const replaced = await context.withTenant(async (tx) => {
    const [file] = await tx
      .select({ id: asset.id })
      .from(asset)
      .where(and(eq(asset.id, assetId), eq(asset.contentItemId, item.id), inArray(asset.mediaType, ['image', 'video'])))
    if (!file) throw new AppError('NOT_FOUND', 'content.errors.fileNotFound')
    const [{ previous }] = await tx
      .select({ previous: contentItem.coverAssetId })
      .from(contentItem)
      .where(eq(contentItem.id, item.id))
    await tx
      .update(contentItem)
      .set({ coverAssetId: file.id, updatedAt: new Date() })
      .where(eq(contentItem.id, item.id))
    if (!previous || previous === file.id) return []
    const removed = await tx
      .delete(asset)
      .where(and(eq(asset.id, previous), eq(asset.purpose, 'cover')))
      .returning({ id: asset.id })
    return removed.map((row) => row.id)
  })
  if (replaced.length > 0) await removeStoredFiles(context.company.id, replaced)
}
