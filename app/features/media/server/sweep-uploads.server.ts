import fs from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { asset } from '#db/schema'
import type { PlatformContext } from '#app/access/context'
import { getEnv } from '#app/lib/env.server'
import { logger } from '#app/lib/logger.server'
import { createS3Client, s3OptionsOf } from '#app/lib/storage.server'
import { S3UploadStore } from './s3-upload-store.server'
import { UPLOAD_EXPIRATION_MS } from './upload-file-store.server'

/** Where resumable uploads are kept until they finish. */
export function uploadDirectory() {
  return path.join(path.resolve(getEnv().DATA_DIR), 'uploads')
}

/** Left alone this long: an upload being finished or just started is never swept from under itself. */
const SETTLE_MS = 60 * 60 * 1000

const UPLOAD_ID = /^[0-9a-f]{16,64}$/

/**
 * Keeps the uploads folder to uploads that can still be resumed. Unfinished uploads past tus's
 * expiration (a week after they began) go, and so does anything the finish step did not get to
 * remove (the process stopped mid-way): a complete upload's leftovers, a file without its
 * description, a description without its file or that cannot be read. Each settled for an hour
 * first. Returns how many uploads were removed.
 *
 * The folder is only read here, never created: tus's store creates its folder in the background
 * when built, and that mkdir, racing a folder being removed, throws where nothing can catch it.
 */
export async function sweepUploads(directory: string, now = Date.now()) {
  let removed = 0
  const names = await fs.readdir(directory).catch(() => [] as string[])
  const ids = new Set(names.map((name) => name.replace(/\.json$/, '')).filter((id) => UPLOAD_ID.test(id)))
  for (const id of ids) {
    const file = await fs.stat(path.join(directory, id)).catch(() => null)
    const description = await fs.stat(path.join(directory, `${id}.json`)).catch(() => null)
    const newest = Math.max(file?.mtimeMs ?? 0, description?.mtimeMs ?? 0)
    if (now - newest < SETTLE_MS) continue
    if (file && description) {
      const upload = await readDescription(directory, id)
      const complete = !upload || (upload.size !== undefined && file.size >= upload.size)
      const began = upload?.began ?? newest
      if (!complete && now - began <= UPLOAD_EXPIRATION_MS) continue // resumable
    }
    await fs.rm(path.join(directory, id), { force: true })
    await fs.rm(path.join(directory, `${id}.json`), { force: true })
    removed++
  }
  if (removed > 0) logger.info({ removed }, 'uploads swept')
  return removed
}

/** The upload's size (unknown while its length is deferred) and when it began; null when that cannot be read (it cannot be resumed). */
async function readDescription(directory: string, id: string) {
  try {
    const info = JSON.parse(await fs.readFile(path.join(directory, `${id}.json`), 'utf8')) as {
      size?: unknown
      creation_date?: unknown
    }
    const began = typeof info.creation_date === 'string' ? Date.parse(info.creation_date) : Number.NaN
    return {
      size: typeof info.size === 'number' ? info.size : undefined,
      began: Number.isNaN(began) ? undefined : began,
    }
  } catch {
    return null
  }
}

/**
 * The same for uploads kept in S3 (s3-upload-store.server.ts): unfinished ones past the
 * expiration, and finished ones never recorded as a file (their bytes go too), each settled for
 * an hour. Does nothing when media is on local disk.
 */
export async function sweepS3Uploads(sweep: PlatformContext, now = Date.now()) {
  const s3 = s3OptionsOf(getEnv())
  if (!s3) return 0
  const store = new S3UploadStore({
    client: createS3Client(s3),
    bucket: s3.bucket,
    keyOf: () => '',
    expirationPeriodInMilliseconds: UPLOAD_EXPIRATION_MS,
  })
  const removed = await store.sweep(now, SETTLE_MS, async ({ metadata }) => {
    const id = metadata.originalId
    if (!id || !/^[0-9a-f-]{36}$/.test(id)) return true // not ours to judge: its bytes stay
    const [row] = await sweep.platform((tx) => tx.select({ id: asset.id }).from(asset).where(eq(asset.id, id)))
    return Boolean(row)
  })
  if (removed > 0) logger.info({ removed }, 'S3 uploads swept')
  return removed
}
