import { randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { getEnv, type TEnv } from './env.server'
import { flushToDisk } from './flush-to-disk.server'

/*
 * Where media bytes live. Keys are made by the server only (`mediaKey`), never from a user's
 * file name, and look like `<company>/<item>/<rendition>.<ext>`.
 */

export type StoredObject = { size: number; contentType: string; etag: string; lastModified: Date }
export type ByteRange = { start: number; end: number }
/** One thing kept in storage, as a reconciliation with the database sees it. */
export type StoredEntry = {
  key: string
  size: number
  lastModified: Date
  /** Local disk only: a write never finished (its process stopped between the bytes and the rename). */
  isPartial: boolean
}

export interface Storage {
  readonly kind: 'local' | 's3'
  put(key: string, body: Buffer | Readable, options: { contentType: string }): Promise<StoredObject>
  /** Moves a finished local file (e.g. a completed upload) into storage; the file is gone after. */
  putFile(key: string, filePath: string, options: { contentType: string }): Promise<StoredObject>
  head(key: string): Promise<StoredObject | null>
  /** Local disk only: the file behind `key`, for serving it without another copy. */
  localPath?(key: string): string
  /** Local disk only: the folder everything is kept in (whose disk's free space uploads are judged by). */
  readonly directory?: string
  /** The bytes of `key`, or of the inclusive `range`. */
  read(key: string, range?: ByteRange): Promise<Readable>
  delete(key: string): Promise<void>
  /** Removes every object under `prefix` (e.g. a deleted gallery's folder). */
  deletePrefix(prefix: string): Promise<void>
  /** Every stored object's key, in no particular order (a backup's walk over the media). */
  list(): AsyncIterable<string>
  /** Everything kept, with its size and age, unfinished writes included (the orphan sweep's walk). */
  inventory(): AsyncIterable<StoredEntry>
}

const SEGMENT = /^[a-zA-Z0-9][a-zA-Z0-9_.-]{0,127}$/

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key)}`)
    this.name = 'InvalidStorageKeyError'
  }
}

export function assertValidKey(key: string) {
  const segments = key.split('/')
  if (
    segments.length === 0 ||
    segments.some((segment) => !SEGMENT.test(segment) || segment === '..' || segment.startsWith('..'))
  ) {
    throw new InvalidStorageKeyError(key)
  }
}

/** The one way keys are made: deterministic, from ids the server generated. */
export function mediaKey(companyId: string, itemId: string, rendition: string, extension: string) {
  const key = `${companyId}/${itemId}/${rendition}.${extension.toLowerCase()}`
  assertValidKey(key)
  return key
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  pdf: 'application/pdf',
  zip: 'application/zip',
  txt: 'text/plain; charset=utf-8',
}

export function contentTypeFor(key: string) {
  return CONTENT_TYPES[path.extname(key).slice(1).toLowerCase()] ?? 'application/octet-stream'
}

/* ---------------------------------------------------------------- local disk */

export function createLocalStorage(root: string): Storage {
  const base = path.resolve(root)
  const fileOf = (key: string) => {
    assertValidKey(key)
    const file = path.resolve(base, key)
    if (!file.startsWith(base + path.sep)) throw new InvalidStorageKeyError(key)
    return file
  }
  const describe = async (key: string): Promise<StoredObject | null> => {
    const stat = await fs.stat(fileOf(key)).catch(() => null)
    if (!stat?.isFile()) return null
    // Size and modification time identify a version, as static file servers do.
    return {
      size: stat.size,
      contentType: contentTypeFor(key),
      etag: `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
      lastModified: stat.mtime,
    }
  }
  /** Every file's key under the root, `.part` writes included. */
  const filesUnder = async () => {
    const entries = await fs
      .readdir(base, { recursive: true, withFileTypes: true })
      .catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return []
        throw error
      })
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(base, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
  }
  return {
    kind: 'local',
    directory: base,
    async put(key, body) {
      const file = fileOf(key)
      // A folder removed while the file was written (its item deleted mid-processing) is made
      // again for bytes held in memory, as S3 stores a write that follows a delete.
      for (let attempt = 1; ; attempt++) {
        // Written beside the target and renamed, so a reader never sees half a file.
        const temporary = `${file}.${randomBytes(6).toString('hex')}.part`
        try {
          await fs.mkdir(path.dirname(file), { recursive: true })
          await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(temporary))
          await fs.rename(temporary, file)
          return (await describe(key))!
        } catch (error) {
          await fs.rm(temporary, { force: true })
          if (!Buffer.isBuffer(body) || (error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt === 5) throw error
        }
      }
    },
    async putFile(key, filePath) {
      const file = fileOf(key)
      await fs.mkdir(path.dirname(file), { recursive: true })
      try {
        await fs.rename(filePath, file)
      } catch (error) {
        // Another file system: copy, then remove the source.
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error
        try {
          await pipeline(createReadStream(filePath), createWriteStream(`${file}.part`))
          await fs.rename(`${file}.part`, file)
        } catch (copying) {
          // A copy that failed (the disk filled) leaves no half file behind; the source stays.
          await fs.rm(`${file}.part`, { force: true })
          throw copying
        }
        await fs.rm(filePath, { force: true })
      }
      // An original is the only copy there is: the upload is reported done (and recorded) only
      // once the file and its name in the folder are on the disk.
      await flushToDisk(file)
      await flushToDisk(path.dirname(file))
      return (await describe(key))!
    },
    head: describe,
    localPath: fileOf,
    async read(key, range) {
      const file = fileOf(key)
      await fs.access(file)
      return createReadStream(file, range ? { start: range.start, end: range.end } : undefined)
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true })
    },
    async deletePrefix(prefix) {
      const directory = fileOf(prefix.replace(/\/+$/, ''))
      // A job may still be writing renditions into the folder (a photo deleted mid-processing):
      // a file arriving between the emptying and the removal fails it (ENOTEMPTY), so it tries
      // again at once rather than wait for the job's retry, seconds later.
      await fs.rm(directory, { recursive: true, force: true, maxRetries: 5, retryDelay: 20 })
    },
    async *list() {
      for (const key of await filesUnder()) {
        // A write in progress (`.part`) is not an object yet.
        if (!key.endsWith('.part')) yield key
      }
    },
    async *inventory() {
      for (const key of await filesUnder()) {
        // Gone since the folder was read (deleted meanwhile): nothing to judge.
        const stat = await fs.stat(path.join(base, key)).catch(() => null)
        if (!stat?.isFile()) continue
        yield { key, size: stat.size, lastModified: stat.mtime, isPartial: key.endsWith('.part') }
      }
    },
  }
}

