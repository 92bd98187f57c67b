import { placeholderDataUrl } from '../placeholder-image'
import { createWriteStream } from 'node:fs'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { and, eq, inArray, lt, ne, sql } from 'drizzle-orm'
import { asset, assetRendition, contentItem, organization } from '#db/schema'
import type { WatermarkPosition } from '#app/features/watermark/watermark'
import { removeStoredFiles } from './remove-stored-files.server'
import type { PlatformContext, SystemActor, TenantContext } from '#app/access/context'
import type { Transaction } from '#app/lib/db.server'
import { diskRoomOf, StorageFullError } from '#app/lib/disk-space.server'
import { logger } from '#app/lib/logger.server'
import { getStorage, mediaKey } from '#app/lib/storage.server'
import { processImage, type Watermark } from './image-renditions.server'
import { extractPoster, probeVideo, type VideoFacts } from './video.server'
import { WEB_VIDEO_FORMAT, WEB_VIDEO_RENDITION } from '../web-video'
import { indexPhotoFacesJob } from '#app/jobs/definitions/faces/index-photo'
import { makeWebVideoJob } from '#app/jobs/definitions/media/make-web-video'
import { enqueue } from '#app/jobs/queue.server'

/**
 * A disk with less than this free makes no renditions: a photo's web sizes are a few MB, and
 * decoding one only to fail on the write cost the CPU of a whole photo, every few minutes, for
 * every photo waiting, while the disk stayed full.
 */
const RENDITIONS_ROOM_BYTES = 32 * 1024 * 1024

/**
 * Local disk only (a bucket has no free space to read): throws StorageFullError before any
 * decoding when the media's disk has less than `bytes` free.
 */
export async function assertRoomForRenditions(bytes = RENDITIONS_ROOM_BYTES) {
  const media = getStorage().directory
  if (!media) return
  // The uploads' reserve (diskReserveOf) is for these renditions too: only the raw free space counts.
  if ((await diskRoomOf(media)).free < bytes) throw new StorageFullError()
}

/**
 * Makes (or remakes) every rendition of one asset and marks it ready. Safe to run twice: it
 * overwrites the same keys and rows.
 */
