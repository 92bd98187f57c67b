import { z } from 'zod'
import { asPlatform } from '#app/jobs/as-system'
import { defineJob } from '#app/jobs/job'

/**
 * Files in storage that no row accounts for leave it (sweepOrphanFiles): what a deleted gallery
 * left when its files' removal never ran (the disk was full, the queue away), and writes a
 * stopped process left half done. Nightly, after the backups have read the media.
 */
export const sweepOrphanFilesJob = defineJob({
  id: 'media.sweep-orphan-files',
  schema: z.object({}).passthrough(),
  retry: { limit: 2, delaySeconds: 600, backoff: true },
  cron: '47 4 * * *',
  async handler() {
    const [{ findUploadKeysInFlight, sweepOrphanFiles }, { getStorage }] = await Promise.all([
      import('#app/features/media/server/sweep-orphan-files.server'),
      import('#app/lib/storage.server'),
    ])
    await sweepOrphanFiles(await asPlatform('media.sweep-orphan-files'), {
      storage: getStorage(),
      dryRun: false,
      inFlight: await findUploadKeysInFlight(),
    })
  },
})
