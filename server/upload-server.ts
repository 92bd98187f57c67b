import path from 'node:path'
import { ERRORS, MemoryLocker, Server as TusServer, type ServerOptions, type Upload } from '@tus/server'
import type { TenantContext } from '#app/access/context'
import { requireActor } from '#app/access/tenant.server'
import { detectFileType } from '#app/features/media/server/detect-file-type.server'
import { readImageSize } from '#app/features/media/server/read-image-size.server'
import {
  finishUpload,
  originalKeyOf,
  startUpload,
  type ReceivedFile,
} from '#app/features/media/server/register-upload.server'
import { S3UploadStore } from '#app/features/media/server/s3-upload-store.server'
import { DiskFriendlyFileStore, UPLOAD_EXPIRATION_MS } from '#app/features/media/server/upload-file-store.server'
import { SharedUploadLocker } from './upload-locker'
import { hasDiskRoomFor, isStorageFull } from '#app/lib/disk-space.server'
import { AppError, isDatabaseUnavailable } from '#app/lib/errors'
import { getFixedT } from '#app/lib/i18n.server'
import { detectLanguage } from '#app/lib/i18n'
import { logger } from '#app/lib/logger.server'
import { countUploadWrite } from '#app/lib/metrics.server'
import { createS3Client, getStorage, type S3Options } from '#app/lib/storage.server'

/*
 * The one resumable upload endpoint (tus protocol): the HTTP adapter around the upload
 * use-cases (register-upload.server.ts). Every request is authenticated by the session or an API
 * key (the same tenant guard) and scoped to that company; refusals are answered in the
 * uploader's language.
 */

export const UPLOAD_PATH = '/api/uploads'

type TusError = { status_code: number; body: string }

/** A refusal as tus answers it: the status, and a body with the message in the uploader's language. */
function refusal(request: Request, error: AppError): TusError {
  const t = getFixedT(detectLanguage(request))
  if (error.code === 'PAYMENT_REQUIRED') {
    // A plan limit (plan-limits.server.ts): the plan that lifts it and where to get it.
    const { plan, upgradeUrl, ...values } = error.details
    return {
      status_code: 402,
      body: JSON.stringify({ messageKey: error.messageKey, message: t(error.messageKey, values), plan, upgradeUrl }),
    }
  }
  return {
    status_code: error.status,
    body: JSON.stringify({ messageKey: error.messageKey, message: t(error.messageKey, error.details) }),
  }
}

const storageFull = () => new AppError('STORAGE_FULL', 'uploads.errors.storageFull')

/** Any failure of a use-case as a tus answer: its refusal, or the generic failure (logged). */
function answerOf(request: Request, error: unknown): TusError {
  if (error instanceof AppError) return refusal(request, error)
  if (isStorageFull(error)) {
    logger.warn({ err: error }, 'upload refused: storage is full')
    return refusal(request, storageFull())
  }
  if (isDatabaseUnavailable(error)) return refusal(request, new AppError('UNAVAILABLE', 'errors.unavailableForNow'))
  logger.error({ err: error }, 'upload could not be handled')
  return refusal(request, new AppError('INTERNAL', 'uploads.errors.failed'))
}

/** tus's own refusals, in the uploader's words ('Maximum size exceeded' reached people in English). */
const TUS_ANSWER_KEYS = new Map<TusError, string>([
  [ERRORS.ERR_MAX_SIZE_EXCEEDED, 'uploads.errors.contentTooLarge'],
  [ERRORS.ERR_SIZE_EXCEEDED, 'uploads.errors.contentTooLarge'],
  [ERRORS.FILE_NOT_FOUND, 'uploads.errors.notFound'],
  [ERRORS.FILE_NO_LONGER_EXISTS, 'uploads.errors.notFound'],
  [ERRORS.INVALID_LENGTH, 'uploads.errors.badRequest'],
  [ERRORS.INVALID_METADATA, 'uploads.errors.badRequest'],
])

/** One of tus's own answers, its status kept and its English text replaced by the uploader's language; ours pass as they are. */
function inUploadersWords(request: Request, answer: TusError): TusError | undefined {
  const messageKey = TUS_ANSWER_KEYS.get(answer)
  if (!messageKey) return undefined
  const t = getFixedT(detectLanguage(request))
  return { status_code: answer.status_code, body: JSON.stringify({ messageKey, message: t(messageKey) }) }
}

/** Whether `error` is one of tus's own answers (a wrong offset, a missing upload), already worded for the protocol. */
const isTusAnswer = (error: unknown): error is TusError =>
  typeof (error as Partial<TusError>)?.status_code === 'number' && typeof (error as Partial<TusError>).body === 'string'

const members = new WeakMap<Request, TenantContext>()

/** The tenant guard, answering in tus terms: 401 signed out (or no company yet), else the error's status. */
async function authenticate(request: Request): Promise<TenantContext> {
  try {
    return await requireActor(request, 'content.write')
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    if (error.code === 'UNAUTHENTICATED' || error.code === 'NO_COMPANY')
      throw refusal(
        request,
        new AppError(
          'UNAUTHENTICATED',
          error.messageKey.startsWith('api.') ? error.messageKey : 'uploads.errors.signedOut',
        ),
      )
    // A key's refusals (plan, rate, scope) say which; a person's stay the generic ones.
    const messageKey =
      error.code === 'INTERNAL' || error.messageKey.startsWith('api.') ? error.messageKey : 'errors.forbidden'
    throw refusal(request, new AppError(error.code, messageKey))
  }
}

