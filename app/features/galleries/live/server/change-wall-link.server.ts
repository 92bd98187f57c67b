import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { contentItem } from '#db/schema'
import { AppError } from '#app/lib/errors'
import { requirePermission, type TenantContext } from '#app/access/context'
import { getContentItem } from '#app/features/galleries/server/get-content-item.server'

/**
 * Makes a new secret wall link for a gallery (the old one stops working at once) or revokes it.
 * A wall that is running shows nothing new after its link is revoked and stops on its next reload.
 */
export async function changeWallLink(context: TenantContext, contentItemId: string, change: 'create' | 'revoke') {
  requirePermission(context, 'content.publish')
  const item = await getContentItem(context, contentItemId)
  if (item.kind !== 'gallery') throw new AppError('BAD_REQUEST', 'liveStudio.errors.galleryOnly')
  const wallToken = change === 'create' ? randomBytes(24).toString('base64url') : null
  await context.withTenant((tx) =>
    tx
      .update(contentItem)
      .set({ wallToken, updatedAt: new Date() })
      .where(and(eq(contentItem.id, item.id), eq(contentItem.companyId, context.company.id))),
  )
  return wallToken
}
