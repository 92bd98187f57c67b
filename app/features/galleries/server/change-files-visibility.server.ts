import { and, eq, inArray } from 'drizzle-orm'
import { asset, contentItem } from '#db/schema'
import { requirePermission, type TenantContext } from '#app/access/context'
import type { FileVisibility } from '../content.schema'
import { getContentItem } from './get-content-item.server'
import { auditSelectedFiles, findSelectedFiles, touchContentItems } from './selected-files.server'

/**
 * Shows the selected files to fans again, or hides them, all or none. Managers and admins only:
 * what fans see is publishing. A hidden file stays in the editor and keeps its place; fans' pages,
 * counts, downloads and chapters leave it out (migration 0050). Showing a file that waited in a
 * live gallery's tray lets it out, as approving it would. A hidden cover gives way to the
 * automatic one, so fans never see a blank cover.
 */
export async function changeFilesVisibility(
  context: TenantContext,
  contentItemId: string,
  assetIds: string[],
  visibility: FileVisibility,
) {
  requirePermission(context, 'content.publish')
  const item = await getContentItem(context, contentItemId)
  const ids = await context.withTenant(async (tx) => {
    const ids = (await findSelectedFiles(tx, context, item.id, assetIds)).map((file) => file.id)
    await tx
      .update(asset)
      .set({ moderation: visibility === 'visible' ? 'approved' : 'hidden', updatedAt: new Date() })
      .where(and(eq(asset.contentItemId, item.id), inArray(asset.id, ids)))
    if (visibility === 'hidden')
      await tx
        .update(contentItem)
        .set({ coverAssetId: null })
        .where(and(eq(contentItem.id, item.id), inArray(contentItem.coverAssetId, ids)))
    await touchContentItems(tx, [item.id])
    return ids
  })
  await auditSelectedFiles(
    context,
    visibility === 'visible' ? 'gallery.files.publish' : 'gallery.files.hide',
    item.id,
    ids,
  )
}
