import { eq, sql } from 'drizzle-orm'
import { asset, contentItem } from '#db/schema'
import { AppError } from '#app/lib/errors'
import type { TenantContext } from '#app/access/context'
import { ensureCanEditContent, getContentItem } from './get-content-item.server'

/**
 * Saves a new order: `assetIds` lists every file of the item, first to last. One statement,
 * however many files: fans' pages see one change (migration 0008), and a 2,000-photo gallery
 * is not 2,000 round trips.
 */
export async function reorderAssets(context: TenantContext, contentItemId: string, assetIds: string[]) {
  const item = await getContentItem(context, contentItemId)
  ensureCanEditContent(context, item.status)
  await context.withTenant(async (tx) => {
    const files = await tx.select({ id: asset.id }).from(asset).where(eq(asset.contentItemId, item.id))
    const known = new Set(files.map((file) => file.id))
    if (assetIds.length !== known.size || assetIds.some((id) => !known.has(id)))
      throw new AppError('CONFLICT', 'content.errors.orderChanged')
    await tx.execute(sql`
      update ${asset} set position = ordered.position - 1
      from unnest(${sql.param(assetIds)}::uuid[]) with ordinality as ordered(id, position)
      where ${asset.id} = ordered.id and ${asset.contentItemId} = ${item.id} and ${asset.position} is distinct from ordered.position - 1`)
    await tx.update(contentItem).set({ updatedAt: new Date() }).where(eq(contentItem.id, item.id))
  })
}
