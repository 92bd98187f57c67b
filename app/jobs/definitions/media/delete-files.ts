import { z } from 'zod'
import { defineJob } from '#app/jobs/job'
import { getStorage } from '#app/lib/storage.server'

/** Removes the stored files of deleted items; retried until storage answers. */
export const deleteFilesJob = defineJob({
  id: 'media.delete-files',
  schema: z.object({ prefixes: z.array(z.string().min(3)).min(1).max(1000) }),
  retry: { limit: 10, delaySeconds: 10, backoff: true },
  async handler({ prefixes }) {
    for (const prefix of prefixes) await getStorage().deletePrefix(prefix)
  },
})
