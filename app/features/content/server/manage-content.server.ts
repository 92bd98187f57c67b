import { and, count, eq, inArray } from 'drizzle-orm'
import { asset, contentItem } from '#db/schema'
import { can } from '#app/features/members/permissions'
import { ensureCompanyEvent } from '#app/features/events/server/manage-events.server'
import { removeStoredFiles } from '#app/features/media/server/remove-stored-files.server'
import { generateRenditionsJob } from '#app/jobs/definitions'
import { enqueue } from '#app/jobs/queue.server'
import { AppError } from '#app/lib/errors'
import type { MemberContext } from '#app/lib/tenant.server'
import type { ContentStatus, TContentDetails } from '../content.schema'

async function getItem(member: MemberContext, contentItemId: string) {
  const [item] = await member.withTenant((tx) =>
    tx
      .select({ id: contentItem.id, kind: contentItem.kind, status: contentItem.status })
      .from(contentItem)
      .where(and(eq(contentItem.id, contentItemId), eq(contentItem.companyId, member.company.id))),
  )
  if (!item) throw new AppError('NOT_FOUND', 'content.errors.notFound')
  return item
}

/** Users edit drafts only; managers and admins edit anything (docs/product.md). */
function ensureCanEdit(member: MemberContext, status: string) {
  if (status !== 'draft' && !can(member.role, 'content.publish')) throw new AppError('FORBIDDEN', 'content.errors.draftsOnly')
}

export async function updateContentDetails(member: MemberContext, contentItemId: string, details: TContentDetails) {
  const item = await getItem(member, contentItemId)
  ensureCanEdit(member, item.status)
  await ensureCompanyEvent(member, details.eventId)
  await member.withTenant((tx) => tx.update(contentItem).set({ ...details, updatedAt: new Date() }).where(eq(contentItem.id, item.id)))
}

/** draft → published → archived (and back); a gallery needs at least one photo or video. */
export async function changeContentStatus(member: MemberContext, contentItemId: string, status: ContentStatus) {
  if (!can(member.role, 'content.publish')) throw new AppError('FORBIDDEN', 'errors.forbidden')
  const item = await getItem(member, contentItemId)
  if (status === 'published') {
    const [{ files }] = await member.withTenant((tx) => tx.select({ files: count() }).from(asset).where(eq(asset.contentItemId, item.id)))
    if (files === 0) throw new AppError('BAD_REQUEST', item.kind === 'gallery' ? 'content.errors.needsMedia' : 'content.errors.needsFile')
  }
  await member.withTenant((tx) =>
    tx
      .update(contentItem)
      .set({ status, updatedAt: new Date(), ...(status === 'published' ? { publishedAt: new Date() } : {}) })
      .where(eq(contentItem.id, item.id)),
  )
}


/** Deleting a gallery deletes all its files; the database goes first, storage follows. */
export async function deleteContent(member: MemberContext, contentItemId: string) {
  if (!can(member.role, 'content.publish')) throw new AppError('FORBIDDEN', 'errors.forbidden')
  const item = await getItem(member, contentItemId)
  const assetIds = await member.withTenant(async (tx) => {
    const files = await tx.select({ id: asset.id, thumbnail: asset.customThumbnailAssetId }).from(asset).where(eq(asset.contentItemId, item.id))
    const [{ cover }] = await tx.select({ cover: contentItem.coverAssetId }).from(contentItem).where(eq(contentItem.id, item.id))
    // Its files go with the item (cascade); its cover and custom thumbnails hang off it.
    const attached = [cover, ...files.map((file) => file.thumbnail)].filter((id): id is string => Boolean(id))
    await tx.delete(contentItem).where(eq(contentItem.id, item.id))
    if (attached.length > 0) await tx.delete(asset).where(inArray(asset.id, attached))
    return [...files.map((file) => file.id), ...attached]
  })
  await removeStoredFiles(member.company.id, assetIds)
}

export async function updateAssetText(member: MemberContext, contentItemId: string, assetId: string, text: { title: string | null; description: string | null; altText: string | null }) {
  const item = await getItem(member, contentItemId)
  ensureCanEdit(member, item.status)
  const updated = await member.withTenant((tx) =>
    tx
      .update(asset)
      .set({ ...text, updatedAt: new Date() })
      .where(and(eq(asset.id, assetId), eq(asset.contentItemId, item.id)))
      .returning({ id: asset.id }),
  )
  if (updated.length === 0) throw new AppError('NOT_FOUND', 'content.errors.fileNotFound')
}

/** Saves a new order: `assetIds` lists every file of the item, first to last. */
export async function reorderAssets(member: MemberContext, contentItemId: string, assetIds: string[]) {
  const item = await getItem(member, contentItemId)
  ensureCanEdit(member, item.status)
  await member.withTenant(async (tx) => {
    const files = await tx.select({ id: asset.id }).from(asset).where(eq(asset.contentItemId, item.id))
    const known = new Set(files.map((file) => file.id))
    if (assetIds.length !== known.size || assetIds.some((id) => !known.has(id))) throw new AppError('CONFLICT', 'content.errors.orderChanged')
    for (const [position, id] of assetIds.entries()) await tx.update(asset).set({ position }).where(eq(asset.id, id))
    await tx.update(contentItem).set({ updatedAt: new Date() }).where(eq(contentItem.id, item.id))
  })
}

/** The admin's retry button for a file whose processing failed. */
export async function retryProcessing(member: MemberContext, contentItemId: string, assetId: string) {
  const item = await getItem(member, contentItemId)
  const [file] = await member.withTenant((tx) =>
    tx
      .update(asset)
      .set({ processingStatus: 'pending', processingError: null, updatedAt: new Date() })
      .where(and(eq(asset.id, assetId), eq(asset.contentItemId, item.id), eq(asset.processingStatus, 'failed')))
      .returning({ id: asset.id }),
  )
  if (!file) throw new AppError('NOT_FOUND', 'content.errors.fileNotFound')
  await enqueue(generateRenditionsJob, { companyId: member.company.id, assetId }, { singletonKey: assetId })
}

export async function removeAssets(member: MemberContext, contentItemId: string, assetIds: string[]) {
  const item = await getItem(member, contentItemId)
  ensureCanEdit(member, item.status)
  const removed = await member.withTenant(async (tx) => {
    const files = await tx
      .delete(asset)
      .where(and(eq(asset.contentItemId, item.id), inArray(asset.id, assetIds)))
      .returning({ id: asset.id, thumbnail: asset.customThumbnailAssetId })
    const thumbnails = files.flatMap((file) => (file.thumbnail ? [file.thumbnail] : []))
    if (thumbnails.length > 0) await tx.delete(asset).where(inArray(asset.id, thumbnails))
    return [...files.map((file) => file.id), ...thumbnails]
  })
  await removeStoredFiles(member.company.id, removed)
}
