import { randomUUID } from 'node:crypto'
import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import { z } from 'zod'
import { asset, contentItem, event, organization } from '#db/schema'
import { requirePermission, actorUserId, type TenantContext } from '#app/access/context'
import { generateRenditionsJob } from '#app/jobs/definitions/media/generate-renditions'
import { enqueue } from '#app/jobs/queue.server'
import type { Transaction } from '#app/lib/db.server'
import { hasControlCharacter } from '#app/lib/control-characters'
import { isStorageFull } from '#app/lib/disk-space.server'
import { AppError, isDatabaseUnavailable } from '#app/lib/errors'
import { logger } from '#app/lib/logger.server'
import { contentTypeFor, getStorage, mediaKey } from '#app/lib/storage.server'
import { checkDeclaredUpload, checkDetectedType, checkImagePixels, extensionOf, UPLOAD_PURPOSES } from '../upload-rules'
import { assertEventPhotoRoom, assertStorageRoom, lockCompanyMedia } from './plan-limits.server'
import type { readImageSize } from './read-image-size.server'
import { removeStoredFiles } from './remove-stored-files.server'

/*
 * A file uploaded into a company: its rules, judged on the declared name and length before any
 * byte is accepted (startUpload) and on the real bytes when the upload completes (finishUpload),
 * and the row that makes it the company's. The resumable protocol around it (tus) is the HTTP
 * adapter's, server/upload-server.ts. Refusals are AppErrors whose status the adapter answers.
 */

export const ZUploadMetadata = z.object({
  filename: z.string().trim().min(1).max(255),
  purpose: z.enum(UPLOAD_PURPOSES),
  contentItemId: z.uuid().optional(),
  /** Covers may belong to an event instead of a content item. */
  eventId: z.uuid().optional(),
  /** A custom thumbnail names the file it stands for. */
  assetId: z.uuid().optional(),
  /** The id the stored original gets, chosen by the server when the upload starts. */
  originalId: z.uuid().optional(),
  /** Gallery files chosen together: the batch and each file's place in the order they were chosen. */
  batch: z.uuid().optional(),
  index: z.coerce.number().int().min(0).max(100_000).optional(),
})

/** What the uploader says of a file: its name, what it is for and where it goes. */
export type UploadMetadata = z.infer<typeof ZUploadMetadata>

/** An upload's metadata as sent (tus metadata: strings), checked. */
export function parseUploadMetadata(raw: Record<string, string | null | undefined> | undefined): UploadMetadata {
  // A NUL in a name reached PostgreSQL (a 500); a line break in a type would reach the header
  // media are served with. Every value the uploader sent is judged, those the schema drops too:
  // the protocol's store keeps them all.
  if (Object.values(raw ?? {}).some((value) => typeof value === 'string' && hasControlCharacter(value)))
    throw new AppError('BAD_REQUEST', 'uploads.errors.controlCharacters')
  const parsed = ZUploadMetadata.safeParse(raw ?? {})
  if (!parsed.success) throw new AppError('BAD_REQUEST', 'uploads.errors.badRequest')
  return parsed.data
}

/** Where a finished upload's bytes are kept: the original's media key. */
export function originalKeyOf(metadata: Record<string, string | null | undefined> | undefined, fallbackId: string) {
  const values = metadata ?? {}
  return mediaKey(
    values.companyId ?? '',
    values.originalId ?? fallbackId,
    'original',
    extensionOf(values.filename ?? '') || 'bin',
  )
}

/** The gallery or content item an upload goes into, only if it belongs to the company. */
async function findTargetItem(tx: Transaction, companyId: string, contentItemId: string) {
  const [item] = await tx
    .select({ id: contentItem.id, kind: contentItem.kind, eventId: contentItem.eventId })
    .from(contentItem)
    .where(and(eq(contentItem.id, contentItemId), eq(contentItem.companyId, companyId)))
  return item
}

async function hasFileNamed(tx: Transaction, companyId: string, contentItemId: string, fileName: string) {
  const [row] = await tx
    .select({ id: asset.id })
    .from(asset)
    .where(
      and(
        eq(asset.companyId, companyId),
        eq(asset.contentItemId, contentItemId),
        sql`lower(${asset.originalName}) = lower(${fileName})`,
      ),
    )
    .limit(1)
  return Boolean(row)
}

