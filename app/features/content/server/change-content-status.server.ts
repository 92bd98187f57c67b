import { count, eq } from 'drizzle-orm'
import { asset, contentItem } from '#db/schema'
import { AppError } from '#app/lib/errors'
import { actorCan, type TenantContext } from '#app/lib/tenant.server'
import type { ContentStatus } from '../content.schema'
import { getContentItem } from './get-content-item.server'

/** draft → published → archived (and back); a gallery needs at least one photo or video. */
export async function changeContentStatus(context: TenantContext, contentItemId: string, status: ContentStatus) {
  if (!actorCan(context, 'content.publish')) throw new AppError('FORBIDDEN', 'errors.forbidden')
  const item = await getContentItem(context, contentItemId)
  if (status === 'published') {
    const [{ files }] = await context.withTenant((tx) => tx.select({ files: count() }).from(asset).where(eq(asset.contentItemId, item.id)))
    if (files === 0) throw new AppError('BAD_REQUEST', item.kind === 'gallery' ? 'content.errors.needsMedia' : 'content.errors.needsFile')
  }
  await context.withTenant((tx) =>
    tx
      .update(contentItem)
      .set({ status, updatedAt: new Date(), ...(status === 'published' ? { publishedAt: new Date() } : {}) })
      .where(eq(contentItem.id, item.id)),
  )
}
