import path from 'node:path'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { asset, assetRendition } from '#db/schema'
import type { SystemActor, TenantContext } from '#app/access/context'
import type { Transaction } from '#app/lib/db.server'
import { logger } from '#app/lib/logger.server'
import { getStorage, mediaKey } from '#app/lib/storage.server'
import { WEB_VIDEO_FORMAT, WEB_VIDEO_RENDITION } from '../web-video'
import { assertRoomForRenditions, DOWNLOADABLE_PURPOSES, withLocalCopy } from './generate-renditions.server'
import { removeStoredFiles } from './remove-stored-files.server'
import { transcodeWebVideo } from './transcode-web-video.server'
import { probeVideo } from './video.server'

/* A video's web version, made and recorded (the transcode itself: transcode-web-video.server.ts). */

/** Whether a file has its web version: a condition over `assets`, written out in full (drizzle's unqualified names would bind to the inner table). */
const hasWebVideo = sql<boolean>`exists (select 1 from asset_renditions as r where r.asset_id = assets.id
  and r.rendition = ${WEB_VIDEO_RENDITION} and r.format = ${WEB_VIDEO_FORMAT})`

/**
 * Makes one video's web version and records it. Safe to run twice: a video that has one, or is
 * not a ready, downloadable video (any more), is left as it is.
 */
export async function makeWebVideo(system: TenantContext<SystemActor>, assetId: string) {
  const companyId = system.company.id
  const [video] = await system.withTenant((tx) =>
    tx
      .select({
        storageKey: asset.storageKey,
        mediaType: asset.mediaType,
        purpose: asset.purpose,
        processingStatus: asset.processingStatus,
        sizeBytes: asset.sizeBytes,
        made: hasWebVideo,
      })
      .from(asset)
      .where(and(eq(asset.id, assetId), eq(asset.companyId, companyId))),
  )
  if (!video || video.made || video.mediaType !== 'video' || video.processingStatus !== 'ready') return
  if (!DOWNLOADABLE_PURPOSES.has(video.purpose)) return
  // A web version is about the original's size or smaller: room for one more of those, or none is begun.
  await assertRoomForRenditions(Number(video.sizeBytes))
  const storageKey = mediaKey(companyId, assetId, WEB_VIDEO_RENDITION, WEB_VIDEO_FORMAT)
  const startedAt = Date.now()
  const made = await withLocalCopy(video.storageKey, async (original) => {
    const output = path.join(path.dirname(original), `web.${WEB_VIDEO_FORMAT}`)
    await transcodeWebVideo(original, output)
    // Its own size, read from what was made (a turned phone video is upright now).
    const facts = await probeVideo(output)
    const stored = await getStorage().putFile(storageKey, output, { contentType: 'video/mp4' })
    return { width: facts.width ?? 0, height: facts.height ?? 0, sizeBytes: stored.size }
  })
  const recorded = await system.withTenant(async (tx) => {
    // Locked before its rendition references it, as generateRenditions does (a deletion waits, not deadlocks).
    const [still] = await tx.select({ id: asset.id }).from(asset).where(eq(asset.id, assetId)).for('update')
    if (!still) return false
    await tx
      .insert(assetRendition)
      .values({
        assetId,
        companyId,
        rendition: WEB_VIDEO_RENDITION,
        format: WEB_VIDEO_FORMAT,
        width: made.width,
        height: made.height,
        sizeBytes: made.sizeBytes,
        storageKey,
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
    // A new rendition changes no row fans' caches watch: said here, so a gallery's download offer
    // (its ZIP's size and files) is worked out again with the video in it (migration 0008).
    await tx.execute(sql`select app_public_changed(array[${companyId}]::text[], true)`)
    return true
  })
  if (!recorded) {
    // Deleted while it was transcoded: what was just stored belongs to nothing.
    await removeStoredFiles(companyId, [assetId])
    return
  }
  logger.info({ assetId, ms: Date.now() - startedAt, bytes: made.sizeBytes }, 'web version of a video ready')
}

/** The ready, downloadable videos of `contentItemIds` that have no web version yet. */
export async function findVideosWithoutWebVersion(tx: Transaction, contentItemIds: string[]) {
  if (contentItemIds.length === 0) return []
  return tx
    .select({ assetId: asset.id })
    .from(asset)
    .where(
      and(
        inArray(asset.contentItemId, contentItemIds),
        eq(asset.mediaType, 'video'),
        eq(asset.processingStatus, 'ready'),
        inArray(asset.purpose, [...DOWNLOADABLE_PURPOSES]),
        sql`not ${hasWebVideo}`,
      ),
    )
}
