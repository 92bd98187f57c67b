import { and, asc, count, eq, isNull } from 'drizzle-orm'
import { asset, contentItem, liveFollower } from '#db/schema'
import { AppError } from '#app/lib/errors'
import type { TenantContext } from '#app/access/context'

/** A gallery's live controls for the editor: the switches, the moderation tray, the wall link, who waits for the e-mail. */
export async function getLivePanel(context: TenantContext, contentItemId: string) {
  return context.withTenant(async (tx) => {
    const [item] = await tx
      .select({
        id: contentItem.id,
        kind: contentItem.kind,
        liveMode: contentItem.liveMode,
        autoApprove: contentItem.liveAutoApprove,
        wallToken: contentItem.wallToken,
      })
      .from(contentItem)
      .where(and(eq(contentItem.id, contentItemId), eq(contentItem.companyId, context.company.id)))
    if (!item || item.kind !== 'gallery') throw new AppError('NOT_FOUND', 'content.errors.notFound')
    const pending = await tx
      .select({
        id: asset.id,
        mediaType: asset.mediaType,
        originalName: asset.originalName,
        altText: asset.altText,
        width: asset.width,
        height: asset.height,
        processingStatus: asset.processingStatus,
        createdAt: asset.createdAt,
      })
      .from(asset)
      .where(and(eq(asset.contentItemId, item.id), eq(asset.moderation, 'pending')))
      .orderBy(asc(asset.createdAt), asc(asset.id))
      .limit(200)
    const [followers] = await tx
      .select({ waiting: count() })
      .from(liveFollower)
      .where(and(eq(liveFollower.contentItemId, item.id), isNull(liveFollower.notifiedAt)))
    return {
      liveMode: item.liveMode,
      autoApprove: item.autoApprove,
      wallToken: item.wallToken,
      pending,
      followers: followers?.waiting ?? 0,
    }
  })
}

/** What the editor's live panel reads: the panel and whether this member may approve and remove photos. */
export type LivePanelData = Awaited<ReturnType<typeof getLivePanel>> & { canModerate: boolean }
