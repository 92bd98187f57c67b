import { and, eq } from 'drizzle-orm'
import { contentItem } from '#db/schema'
import { requireEntitlement } from '#app/features/billing/entitlements'
import { ensureCanEditContent } from '#app/features/galleries/server/get-content-item.server'
import { AppError } from '#app/lib/errors'
import type { TenantContext } from '#app/access/context'
import type { TGalleryProtection } from '../protection'
import { hashSecret } from './hash-secret.server'
import { findVideosWithoutWebVersion } from '#app/features/media/server/web-video.server'
import { makeWebVideoJob } from '#app/jobs/definitions/media/make-web-video'
import { enqueue } from '#app/jobs/queue.server'

/**
 * Sets a gallery's protection (Professional and above). A new password or PIN locks out every
 * fan who entered the old one (their cookies were signed over it); a new end date may earn the
 * company a new reminder. Web size only queues the web versions its videos lack (saving it again
 * tries those that failed once more).
 */
export async function updateGalleryProtection(
  context: TenantContext,
  galleryId: string,
  input: TGalleryProtection,
  now = new Date(),
) {
  requireEntitlement(context.entitlements, 'galleryProtection', 'protection.errors.plan')
  const videosToMake = await context.withTenant(async (tx) => {
    const [item] = await tx
      .select({ status: contentItem.status, expiresAt: contentItem.expiresAt })
      .from(contentItem)
      .where(
        and(
          eq(contentItem.id, galleryId),
          eq(contentItem.companyId, context.company.id),
          eq(contentItem.kind, 'gallery'),
        ),
      )
      .for('update')
    if (!item) throw new AppError('NOT_FOUND', 'content.errors.notFound')
    ensureCanEditContent(context, item.status)
    const changedExpiry = (item.expiresAt?.getTime() ?? null) !== (input.expiresAt?.getTime() ?? null)
    if (changedExpiry && input.expiresAt && input.expiresAt <= now)
      throw new AppError('BAD_REQUEST', 'protection.errors.expiresInPast')
    await tx
      .update(contentItem)
      .set({
        ...(input.clearPassword
          ? { accessPasswordHash: null }
          : input.password
            ? { accessPasswordHash: await hashSecret(input.password) }
            : {}),
        ...(input.clearPin
          ? { downloadPinHash: null }
          : input.pin
            ? { downloadPinHash: await hashSecret(input.pin) }
            : {}),
        downloadMode: input.downloadMode,
        expiresAt: input.expiresAt,
        ...(changedExpiry ? { expiryReminderSentAt: null } : {}),
        updatedAt: now,
      })
      .where(eq(contentItem.id, galleryId))
    return input.downloadMode === 'web' ? findVideosWithoutWebVersion(tx, [galleryId]) : []
  })
  // Each made by a job of its own (minutes each); until then the gallery's ZIP goes without them.
  for (const { assetId } of videosToMake) await enqueue(makeWebVideoJob, { companyId: context.company.id, assetId })
}