/** What a cover or custom thumbnail is for, only if it belongs to the company. */
async function findAttachmentTarget(tx: Transaction, companyId: string, metadata: UploadMetadata) {
  if (metadata.purpose === 'thumbnail' && metadata.assetId) {
    const [target] = await tx
      .select({ id: asset.id, replaces: asset.customThumbnailAssetId, contentItemId: asset.contentItemId })
      .from(asset)
      .where(and(eq(asset.id, metadata.assetId), eq(asset.companyId, companyId)))
    return target ? { kind: 'thumbnail' as const, ...target } : null
  }
  if (metadata.purpose === 'cover' && metadata.eventId) {
    const [target] = await tx
      .select({ id: event.id, replaces: event.coverAssetId })
      .from(event)
      .where(and(eq(event.id, metadata.eventId), eq(event.companyId, companyId)))
    return target ? { kind: 'event-cover' as const, ...target } : null
  }
  if (metadata.purpose === 'cover' && metadata.contentItemId) {
    const [target] = await tx
      .select({ id: contentItem.id, replaces: contentItem.coverAssetId })
      .from(contentItem)
      .where(and(eq(contentItem.id, metadata.contentItemId), eq(contentItem.companyId, companyId)))
    return target ? { kind: 'content-cover' as const, ...target } : null
  }
  return null
}

type AttachmentTarget = NonNullable<Awaited<ReturnType<typeof findAttachmentTarget>>>

/** What a new cover or thumbnail illustrates: fans may see it exactly when they may see that. */
function illustrated(target: AttachmentTarget | null) {
  return {
    illustratesContentItemId:
      target?.kind === 'content-cover' ? target.id : target?.kind === 'thumbnail' ? target.contentItemId : null,
    illustratesEventId: target?.kind === 'event-cover' ? target.id : null,
  }
}

/** Points the target at its new cover or thumbnail; returns the one it replaced, to delete. */
async function attachToTarget(tx: Transaction, target: AttachmentTarget, assetId: string) {
  // The replaced file goes first. Processing a file locks its row and then the company's (a file
  // becoming ready bumps the company's page version, migration 0008); pointing the target at the
  // new file bumps the company too, so doing that first and then waiting for the file being
  // processed was a deadlock, and the upload failed.
  // A gallery photo chosen as the cover stays among the gallery's files; only an uploaded cover goes.
  const removed = target.replaces
    ? await tx
        .delete(asset)
        .where(and(eq(asset.id, target.replaces), inArray(asset.purpose, ['cover', 'thumbnail'])))
        .returning({ id: asset.id })
    : []
  if (target.kind === 'thumbnail')
    await tx
      .update(asset)
      .set({ customThumbnailAssetId: assetId, updatedAt: new Date() })
      .where(eq(asset.id, target.id))
  if (target.kind === 'event-cover')
    await tx.update(event).set({ coverAssetId: assetId, updatedAt: new Date() }).where(eq(event.id, target.id))
  if (target.kind === 'content-cover')
    await tx
      .update(contentItem)
      .set({ coverAssetId: assetId, updatedAt: new Date() })
      .where(eq(contentItem.id, target.id))
  return removed.length > 0 ? target.replaces : null
}

/**
 * Makes a new logo or landing hero the company's (fans see its web size once processed: the file
 * becoming ready refreshes their pages) and returns the images it replaced, to delete.
 */
async function replaceCompanyImage(tx: Transaction, companyId: string, purpose: 'logo' | 'hero', assetId: string) {
  // Files before the company: see attachToTarget.
  const replaced = await tx
    .delete(asset)
    .where(and(eq(asset.companyId, companyId), eq(asset.purpose, purpose), ne(asset.id, assetId)))
    .returning({ id: asset.id })
  await tx
    .update(organization)
    .set(purpose === 'logo' ? { logo: `/p/${assetId}/w400.webp` } : { heroAssetId: assetId })
    .where(eq(organization.id, companyId))
  return replaced.map((row) => row.id)
}

/**
 * Every rule that can be judged from the declared upload, in `tx`; throws the refusal. They bind
 * only when run after `lockCompanyMedia` in the transaction that stores the upload's row.
 */
