import { eq } from 'drizzle-orm'
import { asset } from '#db/schema'
import { AppError } from '#app/lib/errors'
import type { TenantContext } from '#app/access/context'
import { ensureCanEditContent, getContentItem } from './get-content-item.server'
import { touchContentItems, writeFileOrder } from './selected-files.server'

/** Saves a new order: `assetIds` lists every file of the item, first to last, in one statement. */
export async function reorderAssets(context: TenantContext, contentItemId: string, assetIds: string[]) {
  const item = await getContentItem(context, contentItemId)
  ensureCanEditContent(context, item.status)
  await context.withTenant(async (tx) => {
    const files = await tx.select({ id: asset.id }).from(asset).where(eq(asset.contentItemId, item.id))
    const known = new Set(files.map((file) => file.id))
    if (assetIds.length !== known.size || assetIds.some((id) => !known.has(id)))
      throw new AppError('CONFLICT', 'content.errors.orderChanged')
    await writeFileOrder(tx, item.id, assetIds)
    await touchContentItems(tx, [item.id])
  })
}
