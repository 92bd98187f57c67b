import { z } from 'zod'
import { asSystem } from '#app/jobs/as-system'
import { defineJob } from '#app/jobs/job'

/**
 * The longest one try may take: a 500 MB upload (the largest a gallery video may be) of a phone's
 * 4K clip took minutes to transcode on two cores. Beyond it the try is stopped and tried again.
 */
export const WEB_VIDEO_TRY_SECONDS = 40 * 60

/**
 * A video's web version, for galleries whose downloads are web size only (ADR 016, addendum).
 * One at a time per process: a transcode keeps its two threads busy for minutes, and the photos'
 * renditions and the fans' pages beside it keep the rest of the machine.
 */
export const makeWebVideoJob = defineJob({
  id: 'media.make-web-video',
  schema: z.object({ companyId: z.string().min(1), assetId: z.uuid() }),
  retry: { limit: 2, delaySeconds: 60, backoff: true },
  ownerField: 'companyId',
  expireInSeconds: WEB_VIDEO_TRY_SECONDS,
  async handler({ companyId, assetId }) {
    const { makeWebVideo } = await import('#app/features/media/server/web-video.server')
    const system = await asSystem(companyId, 'media.make-web-video')
    if (!system) return // the company is gone, and its files with it
    await makeWebVideo(system, assetId)
  },
})
