import { and, asc, eq, getTableColumns } from 'drizzle-orm'
import { asset, contentItem } from '#db/schema'
import { coverOf } from '#app/features/galleries/server/item-columns.server'
import { AppError } from '#app/lib/errors'
import type { TenantContext } from '#app/access/context'

/** One item of the company with its files in order, for the editor. */
export async function getContentForEdit(context: TenantContext, contentItemId: string) {
  return context.withTenant(async (tx) => {
    const [item] = await tx
      // The cover fans see, chosen or automatic: the editor never says "no cover" while they see one.
      .select({ ...getTableColumns(contentItem), shownCoverAssetId: coverOf })
      .from(contentItem)
      .where(and(eq(contentItem.id, contentItemId), eq(contentItem.companyId, context.company.id)))
    if (!item) throw new AppError('NOT_FOUND', 'content.errors.notFound')
    const files = await tx
      .select({
        id: asset.id,
        purpose: asset.purpose,
        mediaType: asset.mediaType,
        originalName: asset.originalName,
        sizeBytes: asset.sizeBytes,
        title: asset.title,
        description: asset.description,
        altText: asset.altText,
        width: asset.width,
        height: asset.height,
        durationMs: asset.durationMs,
        capturedAt: asset.capturedAt,
        captureOffsetMinutes: asset.captureOffsetMinutes,
        customThumbnailAssetId: asset.customThumbnailAssetId,
        position: asset.position,
        processingStatus: asset.processingStatus,
        processingError: asset.processingError,
        moderation: asset.moderation,
      })
      .from(asset)
      .where(and(eq(asset.contentItemId, contentItemId), eq(asset.companyId, context.company.id)))
      .orderBy(asc(asset.position), asc(asset.createdAt))
    return { item, files }
  })
}

export type ContentForEdit = Awaited<ReturnType<typeof getContentForEdit>>
export type ContentFile = ContentForEdit['files'][number]
