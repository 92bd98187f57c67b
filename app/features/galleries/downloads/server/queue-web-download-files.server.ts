import { generateRenditionsJob } from '#app/jobs/definitions/media/generate-renditions'
import { makeWebVideoJob } from '#app/jobs/definitions/media/make-web-video'
import { enqueue } from '#app/jobs/queue.server'
import type { WebFilesToMake } from './find-download.server'

/*
 * What a fan's web-size download lacked is made when a fan asks for it, for the fans after them:
 * that fan gets what exists (a photo's narrower JPEG; no video without its web version).
 * Lazily rather than by a sweep: the photos without a JPEG at their widest web size are every
 * photo processed before that JPEG was made, and a sweep would read all their renditions every
 * few minutes for a gap that closes once; the galleries fans download are the ones worth it, and
 * they say so. A video's web version is made as soon as its gallery asks for web sizes only
 * (when the switch is saved, and when a video of such a gallery is processed): here only
 * what those missed, such as galleries switched before web versions existed.
 */

/** Files queued by one download at most: a larger old gallery is completed by the downloads after it. */
export const QUEUED_PER_DOWNLOAD = 500

/**
 * A file is queued once per period at most, however many fans ask: a photo's renditions take
 * seconds, a video's web version minutes; one whose making fails is not tried again on every download.
 */
const PHOTO_PERIOD_SECONDS = 60 * 60
const VIDEO_PERIOD_SECONDS = 6 * 60 * 60

/** Queues the making of what `toMake` names for `companyId`'s files (a photo's renditions again, a video's web version). */
export async function queueWebDownloadFiles(companyId: string, toMake: WebFilesToMake) {
  const videos = toMake.videos.slice(0, QUEUED_PER_DOWNLOAD)
  const photos = toMake.photos.slice(0, QUEUED_PER_DOWNLOAD - videos.length)
  for (const assetId of videos)
    await enqueue(
      makeWebVideoJob,
      { companyId, assetId },
      { onceWithin: { key: `${assetId}:web-video`, seconds: VIDEO_PERIOD_SECONDS } },
    )
  // Made again whole: the same job as a new watermark's, so the JPEG carries the watermark the others do.
  for (const assetId of photos)
    await enqueue(
      generateRenditionsJob,
      { companyId, assetId },
      { onceWithin: { key: `${assetId}:download-jpeg`, seconds: PHOTO_PERIOD_SECONDS } },
    )
  return { photos: photos.length, videos: videos.length }
}
