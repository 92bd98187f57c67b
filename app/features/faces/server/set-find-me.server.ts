import { and, eq, sql } from 'drizzle-orm'
import { asset, contentItem, faceEmbedding, organization } from '#db/schema'
import { recordAuditEvent } from '#app/features/audit/server/record-audit-event.server'
import { requireEntitlement } from '#app/features/billing/entitlements'
import { ensureCanEditContent } from '#app/features/galleries/server/get-content-item.server'
import { indexGalleryFacesJob } from '#app/jobs/definitions/faces/index-gallery'
import { enqueueInTransaction } from '#app/jobs/queue.server'
import { AppError } from '#app/lib/errors'
import { actorUserId, requirePermission, type TenantContext } from '#app/access/context'
import type { TFindMeSwitch } from '../find-me.schema'

/**
 * Switches a gallery's Find me (Professional and above). The first switch on for the company
 * needs the admin's acknowledgement of what it does, kept with who gave it. On queues the index
 * of the gallery's photos; off deletes the gallery's face index at once, in the same transaction.
 */
export async function setFindMe(context: TenantContext, galleryId: string, wanted: TFindMeSwitch) {
  requirePermission(context, 'content.write')
  requireEntitlement(context.entitlements, 'findMe', 'findMeStudio.errors.plan')
  const companyId = context.company.id
  const changed = await context.withTenant(async (tx) => {
    const [item] = await tx
      .select({ status: contentItem.status, kind: contentItem.kind, findMe: contentItem.findMe })
      .from(contentItem)
      .where(and(eq(contentItem.id, galleryId), eq(contentItem.companyId, companyId)))
      .for('update')
    if (!item || item.kind !== 'gallery') throw new AppError('NOT_FOUND', 'content.errors.notFound')
    ensureCanEditContent(context, item.status)
    if (wanted.enabled) {
      const [company] = await tx
        .select({ acknowledgedAt: organization.findMeAcknowledgedAt })
        .from(organization)
        .where(eq(organization.id, companyId))
      if (!company?.acknowledgedAt) {
        if (!wanted.acknowledge) throw new AppError('BAD_REQUEST', 'findMeStudio.errors.acknowledge')
        await tx
          .update(organization)
          .set({ findMeAcknowledgedAt: new Date(), findMeAcknowledgedBy: actorUserId(context) })
          .where(eq(organization.id, companyId))
      }
    }
    if (item.findMe === wanted.enabled) return false
    await tx
      .update(contentItem)
      .set({ findMe: wanted.enabled, updatedAt: new Date() })
      .where(eq(contentItem.id, galleryId))
    if (wanted.enabled) {
      await enqueueInTransaction(tx, indexGalleryFacesJob, { companyId, contentItemId: galleryId })
    } else {
      await tx.delete(faceEmbedding).where(eq(faceEmbedding.contentItemId, galleryId))
      await tx
        .update(asset)
        .set({ facesIndexedAt: null, facesFound: null, facesSkipped: null })
        .where(and(eq(asset.contentItemId, galleryId), sql`${asset.facesIndexedAt} is not null`))
    }
    return true
  })
  if (changed)
    await recordAuditEvent({
      category: 'admin_privileged_action',
      action: 'content.find-me.update',
      companyId,
      actorUserId: actorUserId(context),
      tableName: 'content_items',
      recordId: galleryId,
      details: { contentItemId: galleryId, enabled: wanted.enabled },
    })
  return { changed }
}