/* ---------------------------------------------------------------- S3-compatible */

export type S3Options = {
  endpoint?: string
  bucket: string
  region: string
  accessKeyId?: string
  secretAccessKey?: string
  forcePathStyle: boolean
}

export function createS3Client(options: S3Options) {
  return new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
  })
}

export function createS3Storage(options: S3Options): Storage {
  const client = createS3Client(options)
  const Bucket = options.bucket
  const isNotFound = (error: unknown) => {
    const e = error as { name?: string; $metadata?: { httpStatusCode?: number } }
    return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404
  }
  const head = async (key: string): Promise<StoredObject | null> => {
    assertValidKey(key)
    try {
      const result = await client.send(new HeadObjectCommand({ Bucket, Key: key }))
      return {
        size: Number(result.ContentLength ?? 0),
        contentType: result.ContentType ?? contentTypeFor(key),
        etag: result.ETag ?? `"${Number(result.ContentLength ?? 0).toString(16)}"`,
        lastModified: result.LastModified ?? new Date(0),
      }
    } catch (error) {
      if (isNotFound(error)) return null
      throw error
    }
  }
  async function* inventory(): AsyncIterable<StoredEntry> {
    let ContinuationToken: string | undefined
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }))
      for (const object of page.Contents ?? [])
        if (object.Key)
          yield {
            key: object.Key,
            size: Number(object.Size ?? 0),
            lastModified: object.LastModified ?? new Date(0),
            // An unfinished multipart upload is no object: S3 lists only what was completed.
            isPartial: false,
          }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (ContinuationToken)
  }
  return {
    kind: 's3',
    async put(key, body, { contentType }) {
      assertValidKey(key)
      if (Buffer.isBuffer(body)) {
        await client.send(
          new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType, ContentLength: body.length }),
        )
      } else {
        // A stream goes in parts of known length (a restore's 10 GB video is never held whole): a raw
        // stream with a length is sent aws-chunked, which some S3-compatible servers store framing and all.
        await new Upload({
          client,
          params: { Bucket, Key: key, Body: body, ContentType: contentType },
          queueSize: 4,
          partSize: 16 * 1024 * 1024,
        }).done()
      }
      return (await head(key))!
    },
    async putFile(key, filePath, { contentType }) {
      assertValidKey(key)
      // Multipart, so originals of any size (up to 10 GB) stream without being held in memory.
      await new Upload({
        client,
        params: { Bucket, Key: key, Body: createReadStream(filePath), ContentType: contentType },
        queueSize: 4,
        partSize: 16 * 1024 * 1024,
      }).done()
      await fs.rm(filePath, { force: true })
      return (await head(key))!
    },
    head,
    async read(key, range) {
      assertValidKey(key)
      const result = await client.send(
        new GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      )
      return result.Body as Readable
    },
    async delete(key) {
      assertValidKey(key)
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }))
    },
    async deletePrefix(prefix) {
      const Prefix = `${prefix.replace(/\/+$/, '')}/`
      assertValidKey(prefix.replace(/\/+$/, ''))
      let ContinuationToken: string | undefined
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }))
        const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []))
        if (keys.length > 0)
          await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } }))
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (ContinuationToken)
    },
    async *list() {
      for await (const entry of inventory()) yield entry.key
    },
    inventory,
  }
}

/* ---------------------------------------------------------------- the configured one */

/** The configured S3 bucket, or null when media stays on local disk. */
export function s3OptionsOf(env: TEnv): S3Options | null {
  if (!env.S3_BUCKET) return null
  return {
    endpoint: env.S3_ENDPOINT,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  }
}

export function createStorage(env: TEnv): Storage {
  const s3 = s3OptionsOf(env)
  return s3 ? createS3Storage(s3) : createLocalStorage(path.join(env.DATA_DIR, 'media'))
}

const STORAGE_KEY = Symbol.for('afterglow.storage')
type GlobalWithStorage = typeof globalThis & { [STORAGE_KEY]?: Storage }

export function getStorage(): Storage {
  const store = globalThis as GlobalWithStorage
  store[STORAGE_KEY] ??= createStorage(getEnv())
  return store[STORAGE_KEY]
}
