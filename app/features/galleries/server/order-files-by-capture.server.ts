import { asc, eq } from 'drizzle-orm'
import { asset } from '#db/schema'
import type { TenantContext } from '#app/access/context'
import { orderSelectionByCapture } from '../file-order'
import { ensureCanEditContent, getContentItem } from './get-content-item.server'
import { auditSelectedFiles, findSelectedFiles, touchContentItems, writeFileOrder } from './selected-files.server'

/**
 * Puts the selected files in the order they were taken (EXIF capture time, kept when the photo
 * was processed), in the places they held; the other files stay where they are. Read and written
 * in one transaction, so a file added meanwhile keeps its place too.
 */
export async function orderFilesByCapture(context: TenantContext, contentItemId: string, assetIds: string[]) {
  const item = await getContentItem(context, contentItemId)
  ensureCanEditContent(context, item.status)
  const ids = await context.withTenant(async (tx) => {
    const ids = (await findSelectedFiles(tx, context, item.id, assetIds)).map((file) => file.id)
    const files = await tx
      .select({ id: asset.id, capturedAt: asset.capturedAt, originalName: asset.originalName })
      .from(asset)
      .where(eq(asset.contentItemId, item.id))
      .orderBy(asc(asset.position), asc(asset.createdAt))
    await writeFileOrder(tx, item.id, orderSelectionByCapture(files, new Set(ids)))
    await touchContentItems(tx, [item.id])
    return ids
  })
  await auditSelectedFiles(context, 'gallery.files.order-by-capture', item.id, ids)
}
