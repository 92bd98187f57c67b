import { and, eq, inArray } from 'drizzle-orm'
import { asset } from '#db/schema'
import { AppError } from '#app/lib/errors'
import { requirePermission, type TenantContext } from '#app/access/context'
import { getContentItem } from '#app/features/galleries/server/get-content-item.server'

/**
 * Lets photos out of a live gallery's moderation tray: fans see them, and open pages and walls get
 * them, as soon as each is ready (migration 0032 gives each its place then). Managers and admins
 * only: approving is publishing.
 */
export async function approveLivePhotos(context: TenantContext, contentItemId: string, assetIds: string[]) {
  requirePermission(context, 'content.publish')
  const item = await getContentItem(context, contentItemId)
  return context.withTenant(async (tx) => {
    const approved = await tx
      .update(asset)
      .set({ moderation: 'approved', updatedAt: new Date() })
      .where(
        and(
          eq(asset.contentItemId, item.id),
          eq(asset.companyId, context.company.id),
          inArray(asset.id, assetIds),
          eq(asset.moderation, 'pending'),
        ),
      )
      .returning({ id: asset.id })
    // Another gallery's photo, or one already approved or removed: said, and nothing changed.
    if (approved.length < new Set(assetIds).size) throw new AppError('NOT_FOUND', 'content.errors.fileNotFound')
    return approved.length
  })
}
