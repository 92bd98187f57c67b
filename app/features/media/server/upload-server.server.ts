import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { MemoryLocker, Server as TusServer, type ServerOptions, type Upload } from '@tus/server'
import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import { z } from 'zod'
import { asset, contentItem, event, organization } from '#db/schema'
import type { Transaction } from '#app/lib/db.server'
import { AppError } from '#app/lib/errors'
import { getFixedT } from '#app/lib/i18n.server'
import { detectLanguage } from '#app/lib/i18n'
import { logger } from '#app/lib/logger.server'
import { contentTypeFor, createS3Client, getStorage, mediaKey, type S3Options } from '#app/lib/storage.server'
import { actorCan, actorUserId, type TenantContext } from '#app/access/context'
import { requireActor } from '#app/access/tenant.server'
import { checkDeclaredUpload, checkDetectedType, checkImagePixels, extensionOf, UPLOAD_PURPOSES } from '../upload-rules'
import { detectFileType } from './detect-file-type.server'
import { readImageSize } from './read-image-size.server'
import { generateRenditionsJob } from '#app/jobs/definitions/media/generate-renditions'
import { assertEventPhotoRoom, assertStorageRoom, lockCompanyMedia } from './plan-limits.server'
import { removeStoredFiles } from './remove-stored-files.server'
import { DiskFriendlyFileStore, UPLOAD_EXPIRATION_MS } from './upload-file-store.server'
import { S3UploadStore } from './s3-upload-store.server'
import { SharedUploadLocker } from './upload-locker.server'
import { enqueue } from '#app/jobs/queue.server'

/*
 * The one resumable upload endpoint (tus protocol). Every request is authenticated by the
 * session or an API key (the same tenant guard) and scoped to that company; the rules are checked on the declared name and
 * length before any byte is accepted, and on the real bytes when the upload completes.
 */

export const UPLOAD_PATH = '/api/uploads'

