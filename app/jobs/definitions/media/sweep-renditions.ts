import { z } from 'zod'
import { asPlatform } from '#app/jobs/as-system'
import { defineJob } from '#app/jobs/job'
import { enqueue } from '#app/jobs/queue.server'
import { generateRenditionsJob } from './generate-renditions'

/** Re-queues photos whose renditions never got made (a crash, a lost job). */
export const sweepRenditionsJob = defineJob({
  id: 'media.sweep-renditions',
  schema: z.object({}).passthrough(),
  retry: { limit: 1, delaySeconds: 30, backoff: false },
  cron: '*/5 * * * *',
  async handler() {
    const { findAssetsMissingRenditions } = await import('#app/features/media/server/generate-renditions.server')
    for (const stale of await findAssetsMissingRenditions(await asPlatform('media.sweep-renditions'))) {
      await enqueue(generateRenditionsJob, stale, { singletonKey: stale.assetId })
    }
  },
})
