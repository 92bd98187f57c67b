import { and, eq, inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import { asset, contentItem } from '#db/schema'
import { assertEventPhotoRoom, lockCompanyMedia } from '#app/features/media/server/plan-limits.server'
import { AppError } from '#app/lib/errors'
import type { TenantContext } from '#app/access/context'
import { ensureCanEditContent, getContentItem } from './get-content-item.server'
import { auditSelectedFiles, findSelectedFiles, touchContentItems } from './selected-files.server'

const targetRefused = () => new AppError('NOT_FOUND', 'studio.editor.bulk.errors.targetNotFound', { field: 'targetId' })

/**
 * Moves the selected files of a gallery to another gallery of the same company, all or none:
 * they come after its files, in the order they had, with their texts, custom thumbnails and
 * visibility. The plan's photos per event is counted when they change event. A file approved
 * and ready takes its next place in the other gallery's live stream (migration 0032), so fans
 * following it live get it; a file that was the cover leaves this gallery on its automatic one.
 */
export async function moveFilesToGallery(
  context: TenantContext,
  contentItemId: string,
  assetIds: string[],
  targetId: string,
) {
  const item = await getContentItem(context, contentItemId)
  ensureCanEditContent(context, item.status)
  if (!z.uuid().safeParse(targetId).success) throw targetRefused()
  if (targetId === item.id)
    throw new AppError('BAD_REQUEST', 'studio.editor.bulk.errors.sameGallery', { field: 'targetId' })
  const { ids, target } = await context.withTenant(async (tx) => {
    const [[source], [target]] = await Promise.all(
      [item.id, targetId].map((id) =>
        tx
          .select({
            id: contentItem.id,
            kind: contentItem.kind,
            status: contentItem.status,
            eventId: contentItem.eventId,
            title: contentItem.title,
          })
          .from(contentItem)
          .where(and(eq(contentItem.id, id), eq(contentItem.companyId, context.company.id))),
      ),
    )
    // Another company's gallery, one gone, or a single item: refused, and nothing moves.
    if (!target || target.kind !== 'gallery' || source.kind !== 'gallery') throw targetRefused()
    ensureCanEditContent(context, target.status)
    const files = await findSelectedFiles(tx, context, item.id, assetIds)
    const ids = files.map((file) => file.id)
    if (target.eventId && target.eventId !== source.eventId) {
      await lockCompanyMedia(tx, context.company.id)
      const photos = files.filter((file) => file.mediaType === 'image').length
      await assertEventPhotoRoom(
        tx,
        context.entitlements,
        context.company.id,
        target.eventId,
        photos,
        'content.errors.eventPhotoLimit',
      )
    }
    await tx.execute(sql`
      update ${asset} set content_item_id = ${target.id}, live_seq = null, updated_at = now(),
        position = (select coalesce(max(last.position), -1) from assets as last where last.content_item_id = ${target.id}) + moved.place
      from unnest(${sql.param(ids)}::uuid[]) with ordinality as moved(id, place)
      where ${asset.id} = moved.id and ${asset.contentItemId} = ${item.id}`)
    // A custom thumbnail follows its file: fans of the other gallery may see it (migration 0007).
    const thumbnails = files.flatMap((file) => (file.customThumbnailAssetId ? [file.customThumbnailAssetId] : []))
    if (thumbnails.length > 0)
      await tx
        .update(asset)
        .set({ illustratesContentItemId: target.id })
        .where(and(inArray(asset.id, thumbnails), eq(asset.companyId, context.company.id)))
    await tx
      .update(contentItem)
      .set({ coverAssetId: null })
      .where(and(eq(contentItem.id, item.id), inArray(contentItem.coverAssetId, ids)))
    await touchContentItems(tx, [item.id, target.id])
    return { ids, target }
  })
  await auditSelectedFiles(context, 'gallery.files.move', item.id, ids, {
    targetId: target.id,
    targetTitle: target.title,
  })
}