async function checkUploadRules(tx: Transaction, context: TenantContext, metadata: UploadMetadata, size: number) {
  const declared = checkDeclaredUpload(metadata.purpose, metadata.filename, size)
  if (!declared.ok)
    throw new AppError(declared.messageKey.endsWith('TooLarge') ? 'TOO_LARGE' : 'BAD_REQUEST', declared.messageKey)
  const companyId = context.company.id
  const plan = context.entitlements
  await assertStorageRoom(tx, plan, companyId, size)
  // The logo and the landing's hero are company settings: only admins change them (spec section 6).
  if (metadata.purpose === 'logo' || metadata.purpose === 'hero') {
    requirePermission(context, 'company.manage', 'settings.errors.adminOnly')
    return
  }
  if (metadata.purpose === 'cover' || metadata.purpose === 'thumbnail') {
    if (!(await findAttachmentTarget(tx, companyId, metadata)))
      throw new AppError('NOT_FOUND', 'uploads.errors.noTarget')
    return
  }
  if (metadata.purpose !== 'gallery-media' && metadata.purpose !== 'content-file') return
  if (!metadata.contentItemId) throw new AppError('BAD_REQUEST', 'uploads.errors.noTarget')
  const item = await findTargetItem(tx, companyId, metadata.contentItemId)
  if (!item) throw new AppError('NOT_FOUND', 'uploads.errors.noTarget')
  if (metadata.purpose !== 'gallery-media') return
  if (item.kind !== 'gallery') throw new AppError('BAD_REQUEST', 'uploads.errors.noTarget')
  if (await hasFileNamed(tx, companyId, item.id, metadata.filename))
    throw new AppError('CONFLICT', 'uploads.errors.duplicate')
  if (declared.mediaType === 'image' && item.eventId)
    await assertEventPhotoRoom(tx, plan, companyId, item.eventId, 1, 'uploads.errors.eventPhotoLimit')
}

/**
 * Where a finished gallery file goes: at the end, unless a file chosen after it in the same batch
 * finished first; then just before the earliest such one, so the batch ends up in the order it
 * was chosen, not the order its uploads finished. Runs under `lockCompanyMedia`.
 */
async function galleryPosition(tx: Transaction, contentItemId: string, metadata: UploadMetadata) {
  if (metadata.batch !== undefined && metadata.index !== undefined) {
    const [{ before }] = await tx
      .select({ before: sql<number | null>`min(${asset.position})::int` })
      .from(asset)
      .where(
        and(
          eq(asset.contentItemId, contentItemId),
          eq(asset.uploadBatch, metadata.batch),
          sql`${asset.uploadIndex} > ${metadata.index}`,
        ),
      )
    if (before !== null) {
      await tx
        .update(asset)
        .set({ position: sql`${asset.position} + 1` })
        .where(and(eq(asset.contentItemId, contentItemId), sql`${asset.position} >= ${before}`))
      return before
    }
  }
  const [{ next }] = await tx
    .select({ next: sql<number>`coalesce(max(${asset.position}) + 1, 0)::int` })
    .from(asset)
    .where(eq(asset.contentItemId, contentItemId))
  return next
}

/**
 * An upload is about to start: its declared name, size and target are judged before any byte is
 * accepted. Returns what the server adds to its metadata: who, where and under which id are the
 * server's to say, never the client's.
 */
export async function startUpload(
  context: TenantContext,
  raw: Record<string, string | null | undefined> | undefined,
  size: number | undefined,
) {
  if (size === undefined) throw new AppError('BAD_REQUEST', 'uploads.errors.sizeUnknown')
  const metadata = parseUploadMetadata(raw)
  await context.withTenant((tx) => checkUploadRules(tx, context, metadata, size))
  return { companyId: context.company.id, userId: actorUserId(context), originalId: randomUUID() }
}

/** An upload's bytes, as the protocol's store keeps them until they are the company's. */
export type ReceivedFile = {
  /** The type the bytes say they are. */
  fileType: () => Promise<Parameters<typeof checkDetectedType>[1]>
  /** An image's width and height, read from its header. */
  imageSize: () => ReturnType<typeof readImageSize>
  /** Moves the bytes to `key` in storage (a no-op where they are already there). */
  keep: (key: string, contentType: string) => Promise<void>
  /** The bytes are at their key from the last byte on (uploads kept in the bucket). */
  storedAtKey: boolean
}

/**
 * An upload's last byte arrived: the real bytes are judged, the file is stored and its row made
 * the company's (a cover, thumbnail, logo or hero replaces the one before it), and photos and
 * videos are queued for their renditions. A refused file is removed from storage; the caller
 * discards what the protocol kept.
 */
