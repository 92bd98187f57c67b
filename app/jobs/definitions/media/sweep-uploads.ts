import { z } from 'zod'
import { asPlatform } from '#app/jobs/as-system'
import { defineJob } from '#app/jobs/job'

/** Abandoned and interrupted uploads leave the uploads folder and the bucket (sweepUploads, sweepS3Uploads). */
export const sweepUploadsJob = defineJob({
  id: 'media.sweep-uploads',
  schema: z.object({}).passthrough(),
  retry: { limit: 1, delaySeconds: 60, backoff: false },
  cron: '17 * * * *',
  async handler() {
    const { sweepS3Uploads, sweepUploads, uploadDirectory } = await import(
      '#app/features/media/server/sweep-uploads.server'
    )
    await sweepUploads(uploadDirectory())
    await sweepS3Uploads(await asPlatform('media.sweep-uploads'))
  },
})