const ZUploadMetadata = z.object({
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

type TusError = { status_code: number; body: string }

/** A tus error whose body carries the message in the uploader's language. */
function refusal(request: Request, status: number, messageKey: string, values: Record<string, unknown> = {}): TusError {
  const message = getFixedT(detectLanguage(request))(messageKey, values)
  return { status_code: status, body: JSON.stringify({ messageKey, message }) }
}

/** A plan limit (plan-limits.server.ts): 402 with the plan that lifts it and where to get it. */
function planLimit(request: Request, error: AppError): TusError {
  const { plan, upgradeUrl, ...values } = error.details
  const message = getFixedT(detectLanguage(request))(error.messageKey, values)
  return { status_code: 402, body: JSON.stringify({ messageKey: error.messageKey, message, plan, upgradeUrl }) }
}

const members = new WeakMap<Request, TenantContext>()

/** The tenant guard, answering in tus terms: 401 signed out (or no company yet), else the error's status. */
async function authenticate(request: Request): Promise<TenantContext> {
  try {
    return await requireActor(request, 'content.write')
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    if (error.code === 'UNAUTHENTICATED' || error.code === 'NO_COMPANY')
      throw refusal(request, 401, error.messageKey.startsWith('api.') ? error.messageKey : 'uploads.errors.signedOut')
    // A key's refusals (plan, rate, scope) say which; a person's stay the generic ones.
    throw refusal(
      request,
      error.status,
      error.code === 'INTERNAL' || error.messageKey.startsWith('api.') ? error.messageKey : 'errors.forbidden',
    )
  }
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

type Metadata = z.infer<typeof ZUploadMetadata>

/** What a cover or custom thumbnail is for, only if it belongs to the company. */
async function findAttachmentTarget(tx: Transaction, companyId: string, metadata: Metadata) {
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
 * Every rule that can be judged from the declared upload, in `tx`; throws a tus refusal. They bind
 * only when run after `lockCompanyMedia` in the transaction that stores the upload's row.
 */
async function checkUploadRules(
  tx: Transaction,
  request: Request,
  member: TenantContext,
  metadata: Metadata,
  size: number,
) {
  const declared = checkDeclaredUpload(metadata.purpose, metadata.filename, size)
  if (!declared.ok) throw refusal(request, declared.messageKey.endsWith('TooLarge') ? 413 : 400, declared.messageKey)
  const companyId = member.company.id
  const plan = member.entitlements
  try {
    await assertStorageRoom(tx, plan, companyId, size)
    // The logo and the landing's hero are company settings: only admins change them (spec section 6).
    if (metadata.purpose === 'logo' || metadata.purpose === 'hero') {
      if (!actorCan(member, 'company.manage')) throw refusal(request, 403, 'settings.errors.adminOnly')
      return
    }
    if (metadata.purpose === 'cover' || metadata.purpose === 'thumbnail') {
      if (!(await findAttachmentTarget(tx, companyId, metadata))) throw refusal(request, 404, 'uploads.errors.noTarget')
      return
    }
    if (metadata.purpose !== 'gallery-media' && metadata.purpose !== 'content-file') return
    if (!metadata.contentItemId) throw refusal(request, 400, 'uploads.errors.noTarget')
    const item = await findTargetItem(tx, companyId, metadata.contentItemId)
    if (!item) throw refusal(request, 404, 'uploads.errors.noTarget')
    if (metadata.purpose !== 'gallery-media') return
    if (item.kind !== 'gallery') throw refusal(request, 400, 'uploads.errors.noTarget')
    if (await hasFileNamed(tx, companyId, item.id, metadata.filename))
      throw refusal(request, 409, 'uploads.errors.duplicate')
    if (declared.mediaType === 'image' && item.eventId)
      await assertEventPhotoRoom(tx, plan, companyId, item.eventId, 1, 'uploads.errors.eventPhotoLimit')
  } catch (error) {
    throw error instanceof AppError && error.code === 'PAYMENT_REQUIRED' ? planLimit(request, error) : error
  }
}

/**
 * Where a finished gallery file goes: at the end, unless a file chosen after it in the same batch
 * finished first; then just before the earliest such one, so the batch ends up in the order it
 * was chosen, not the order its uploads finished. Runs under `lockCompanyMedia`.
 */
async function galleryPosition(tx: Transaction, contentItemId: string, metadata: Metadata) {
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

function parseMetadata(request: Request, upload: Upload) {
  const parsed = ZUploadMetadata.safeParse(upload.metadata ?? {})
  if (!parsed.success) throw refusal(request, 400, 'uploads.errors.badRequest')
  return parsed.data
}

/** Where a finished upload's bytes are kept: the original's media key. */
function originalKeyOf(upload: Upload, fallbackId: string) {
  const metadata = upload.metadata ?? {}
  return mediaKey(
    metadata.companyId ?? '',
    metadata.originalId ?? fallbackId,
    'original',
    extensionOf(metadata.filename ?? '') || 'bin',
  )
}

/**
 * Where uploads in progress are kept. With S3 storage, in the bucket, so that any app process
 * can resume an upload another one started; else on this process's disk, moved into storage
 * when finished.
 */
const IMAGE_HEADER_BYTES = 1024 * 1024

function uploadStore(options: { directory: string; s3?: S3Options | null }) {
  if (options.s3) {
    const store = new S3UploadStore({
      client: createS3Client(options.s3),
      bucket: options.s3.bucket,
      keyOf: (upload) => originalKeyOf(upload, upload.id),
      expirationPeriodInMilliseconds: UPLOAD_EXPIRATION_MS,
    })
    return {
      store,
      fileType: (upload: Upload) => store.fileType(upload.id),
      // A header is within the first megabyte, whatever comes before it (EXIF, ICC profiles).
      imageSize: async (upload: Upload) => readImageSize(await store.head(upload.id, IMAGE_HEADER_BYTES)),
      // The bytes are at the original's key already.
      keep: (upload: Upload) => store.forget(upload.id),
      discard: (upload: Upload) => store.remove(upload.id),
    }
  }
  const store = new DiskFriendlyFileStore(options.directory)
  const file = (upload: Upload) => path.join(options.directory, upload.id)
  return {
    store,
    fileType: (upload: Upload) => detectFileType(file(upload)),
    imageSize: (upload: Upload) => readImageSize(file(upload)),
    keep: async (upload: Upload, key: string, contentType: string) => {
      await getStorage().putFile(key, file(upload), { contentType })
      await store.remove(upload.id).catch(() => undefined)
    },
    discard: (upload: Upload) => store.remove(upload.id),
  }
}

export function createUploadServer(options: { directory: string; s3?: S3Options | null }) {
  const uploads = uploadStore(options)
  const store = uploads.store

  const hooks: Partial<ServerOptions> = {
    async onIncomingRequest(request, uploadId) {
      const member = await authenticate(request)
      members.set(request, member)
      if (request.method === 'POST') return
      // Resuming, checking or cancelling: only the company that started the upload may.
      const upload = await store.getUpload(uploadId).catch(() => null)
      if (!upload || upload.metadata?.companyId !== member.company.id)
        throw refusal(request, 404, 'uploads.errors.notFound')
    },

    async onUploadCreate(request, upload) {
      const member = members.get(request) ?? (await authenticate(request))
      const size = upload.size
      if (size === undefined) throw refusal(request, 400, 'uploads.errors.sizeUnknown')
      const metadata = parseMetadata(request, upload)
      await member.withTenant((tx) => checkUploadRules(tx, request, member, metadata, size))
      // Who, where and under which id are the server's to say, never the client's.
      return {
        metadata: {
          ...upload.metadata,
          companyId: member.company.id,
          userId: actorUserId(member),
          originalId: randomUUID(),
        },
      }
    },

    async onUploadFinish(request, upload) {
      const member = members.get(request) ?? (await authenticate(request))
      const metadata = parseMetadata(request, upload)
      // Uploads started before the server chose the id have none yet.
      const assetId = metadata.originalId ?? randomUUID()
      const storageKey = originalKeyOf(upload, assetId)
      // Stored but not yet counted: removed again if the upload is refused after all (uploads kept
      // in S3 are at their key from the last byte on).
      let uncounted: string | null = options.s3 ? storageKey : null
      try {
        const size = upload.size ?? upload.offset
        // A quick refusal before the file is stored; the binding check is the one under the lock below.
        await member.withTenant((tx) => checkUploadRules(tx, request, member, metadata, size))
        const detected = checkDetectedType(metadata.filename, await uploads.fileType(upload))
        if (!detected.ok) throw refusal(request, 422, detected.messageKey)
        // A pixel bomb (a few hundred KB claiming hundreds of megapixels) is judged by its header
        // and refused before anything is counted or queued.
        const dimensions = detected.mediaType === 'image' ? await uploads.imageSize(upload) : null
        const pixels = dimensions ? checkImagePixels(dimensions.width, dimensions.height) : null
        if (pixels && !pixels.ok) throw refusal(request, 422, pixels.messageKey, pixels.values)
        const mimeType = contentTypeFor(storageKey)
        uncounted = storageKey
        await uploads.keep(upload, storageKey, mimeType)
        const attachment = metadata.purpose === 'cover' || metadata.purpose === 'thumbnail'
        const replaced = await member.withTenant(async (tx) => {
          // Uploads finishing together are counted one after the other: the check and the row that
          // uses the room are one step, so they cannot all fit in the same last free space.
          await lockCompanyMedia(tx, member.company.id)
          await checkUploadRules(tx, request, member, metadata, size)
          const target = attachment ? await findAttachmentTarget(tx, member.company.id, metadata) : null
          const next =
            metadata.contentItemId && metadata.purpose === 'gallery-media'
              ? await galleryPosition(tx, metadata.contentItemId, metadata)
              : 0
          await tx.insert(asset).values({
            id: assetId,
            companyId: member.company.id,
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
            createdBy: actorUserId(member),
            ...illustrated(target),
          })
          if (metadata.purpose === 'logo' || metadata.purpose === 'hero')
            return replaceCompanyImage(tx, member.company.id, metadata.purpose, assetId)
          const replacedOne = target ? await attachToTarget(tx, target, assetId) : null
          return replacedOne ? [replacedOne] : []
        })
        uncounted = null
        if (replaced.length > 0) await removeStoredFiles(member.company.id, replaced)
        if (detected.mediaType === 'image' || detected.mediaType === 'video') {
          // A lost job is not lost work: the sweeper re-queues photos and videos still pending.
          await enqueue(
            generateRenditionsJob,
            { companyId: member.company.id, assetId },
            { singletonKey: assetId },
          ).catch((error) => logger.error({ err: error, assetId }, 'rendition job not queued'))
        }
        return { status_code: 204, headers: { 'Upload-Asset-Id': assetId } }
      } catch (error) {
        await uploads.discard(upload).catch(() => undefined)
        if (uncounted)
          await getStorage()
            .delete(uncounted)
            .catch((removal) => logger.error({ err: removal, key: uncounted }, 'refused upload not removed'))
        if ((error as TusError).status_code) throw error
        logger.error({ err: error, uploadId: upload.id }, 'upload could not be stored')
        throw refusal(request, 500, 'uploads.errors.failed')
      }
    },
  }

  const server = new TusServer({
    path: UPLOAD_PATH,
    datastore: store,
    // Several nodes share uploads only through S3 (ADR 049); on local disk there is one process.
    locker: options.s3 ? new SharedUploadLocker() : new MemoryLocker(),
    relativeLocation: true,
    respectForwardedHeaders: false,
    exposedHeaders: ['Upload-Asset-Id'],
    // The true limit depends on the purpose and plan and is checked on creation.
    maxSize: 10 * 1024 * 1024 * 1024,
    ...hooks,
  })
  return server
}

export { uploadDirectory } from './sweep-uploads.server'
