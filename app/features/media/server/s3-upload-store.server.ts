import type { Readable } from 'node:stream'
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  UploadPartCommand,
  type S3Client,
} from '@aws-sdk/client-s3'
import { DataStore, ERRORS, Upload } from '@tus/server'
import { fileTypeFromBuffer } from 'file-type'
import { contentTypeFor } from '#app/lib/storage.server'
import { logger } from '#app/lib/logger.server'

/*
 * Resumable uploads kept in the S3 bucket itself, so that any app process can take the next
 * piece of an upload another one started (docs/architecture.md, "Running several app nodes").
 *
 * The bytes go straight into an S3 multipart upload at the original's final key: a finished
 * upload is already in place, nothing is copied. What an upload is (size, metadata, the parts
 * sent and their ETags) is a small JSON object beside it, `uploads/<id>.json`, rewritten after
 * every part; the bytes of a request that ended between parts (fewer than S3's 5 MB minimum part)
 * wait in `uploads/<id>.tail` and open the next request's first part. The state is read and
 * written only under the upload's lock (server/upload-locker.ts), and S3 reads what was written.
 */

const PART_BYTES = 8 * 1024 * 1024
/** S3's smallest part but the last. */
const MIN_PART_BYTES = 5 * 1024 * 1024
const UPLOAD_ID = /^[0-9a-f]{16,64}$/

type Part = { number: number; etag: string; size: number }
type State = {
  id: string
  size?: number
  metadata: Record<string, string | null>
  creationDate: string
  key: string
  multipartId: string | null
  parts: Part[]
  tail: number
  complete: boolean
}

const stateKey = (id: string) => `uploads/${id}.json`
const tailKey = (id: string) => `uploads/${id}.tail`
const received = (state: State) => state.parts.reduce((sum, part) => sum + part.size, 0) + state.tail

export class S3UploadStore extends DataStore {
  constructor(
    private readonly options: {
      client: S3Client
      bucket: string
      /** Where a finished upload's bytes belong (the original's media key), from its metadata. */
      keyOf: (upload: Upload) => string
      expirationPeriodInMilliseconds: number
    },
  ) {
    super()
    this.extensions = ['creation', 'creation-with-upload', 'termination', 'expiration']
  }

  private get s3() {
    return this.options.client
  }

  private get bucket() {
    return this.options.bucket
  }

  override getExpiration() {
    return this.options.expirationPeriodInMilliseconds
  }