export async function finishUpload(
  context: TenantContext,
  upload: { metadata: Record<string, string | null | undefined> | undefined; size: number; file: ReceivedFile },
) {
  const metadata = parseUploadMetadata(upload.metadata)
  const companyId = context.company.id
  // Uploads started before the server chose the id have none yet.
  const assetId = metadata.originalId ?? randomUUID()
  const storageKey = originalKeyOf(upload.metadata, assetId)
  const { size, file } = upload
  // Stored but not yet counted: removed again if the upload is refused after all.
  let uncounted: string | null = file.storedAtKey ? storageKey : null
  try {
    // A quick refusal before the file is stored; the binding check is the one under the lock below.
    await context.withTenant((tx) => checkUploadRules(tx, context, metadata, size))
    const detected = checkDetectedType(metadata.filename, await file.fileType())
    if (!detected.ok) throw new AppError('UNPROCESSABLE', detected.messageKey)
    // A pixel bomb (a few hundred KB claiming hundreds of megapixels) is judged by its header
    // and refused before anything is counted or queued.
    const dimensions = detected.mediaType === 'image' ? await file.imageSize() : null
    const pixels = dimensions ? checkImagePixels(dimensions.width, dimensions.height) : null
    if (pixels && !pixels.ok) throw new AppError('UNPROCESSABLE', pixels.messageKey, pixels.values)
    const mimeType = contentTypeFor(storageKey)
    uncounted = storageKey
    await file.keep(storageKey, mimeType)
    const attachment = metadata.purpose === 'cover' || metadata.purpose === 'thumbnail'
    const replaced = await context.withTenant(async (tx) => {
      // Uploads finishing together are counted one after the other: the check and the row that
      // uses the room are one step, so they cannot all fit in the same last free space.
      await lockCompanyMedia(tx, companyId)
      await checkUploadRules(tx, context, metadata, size)
      const target = attachment ? await findAttachmentTarget(tx, companyId, metadata) : null
      const next =
        metadata.contentItemId && metadata.purpose === 'gallery-media'
          ? await galleryPosition(tx, metadata.contentItemId, metadata)
          : 0
      await tx.insert(asset).values({
        id: assetId,
        companyId,
        // Covers and thumbnails hang off what they illustrate, not among its files.
        contentItemId: attachment ? null : (metadata.contentItemId ?? null),
        purpose: metadata.purpose,
        mediaType: detected.mediaType,
        originalName: metadata.filename,
        mimeType,
        sizeBytes: size,
        storageKey,
        position: next,
        ...(metadata.purpose === 'gallery-media' && metadata.batch !== undefined && metadata.index !== undefined
          ? { uploadBatch: metadata.batch, uploadIndex: metadata.index }
          : {}),
        createdBy: actorUserId(context),
        ...illustrated(target),
      })
      if (metadata.purpose === 'logo' || metadata.purpose === 'hero')
        return replaceCompanyImage(tx, companyId, metadata.purpose, assetId)
      const replacedOne = target ? await attachToTarget(tx, target, assetId) : null
      return replacedOne ? [replacedOne] : []
    })
    uncounted = null
    if (replaced.length > 0) await removeStoredFiles(companyId, replaced)
    if (detected.mediaType === 'image' || detected.mediaType === 'video') {
      // A lost job is not lost work: the sweeper re-queues photos and videos still pending.
      await enqueue(generateRenditionsJob, { companyId, assetId }, { singletonKey: assetId }).catch((error) =>
        logger.error({ err: error, assetId }, 'rendition job not queued'),
      )
    }
    return { assetId }
  } catch (error) {
    if (uncounted)
      await getStorage()
        .delete(uncounted)
        .catch((removal) => logger.error({ err: removal, key: uncounted }, 'refused upload not removed'))
    if (error instanceof AppError) throw error
    // The disk filled while the original was moved or copied into place: said as such, and the
    // half-written copy is gone (the storage driver removes it).
    if (isStorageFull(error)) {
      logger.warn({ err: error, assetId }, 'upload not stored: storage is full')
      throw new AppError('STORAGE_FULL', 'uploads.errors.storageFull')
    }
    // The database away for a moment: "try again shortly" (503), and nothing half-kept.
    if (isDatabaseUnavailable(error)) throw new AppError('UNAVAILABLE', 'errors.unavailableForNow')
    logger.error({ err: error, assetId }, 'upload could not be stored')
    throw new AppError('INTERNAL', 'uploads.errors.failed')
  }
}
