import { eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { organization } from '#db/schema'
import { recordAuditEvent } from '#app/features/audit/server/record-audit-event.server'
import { assertCanEditSettings } from '#app/features/companies/server/settings-access.server'
import { rewatermarkJob } from '#app/jobs/definitions/media/rewatermark'
import { enqueueInTransaction } from '#app/jobs/queue.server'
import { AppError } from '#app/lib/errors'
import { getStorage } from '#app/lib/storage.server'
import { actorUserId, type TenantContext } from '#app/access/context'
import { WATERMARK_MAX_BYTES, type TWatermarkSettings } from '../watermark'

/** A watermark file as uploaded: a PNG with an alpha channel, at most 2 MB and 4000 px a side. */
async function checkedWatermark(file: File) {
  if (file.size > WATERMARK_MAX_BYTES) throw new AppError('BAD_REQUEST', 'watermark.errors.tooLarge', { field: 'file' })
  const bytes = Buffer.from(await file.arrayBuffer())
  const metadata = await sharp(bytes, { limitInputPixels: 4000 * 4000 })
    .metadata()
    .catch(() => null)
  if (
    !metadata ||
    metadata.format !== 'png' ||
    !metadata.width ||
    !metadata.height ||
    metadata.width > 4000 ||
    metadata.height > 4000
  )
    throw new AppError('BAD_REQUEST', 'watermark.errors.notPng', { field: 'file' })
  if (!metadata.hasAlpha) throw new AppError('BAD_REQUEST', 'watermark.errors.noTransparency', { field: 'file' })
  return bytes
}

/**
 * Sets, changes or removes the company's watermark (admins). The row's version moves and one
 * job, queued in the same transaction, makes every photo's renditions again in the background:
 * no request waits for them, and fans keep the old ones until the new ones are stored.
 */
export async function saveWatermark(context: TenantContext, input: TWatermarkSettings & { file: File | null }) {
  assertCanEditSettings(context)
  const companyId = context.company.id
  const [current] = await context.withTenant((tx) =>
    tx
      .select({ key: organization.watermarkKey, version: organization.watermarkVersion })
      .from(organization)
      .where(eq(organization.id, companyId)),
  )
  if (!current) throw new AppError('NOT_FOUND', 'errors.companyNotFound')
  // Removing a watermark there is not changes nothing, and has no photos to redraw.
  if (input.intent === 'remove' && !current.key) return
  const version = current.version + 1
  let key = input.intent === 'remove' ? null : current.key
  if (input.intent === 'save' && input.file && input.file.size > 0) {
    const bytes = await checkedWatermark(input.file)
    key = `${companyId}/watermark/v${version}.png`
    await getStorage().put(key, bytes, { contentType: 'image/png' })
  }
  if (input.intent === 'save' && !key)
    throw new AppError('BAD_REQUEST', 'watermark.errors.fileRequired', { field: 'file' })
  await context.withTenant(async (tx) => {
    await tx
      .update(organization)
      .set({
        watermarkKey: key,
        watermarkPosition: input.position,
        watermarkScale: input.scale,
        watermarkOpacity: input.opacity,
        watermarkVersion: sql`${organization.watermarkVersion} + 1`,
      })
      .where(eq(organization.id, companyId))
    await enqueueInTransaction(tx, rewatermarkJob, { companyId, version })
  })
  // The former file is no longer named by the row.
  if (current.key && current.key !== key)
    await getStorage()
      .delete(current.key)
      .catch(() => undefined)
  await recordAuditEvent({
    category: 'admin_privileged_action',
    action: 'company.watermark.update',
    companyId,
    actorUserId: actorUserId(context),
    tableName: 'companies',
    recordId: companyId,
    details: { removed: key === null, position: input.position, scale: input.scale, opacity: input.opacity },
  })
}