  override async create(upload: Upload) {
    const key = this.options.keyOf(upload)
    const state: State = {
      id: upload.id,
      size: upload.size,
      metadata: upload.metadata ?? {},
      creationDate: upload.creation_date ?? new Date().toISOString(),
      key,
      multipartId: null,
      parts: [],
      tail: 0,
      complete: false,
    }
    if (upload.size === 0) {
      await this.s3.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: Buffer.alloc(0),
          ContentType: contentTypeFor(key),
        }),
      )
      state.complete = true
    } else {
      const created = await this.s3.send(
        new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType: contentTypeFor(key) }),
      )
      state.multipartId = created.UploadId ?? null
    }
    await this.save(state)
    upload.storage = { type: 's3', path: key }
    return upload
  }

  override async getUpload(id: string) {
    const state = await this.load(id)
    return new Upload({
      id,
      size: state.size,
      offset: state.complete ? (state.size ?? 0) : received(state),
      metadata: state.metadata,
      creation_date: state.creationDate,
      storage: { type: 's3', path: state.key },
    })
  }

  override async write(readable: Readable, id: string, offset: number) {
    const state = await this.load(id)
    if (state.complete || !state.multipartId) throw ERRORS.INVALID_OFFSET
    if (offset !== received(state)) throw ERRORS.INVALID_OFFSET
    let pending: Buffer[] = state.tail > 0 ? [await this.readTail(id)] : []
    let pendingBytes = state.tail
    const uploaded = state.parts.reduce((sum, part) => sum + part.size, 0)
    let sentInParts = uploaded
    const sendPart = async () => {
      const body = Buffer.concat(pending, pendingBytes)
      const number = state.parts.length + 1
      const result = await this.s3.send(
        new UploadPartCommand({
          Bucket: this.bucket,
          Key: state.key,
          UploadId: state.multipartId!,
          PartNumber: number,
          Body: body,
          ContentLength: body.length,
        }),
      )
      state.parts.push({ number, etag: result.ETag ?? '', size: body.length })
      state.tail = 0
      sentInParts += body.length
      pending = []
      pendingBytes = 0
      // The part counts from now on, even if this request ends before the next one.
      await this.save(state)
    }
    let failure: unknown = null
    try {
      for await (const chunk of readable as AsyncIterable<Buffer>) {
        pending.push(chunk)
        pendingBytes += chunk.length
        if (state.size !== undefined && sentInParts + pendingBytes > state.size) throw ERRORS.ERR_SIZE_EXCEEDED
        if (pendingBytes >= PART_BYTES) await sendPart()
      }
    } catch (error) {
      // What arrived before the connection broke is kept, as the file store keeps it.
      failure = error
    }
    if (failure === ERRORS.ERR_SIZE_EXCEEDED) throw failure
    const isLast = state.size !== undefined && sentInParts + pendingBytes === state.size
    if (pendingBytes > 0 && (isLast || pendingBytes >= MIN_PART_BYTES)) await sendPart()
    else if (pendingBytes > 0) {
      await this.s3.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: tailKey(id),
          Body: Buffer.concat(pending, pendingBytes),
          ContentLength: pendingBytes,
        }),
      )
      state.tail = pendingBytes
      await this.save(state)
    }
    if (isLast) await this.complete(state)
    if (failure && !isLast && received(state) === offset) throw ERRORS.FILE_WRITE_ERROR
    return received(state)
  }

  /** The first `bytes` of a finished upload. */
  async head(id: string, bytes: number) {
    const state = await this.load(id)
    const head = await this.s3.send(
      new GetObjectCommand({ Bucket: this.bucket, Key: state.key, Range: `bytes=0-${bytes - 1}` }),
    )
    return Buffer.from(await head.Body!.transformToByteArray())
  }

  /** The first bytes of a finished upload say what it is (magic numbers). */
  async fileType(id: string) {
    return (await fileTypeFromBuffer(await this.head(id, 4100)))?.mime
  }

  /** A finished upload's bytes stay where they are (the original's key); only its description goes. */
  async forget(id: string) {
    await this.deleteObjects([stateKey(id), tailKey(id)])
  }

  override async remove(id: string) {
    const state = await this.load(id)
    if (state.multipartId && !state.complete) await this.abort(state)
    await this.deleteObjects([stateKey(id), tailKey(id), ...(state.complete ? [state.key] : [])])
  }

  /**
   * Unfinished uploads past the expiration go, bytes and description. Finished ones whose
   * description is still there after `settledMs` were never recorded (the process stopped between
   * the last byte and the record): `isRecorded` says whether their bytes belong to a file.
   */
  async sweep(
    now: number,
    settledMs: number,
    isRecorded: (state: { key: string; metadata: Record<string, string | null> }) => Promise<boolean>,
  ) {
    let removed = 0
    let ContinuationToken: string | undefined
    do {
      const page = await this.s3.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: 'uploads/', ContinuationToken }),
      )
      for (const object of page.Contents ?? []) {
        const id = object.Key?.match(/^uploads\/([0-9a-f]+)\.json$/)?.[1]
        if (!id || !object.LastModified || now - object.LastModified.getTime() < settledMs) continue
        const state = await this.load(id).catch(() => null)
        if (!state) continue
        const expired = now - new Date(state.creationDate).getTime() > this.getExpiration()
        if (state.complete) {
          if (!(await isRecorded(state))) await this.deleteObjects([state.key])
        } else if (!expired) continue
        else if (state.multipartId) await this.abort(state)
        await this.deleteObjects([stateKey(id), tailKey(id)])
        removed++
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (ContinuationToken)
    return removed
  }

  /**
   * The media keys uploads still described in the bucket write to: unfinished ones, and finished
   * ones not yet recorded. A completed multipart object is dated from when its upload began (a
   * week-long resumed upload looks old), so its age alone does not say it is in flight.
   */
  async keysInProgress() {
    const keys = new Set<string>()
    let ContinuationToken: string | undefined
    do {
      const page = await this.s3.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: 'uploads/', ContinuationToken }),
      )
      for (const object of page.Contents ?? []) {
        const id = object.Key?.match(/^uploads\/([0-9a-f]+)\.json$/)?.[1]
        const state = id ? await this.load(id).catch(() => null) : null
        if (state?.key) keys.add(state.key)
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (ContinuationToken)
    return keys
  }

  private async complete(state: State) {
    await this.s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: this.bucket,
        Key: state.key,
        UploadId: state.multipartId!,
        MultipartUpload: { Parts: state.parts.map((part) => ({ PartNumber: part.number, ETag: part.etag })) },
      }),
    )
    state.complete = true
    await this.save(state)
    await this.deleteObjects([tailKey(state.id)])
  }

  private async abort(state: State) {
    try {
      await this.s3.send(
        new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: state.key, UploadId: state.multipartId! }),
      )
    } catch (error) {
      // Its parts are then left to the bucket's lifecycle rule for incomplete multipart uploads.
      logger.warn({ err: error, key: state.key }, 'unfinished upload not aborted')
    }
  }

  private async readTail(id: string) {
    const tail = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: tailKey(id) }))
    return Buffer.from(await tail.Body!.transformToByteArray())
  }

  private async load(id: string): Promise<State> {
    if (!UPLOAD_ID.test(id)) throw ERRORS.FILE_NOT_FOUND
    try {
      const object = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: stateKey(id) }))
      return JSON.parse(await object.Body!.transformToString()) as State
    } catch (error) {
      const e = error as { name?: string; $metadata?: { httpStatusCode?: number } }
      if (e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404) throw ERRORS.FILE_NOT_FOUND
      throw error
    }
  }

  private async save(state: State) {
    await this.s3.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: stateKey(state.id),
        Body: JSON.stringify(state),
        ContentType: 'application/json',
      }),
    )
  }

  private async deleteObjects(keys: string[]) {
    await this.s3.send(
      new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }),
    )
  }
}
