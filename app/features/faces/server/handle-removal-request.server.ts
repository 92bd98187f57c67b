import { and, eq, inArray } from 'drizzle-orm'
import { asset, faceEmbedding, findMeRemovalRequest } from '#db/schema'
import { recordAuditEvent } from '#app/features/audit/server/record-audit-event.server'
import { changeFilesVisibility } from '#app/features/galleries/server/change-files-visibility.server'
import { AppError } from '#app/lib/errors'
import { actorUserId, requirePermission, type TenantContext } from '#app/access/context'
import type { RemovalDecision } from '../find-me.schema'

/**
 * The company's answer to a fan's "remove me": hide the photos from fans (as the editor's bulk
 * "Hide" does: they stay in the gallery, out of every fan's read), leave the fan's face out of the
 * index (the photos stay; a search no longer finds them by that face), or dismiss it. Managers and
 * admins: hiding is unpublishing. Photos deleted since the request are passed over.
 */
export async function handleRemovalRequest(
  context: TenantContext,
  galleryId: string,
  requestId: string,
  decision: RemovalDecision,
) {
  requirePermission(context, 'content.publish')
  const request = await context.withTenant(async (tx) => {
    const [found] = await tx
      .select({ assetIds: findMeRemovalRequest.assetIds, faceIds: findMeRemovalRequest.faceIds })
      .from(findMeRemovalRequest)
      .where(
        and(
          eq(findMeRemovalRequest.id, requestId),
          eq(findMeRemovalRequest.contentItemId, galleryId),
          eq(findMeRemovalRequest.companyId, context.company.id),
          eq(findMeRemovalRequest.status, 'open'),
        ),
      )
    if (!found) throw new AppError('NOT_FOUND', 'findMeStudio.errors.requestGone')
    const present =
      found.assetIds.length === 0
        ? []
        : await tx
            .select({ id: asset.id })
            .from(asset)
            .where(and(eq(asset.contentItemId, galleryId), inArray(asset.id, found.assetIds)))
    return { ...found, assetIds: present.map((row) => row.id) }
  })
  if (decision === 'hidden' && request.assetIds.length > 0)
    await changeFilesVisibility(context, galleryId, request.assetIds, 'hidden')
  await context.withTenant(async (tx) => {
    if (decision === 'excluded' && request.faceIds.length > 0)
      await tx
        .update(faceEmbedding)
        .set({ excluded: true })
        .where(and(eq(faceEmbedding.contentItemId, galleryId), inArray(faceEmbedding.id, request.faceIds)))
    await tx
      .update(findMeRemovalRequest)
      .set({ status: decision, handledAt: new Date(), handledBy: actorUserId(context) })
      .where(eq(findMeRemovalRequest.id, requestId))
  })
  await recordAuditEvent({
    category: 'admin_privileged_action',
    action: 'content.find-me.removal',
    companyId: context.company.id,
    actorUserId: actorUserId(context),
    tableName: 'find_me_removal_requests',
    recordId: requestId,
    details: { contentItemId: galleryId, decision },
  })
}