export async function generateRenditions(system: TenantContext<SystemActor>, assetId: string) {
  const companyId = system.company.id
  const [original] = await system.withTenant((tx) =>
    tx
      .select({
        id: asset.id,
        mediaType: asset.mediaType,
        storageKey: asset.storageKey,
        purpose: asset.purpose,
        processingStatus: asset.processingStatus,
        contentItemId: asset.contentItemId,
      })
      .from(asset)
      .where(and(eq(asset.id, assetId), eq(asset.companyId, companyId))),
  )
  if (!original) return // deleted meanwhile: nothing to do
  if (original.mediaType !== 'image' && original.mediaType !== 'video') return
  await assertRoomForRenditions()
  // Made again (a new watermark): fans keep seeing the photo, with its old renditions, meanwhile.
  const remaking = original.processingStatus === 'ready'
  if (!remaking)
    await system.withTenant((tx) =>
      tx.update(asset).set({ processingStatus: 'processing', updatedAt: new Date() }).where(eq(asset.id, assetId)),
    )
  const mark = await findCompanyWatermark(system, original.purpose)
  // A video's web version is made by a job of its own from the original, not from the poster made here: it stays.
  const previousKeys = await system.withTenant((tx) =>
    tx
      .select({ key: assetRendition.storageKey })
      .from(assetRendition)
      .where(and(eq(assetRendition.assetId, assetId), ne(assetRendition.format, WEB_VIDEO_FORMAT))),
  )

  // A photo is its own picture; a video's picture is a poster frame, with its facts beside it.
  let video: VideoFacts | null = null
  let picture: Buffer
  if (original.mediaType === 'video') {
    ;[video, picture] = await withLocalCopy(original.storageKey, async (file) => {
      const facts = await probeVideo(file)
      return [facts, await extractPoster(file, facts.durationMs)] as const
    })
  } else {
    picture = Buffer.concat(await (await getStorage().read(original.storageKey)).toArray())
  }
  const image = await processImage(picture, {
    watermark: mark.watermark,
    // Fans download photos of galleries and content at web size as a JPEG; a poster is never downloaded.
    forDownload: original.mediaType === 'image' && DOWNLOADABLE_PURPOSES.has(original.purpose),
  })
  const stored = await Promise.all(
    image.renditions.map(async (rendition) => {
      // A rendition's key names the watermark version it was made under: its bytes never change under one key.
      const name = mark.version > 0 ? `${rendition.rendition}-m${mark.version}` : rendition.rendition
      const storageKey = mediaKey(companyId, assetId, name, rendition.format === 'jpeg' ? 'jpg' : rendition.format)
      await getStorage().put(storageKey, rendition.data, {
        contentType: rendition.format === 'jpeg' ? 'image/jpeg' : 'image/webp',
      })
      return { ...rendition, storageKey }
    }),
  )
  const recorded = await system.withTenant(async (tx) => {
    // The file's row is locked before its renditions reference it. Inserting them first took a
    // share lock and the update below then asked for more, while a gallery being deleted waited
    // for that row in between: each waited for the other (a deadlock, the deletion's 500).
    const [still] = await tx.select({ id: asset.id }).from(asset).where(eq(asset.id, assetId)).for('update')
    if (!still) return false
    for (const rendition of stored) {
      await tx
        .insert(assetRendition)
        .values({
          assetId,
          companyId,
          rendition: rendition.rendition,
          format: rendition.format,
          width: rendition.width,
          height: rendition.height,
          sizeBytes: rendition.data.length,
          storageKey: rendition.storageKey,
        })
        .onConflictDoUpdate({
          target: [assetRendition.assetId, assetRendition.rendition, assetRendition.format],
          set: {
            width: sql`excluded.width`,
            height: sql`excluded.height`,
            sizeBytes: sql`excluded.size_bytes`,
            storageKey: sql`excluded.storage_key`,
          },
        })
    }
    await tx
      .update(asset)
      .set({
        width: video?.width ?? image.width,
        height: video?.height ?? image.height,
        durationMs: video?.durationMs ?? null,
        // A video's poster frame has no EXIF: its own creation time says when it was recorded.
        capturedAt: video ? video.capturedAt : image.capturedAt,
        captureOffsetMinutes: video ? video.captureOffsetMinutes : image.captureOffsetMinutes,
        placeholder: image.placeholder,
        placeholderImage: placeholderDataUrl(image.placeholder),
        processingStatus: 'ready',
        processingError: null,
        optimized: true,
        updatedAt: new Date(),
      })
      .where(eq(asset.id, assetId))
    // A ready photo made again changes no row fans' caches watch: say so, as its first processing did (migration 0008).
    if (remaking) await tx.execute(sql`select app_public_changed(array[${companyId}]::text[], true)`)
    return {
      wantsWebVideo: video !== null && (await wantsWebVideo(system, tx, original)),
      wantsFaces: video === null && (await wantsFaces(system, tx, original)),
    }
  })
  if (!recorded) {
    // Deleted while it was processed: what was just stored belongs to nothing.
    await removeStoredFiles(companyId, [assetId])
    return
  }
  // Renditions of an earlier watermark version are no longer named by any row.
  const current = new Set(stored.map((rendition) => rendition.storageKey))
  for (const { key } of previousKeys)
    if (!current.has(key))
      await getStorage()
        .delete(key)
        .catch((error) => logger.warn({ err: error, key }, 'old rendition not removed'))
  logger.info({ assetId, renditions: stored.length }, 'renditions ready')
  if (recorded.wantsWebVideo) await enqueue(makeWebVideoJob, { companyId, assetId })
  if (recorded.wantsFaces) await enqueue(indexPhotoFacesJob, { companyId, assetId }, { singletonKey: assetId })
}

/** Whether a photo just made ready joins its gallery's Find me index: the gallery has it on and the photo is not in it yet. */
async function wantsFaces(
  system: TenantContext<SystemActor>,
  tx: Transaction,
  photo: { id: string; purpose: string; contentItemId: string | null },
) {
  if (!system.entitlements.findMe || !photo.contentItemId || photo.purpose !== 'gallery-media') return false
  const [found] = await tx
    .select({ findMe: contentItem.findMe, indexedAt: asset.facesIndexedAt })
    .from(asset)
    .innerJoin(contentItem, eq(contentItem.id, asset.contentItemId))
    .where(eq(asset.id, photo.id))
  return Boolean(found?.findMe && !found.indexedAt)
}

