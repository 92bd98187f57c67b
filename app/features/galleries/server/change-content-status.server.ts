import { and, eq, inArray } from 'drizzle-orm'
import { asset, contentItem } from '#db/schema'
import { AppError } from '#app/lib/errors'
import { requirePermission, type TenantContext } from '#app/access/context'
import { emitWebhookEvent } from '#app/features/webhooks/server/emit-webhook-event.server'
import type { ContentStatus } from '../content.schema'
import { findContentItems } from './get-content-item.server'

/**
 * draft → published → archived (and back), for one item or a selection, all or none: a gallery
 * needs at least one photo or video, a single item its file, before fans may see it.
 */
export async function changeContentStatus(context: TenantContext, contentItemIds: string[], status: ContentStatus) {
  requirePermission(context, 'content.publish')
  await context.withTenant(async (tx) => {
    const items = await findContentItems(tx, context, contentItemIds)
    const ids = items.map((item) => item.id)
    if (status === 'published') {
      const withFiles = await tx
        .selectDistinct({ id: asset.contentItemId })
        .from(asset)
        .where(and(inArray(asset.contentItemId, ids), eq(asset.companyId, context.company.id)))
      const filled = new Set(withFiles.map((row) => row.id))
      const empty = items.filter((item) => !filled.has(item.id))
      if (empty.length > 0) {
        const key =
          items.length > 1
            ? 'content.errors.someEmpty'
            : empty[0].kind === 'gallery'
              ? 'content.errors.needsMedia'
              : 'content.errors.needsFile'
        throw new AppError('BAD_REQUEST', key)
      }
    }
    await tx
      .update(contentItem)
      .set({ status, updatedAt: new Date(), ...(status === 'published' ? { publishedAt: new Date() } : {}) })
      .where(and(inArray(contentItem.id, ids), eq(contentItem.companyId, context.company.id)))
    // The company's own systems hear of items that became public or left it (not of repeats).
    const type = status === 'published' ? 'content.published' : status === 'archived' ? 'content.archived' : null
    if (!type) return
    for (const item of items.filter((item) => item.status !== status)) {
      await emitWebhookEvent(tx, context.company.id, type, { id: item.id, kind: item.kind, title: item.title, status })
    }
  })
}
