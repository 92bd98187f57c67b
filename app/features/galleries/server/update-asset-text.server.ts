import { and, eq } from 'drizzle-orm'
import { asset } from '#db/schema'
import { AppError } from '#app/lib/errors'
import type { TenantContext } from '#app/access/context'
import { ensureCanEditContent, getContentItem } from './get-content-item.server'

export type AssetText = { title: string | null; description: string | null; altText: string | null }

/** A file's title, description and alternative text. */
export async function updateAssetText(context: TenantContext, contentItemId: string, assetId: string, text: AssetText) {
  const item = await getContentItem(context, contentItemId)
  ensureCanEditContent(context, item.status)
  const updated = await context.withTenant((tx) =>
    tx
      .update(asset)
      .set({ ...text, updatedAt: new Date() })
      .where(and(eq(asset.id, assetId), eq(asset.contentItemId, item.id)))
      .returning({ id: asset.id }),
  )
  if (updated.length === 0) throw new AppError('NOT_FOUND', 'content.errors.fileNotFound')
}