/**
 * Whether a video just made ready needs its web version now: its gallery gives only web sizes
 * (and the plan lets that switch apply), and it has none yet. Other videos leave as uploaded, so
 * none is transcoded before its gallery asks for it (saving that switch queues the rest).
 */
async function wantsWebVideo(
  system: TenantContext<SystemActor>,
  tx: Transaction,
  video: { id: string; purpose: string; contentItemId: string | null },
) {
  if (!system.entitlements.galleryProtection || !video.contentItemId || !DOWNLOADABLE_PURPOSES.has(video.purpose))
    return false
  const [found] = await tx
    .select({
      downloadMode: contentItem.downloadMode,
      made: sql<boolean>`exists (select 1 from asset_renditions as r where r.asset_id = ${video.id}
        and r.rendition = ${WEB_VIDEO_RENDITION} and r.format = ${WEB_VIDEO_FORMAT})`,
    })
    .from(contentItem)
    .where(eq(contentItem.id, video.contentItemId))
  return found?.downloadMode === 'web' && !found.made
}

/** The purposes whose renditions fans see as content (not logos, heroes or covers): they carry the watermark. */
const WATERMARKED_PURPOSES = new Set(['gallery-media', 'content-file'])
/** The purposes fans download (ADR 018): the same files. */
export const DOWNLOADABLE_PURPOSES: ReadonlySet<string> = WATERMARKED_PURPOSES

/** The company's watermark for a file of `purpose`, and the version its renditions are named by. */
async function findCompanyWatermark(
  system: TenantContext<SystemActor>,
  purpose: string,
): Promise<{ watermark?: Watermark; version: number }> {
  const [company] = await system.withTenant((tx) =>
    tx
      .select({
        key: organization.watermarkKey,
        position: organization.watermarkPosition,
        scale: organization.watermarkScale,
        opacity: organization.watermarkOpacity,
        version: organization.watermarkVersion,
      })
      .from(organization)
      .where(eq(organization.id, system.company.id)),
  )
  if (!company || !WATERMARKED_PURPOSES.has(purpose)) return { version: 0 }
  if (!company.key) return { version: company.version }
  const image = Buffer.concat(await (await getStorage().read(company.key)).toArray())
  return {
    version: company.version,
    watermark: {
      image,
      position: company.position as WatermarkPosition,
      scale: company.scale,
      opacity: company.opacity,
    },
  }
}

/** ffmpeg needs a seekable file: the original is copied next to the process for the job. */
export async function withLocalCopy<T>(storageKey: string, work: (file: string) => Promise<T>): Promise<T> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'afterglow-video-'))
  const file = path.join(directory, 'original')
  try {
    await pipeline(await getStorage().read(storageKey), createWriteStream(file))
    return await work(file)
  } finally {
    await fs.rm(directory, { recursive: true, force: true })
  }
}

/**
 * Photos and videos still waiting for renditions well after their upload: the sweeper queues them
 * again. Across every company by nature, so it reads with the fence lifted (only ids leave).
 */
export async function findAssetsMissingRenditions(sweep: PlatformContext, olderThanMinutes = 5) {
  return sweep.platform((tx) =>
    tx
      .select({ assetId: asset.id, companyId: asset.companyId })
      .from(asset)
      .where(
        and(
          inArray(asset.mediaType, ['image', 'video']),
          eq(asset.processingStatus, 'pending'),
          lt(asset.updatedAt, sql`now() - make_interval(mins => ${olderThanMinutes})`),
        ),
      )
      .limit(500),
  )
}

/** After the last retry, the admin sees the failure and can retry by hand. */
export async function markRenditionsFailed(
  system: TenantContext<SystemActor>,
  assetId: string,
  message: string,
  isFinal: boolean,
) {
  await system.withTenant((tx) =>
    tx
      .update(asset)
      .set({
        processingStatus: isFinal ? 'failed' : 'pending',
        processingError: message.slice(0, 500),
        updatedAt: new Date(),
      })
      .where(eq(asset.id, assetId)),
  )
}
