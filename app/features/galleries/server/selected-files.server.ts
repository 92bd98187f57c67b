import { and, eq, inArray, sql } from 'drizzle-orm'
import { asset, contentItem } from '#db/schema'
import { recordAuditEvent } from '#app/features/audit/server/record-audit-event.server'
import { AppError } from '#app/lib/errors'
import type { Transaction } from '#app/lib/db.server'
import { actorUserId, type TenantContext } from '#app/access/context'

/*
 * What the editor's bulk actions share: the selected files, found whole or not at all; the new
 * order of an item's files written in one statement; the item marked changed; the audit entry.
 */

/**
 * The selected files of this item of the company, in the item's order. One that is another
 * item's, another company's or gone refuses the whole selection: nothing is changed.
 */
export async function findSelectedFiles(
  tx: Transaction,
  context: TenantContext,
  contentItemId: string,
  assetIds: string[],
) {
  const files = await tx
    .select({
      id: asset.id,
      mediaType: asset.mediaType,
      customThumbnailAssetId: asset.customThumbnailAssetId,
    })
    .from(asset)
    .where(
      and(eq(asset.contentItemId, contentItemId), eq(asset.companyId, context.company.id), inArray(asset.id, assetIds)),
    )
    .orderBy(asset.position, asset.createdAt)
  if (files.length < new Set(assetIds).size) throw new AppError('NOT_FOUND', 'studio.editor.bulk.errors.notInGallery')
  return files
}

/**
 * Saves an item's order: `assetIds` first to last, each placed by its index. One statement,
 * however many files: fans' pages see one change (migration 0008), and a 2,000-photo gallery
 * is not 2,000 round trips.
 */
export async function writeFileOrder(tx: Transaction, contentItemId: string, assetIds: string[]) {
  await tx.execute(sql`
    update ${asset} set position = ordered.position - 1
    from unnest(${sql.param(assetIds)}::uuid[]) with ordinality as ordered(id, position)
    where ${asset.id} = ordered.id and ${asset.contentItemId} = ${contentItemId} and ${asset.position} is distinct from ordered.position - 1`)
}

/** The item changed: its editor and fans' pages read it anew. */
export async function touchContentItems(tx: Transaction, contentItemIds: string[]) {
  await tx.update(contentItem).set({ updatedAt: new Date() }).where(inArray(contentItem.id, contentItemIds))
}

/** The audit trail's entry of a bulk action on a gallery's files (the log links the gallery). */
export async function auditSelectedFiles(
  context: TenantContext,
  action:
    | 'gallery.files.publish'
    | 'gallery.files.hide'
    | 'gallery.files.move'
    | 'gallery.files.alt-text'
    | 'gallery.files.order-by-capture',
  contentItemId: string,
  assetIds: string[],
  details: Record<string, unknown> = {},
) {
  await recordAuditEvent({
    category: 'admin_privileged_action',
    action,
    companyId: context.company.id,
    actorUserId: actorUserId(context),
    tableName: 'assets',
    recordId: contentItemId,
    details: { contentItemId, count: assetIds.length, assetIds: assetIds.slice(0, 50), ...details },
  })
}
