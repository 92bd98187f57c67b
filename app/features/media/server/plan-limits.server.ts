import { and, eq, sql } from 'drizzle-orm'
import { asset, contentItem } from '#db/schema'
import type { Transaction } from '#app/lib/db.server'
import { AppError } from '#app/lib/errors'
import type { TenantContext } from '#app/access/context'
import { UPGRADE_PATH, type Entitlements } from '#app/features/billing/entitlements'

/*
 * The plan's two counted limits, storage and photos per event, for every path that adds to them
 * (an upload, a gallery attached to an event). A check only holds if nothing else adds between it
 * and the write: callers take `lockCompanyMedia` first, in the transaction that writes.
 */

/** Serialises, until the transaction ends, every change that adds to the company's counted media. */
export async function lockCompanyMedia(tx: Transaction, companyId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`media:${companyId}`}, 0))`)
}

export async function companyUsageBytes(tx: Transaction, companyId: string) {
  const [row] = await tx
    .select({ used: sql<string>`coalesce(sum(${asset.sizeBytes}), 0)` })
    .from(asset)
    .where(eq(asset.companyId, companyId))
  return Number(row.used)
}

/** Photos counted against photos per event: the images in the galleries of the event. */
const eventPhoto = (companyId: string) =>
  and(eq(asset.companyId, companyId), eq(asset.mediaType, 'image'), eq(asset.purpose, 'gallery-media'))

export async function countEventPhotos(tx: Transaction, companyId: string, eventId: string) {
  const [row] = await tx
    .select({ photos: sql<number>`count(*)::int` })
    .from(asset)
    .innerJoin(contentItem, eq(contentItem.id, asset.contentItemId))
    .where(and(eventPhoto(companyId), eq(contentItem.eventId, eventId)))
  return row.photos
}

async function countItemPhotos(tx: Transaction, companyId: string, contentItemId: string) {
  const [row] = await tx
    .select({ photos: sql<number>`count(*)::int` })
    .from(asset)
    .where(and(eventPhoto(companyId), eq(asset.contentItemId, contentItemId)))
  return row.photos
}

/** 402 with the plan that lifts the limit and where to get it; `values` fill the message. */
function planLimit(messageKey: string, plan: Entitlements['plan'], values: Record<string, unknown> = {}) {
  return new AppError('PAYMENT_REQUIRED', messageKey, { ...values, plan, upgradeUrl: UPGRADE_PATH })
}

/** Refuses `adding` bytes the plan's storage has no room for. */
export async function assertStorageRoom(
  tx: Transaction,
  entitlements: Entitlements,
  companyId: string,
  adding: number,
) {
  if ((await companyUsageBytes(tx, companyId)) + adding > entitlements.storageBytes) {
    throw planLimit('uploads.errors.quotaExceeded', entitlements.plan === 'starter' ? 'professional' : 'enterprise')
  }
}

/**
 * Refuses `adding` photos to an event the plan's photos per event has no room for. Adding none
 * is always allowed (an event over the limit after a downgrade keeps its photos).
 */
export async function assertEventPhotoRoom(
  tx: Transaction,
  entitlements: Entitlements,
  companyId: string,
  eventId: string,
  adding: number,
  messageKey: string,
) {
  if (adding <= 0 || entitlements.photosPerEvent === Infinity) return
  if ((await countEventPhotos(tx, companyId, eventId)) + adding > entitlements.photosPerEvent) {
    throw planLimit(messageKey, 'professional', { limit: entitlements.photosPerEvent })
  }
}

/** Refuses putting a content item in an event without room for its photos (nothing to count if it is there already). */
export async function assertRoomForItemInEvent(
  tx: Transaction,
  context: TenantContext,
  contentItemId: string,
  eventId: string,
) {
  const companyId = context.company.id
  const [item] = await tx
    .select({ eventId: contentItem.eventId })
    .from(contentItem)
    .where(and(eq(contentItem.id, contentItemId), eq(contentItem.companyId, companyId)))
  if (!item || item.eventId === eventId) return
  await assertEventPhotoRoom(
    tx,
    context.entitlements,
    companyId,
    eventId,
    await countItemPhotos(tx, companyId, contentItemId),
    'content.errors.eventPhotoLimit',
  )
}