/** The store, its writes counted by the metrics: uploads in flight and the bytes they stored. */
function countingWrites<Store extends { write: DiskFriendlyFileStore['write'] }>(store: Store) {
  const write = store.write.bind(store)
  store.write = (readable, id, offset) => countUploadWrite(offset, () => write(readable, id, offset))
  return store
}

/**
 * Where uploads in progress are kept. With S3 storage, in the bucket, so that any app process
 * can resume an upload another one started; else on this process's disk, moved into storage
 * when finished.
 */
const IMAGE_HEADER_BYTES = 1024 * 1024

function uploadStore(options: { directory: string; s3?: S3Options | null }) {
  if (options.s3) {
    const store = countingWrites(
      new S3UploadStore({
        client: createS3Client(options.s3),
        bucket: options.s3.bucket,
        keyOf: (upload) => originalKeyOf(upload.metadata, upload.id),
        expirationPeriodInMilliseconds: UPLOAD_EXPIRATION_MS,
      }),
    )
    return {
      store,
      // A bucket does not say how much room it has left; it says so when full (answerOf).
      hasRoomFor: async (_bytes: number) => true,
      // The parts the bucket took are kept and the state saved after each: the upload resumes.
      discardFull: async (_id: string) => undefined,
      received: (upload: Upload): ReceivedFile => ({
        fileType: () => store.fileType(upload.id),
        // A header is within the first megabyte, whatever comes before it (EXIF, ICC profiles).
        imageSize: async () => readImageSize(await store.head(upload.id, IMAGE_HEADER_BYTES)),
        // The bytes are at the original's key already.
        keep: () => store.forget(upload.id),
        storedAtKey: true,
      }),
      discard: (upload: Upload) => store.remove(upload.id),
    }
  }
  const store = countingWrites(new DiskFriendlyFileStore(options.directory))
  const file = (upload: Upload) => path.join(options.directory, upload.id)
  const media = getStorage().directory
  return {
    store,
    // The bytes land in the uploads folder, then move to the media folder (renamed on the same
    // disk, copied to another): each disk must hold them.
    hasRoomFor: async (bytes: number) =>
      hasDiskRoomFor(media ? [options.directory, media] : [options.directory], bytes + (await store.pendingBytes())),
    // The store removes an upload whose write found the disk full; tus answers as soon as the
    // request's stream fails, which can be before that removal ends. Removed here (again) before
    // the answer, so the uploader is told only once nothing of it is left.
    discardFull: (id: string) => store.remove(id).catch(() => undefined),
    received: (upload: Upload): ReceivedFile => ({
      fileType: () => detectFileType(file(upload)),
      imageSize: () => readImageSize(file(upload)),
      keep: async (key, contentType) => {
        await getStorage().putFile(key, file(upload), { contentType })
        await store.remove(upload.id).catch(() => undefined)
      },
      storedAtKey: false,
    }),
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
        throw refusal(request, new AppError('NOT_FOUND', 'uploads.errors.notFound'))
    },

    async onUploadCreate(request, upload) {
      const member = members.get(request) ?? (await authenticate(request))
      try {
        const added = await startUpload(member, upload.metadata, upload.size)
        // The declared length is known here (startUpload refuses an upload without one): a file
        // that cannot fit is refused before its first byte is sent, not when the disk fills.
        if (!(await uploads.hasRoomFor(upload.size ?? 0))) throw storageFull()
        return { metadata: { ...upload.metadata, ...added } }
      } catch (error) {
        throw answerOf(request, error)
      }
    },

    async onUploadFinish(request, upload) {
      const member = members.get(request) ?? (await authenticate(request))
      try {
        const { assetId } = await finishUpload(member, {
          metadata: upload.metadata,
          size: upload.size ?? upload.offset,
          file: uploads.received(upload),
        })
        return { status_code: 204, headers: { 'Upload-Asset-Id': assetId } }
      } catch (error) {
        await uploads.discard(upload).catch(() => undefined)
        throw answerOf(request, error)
      }
    },
  }

  return new TusServer({
    path: UPLOAD_PATH,
    datastore: store,
    // Several nodes share uploads only through S3 (ADR 049); on local disk there is one process.
    locker: options.s3 ? new SharedUploadLocker() : new MemoryLocker(),
    relativeLocation: true,
    respectForwardedHeaders: false,
    exposedHeaders: ['Upload-Asset-Id'],
    // What the store throws mid-upload (a full disk, a storage failure) is answered in the
    // uploader's words; tus's default would send the error's own text (a raw ENOSPC) to the user.
    async onResponseError(request, error) {
      if (isTusAnswer(error)) return inUploadersWords(request, error)
      if (request.method === 'PATCH' && isStorageFull(error))
        await uploads.discardFull(new URL(request.url).pathname.split('/').pop() ?? '')
      return answerOf(request, error)
    },
    // The true limit depends on the purpose and plan and is checked on creation.
    maxSize: 10 * 1024 * 1024 * 1024,
    ...hooks,
  })
}
