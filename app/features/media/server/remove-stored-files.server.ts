import { deleteFilesJob } from '#app/jobs/definitions/media/delete-files'
import { enqueue } from '#app/jobs/queue.server'
import { logger } from '#app/lib/logger.server'

/** Queues the stored files of deleted assets for removal, after the rows are gone. */
export async function removeStoredFiles(companyId: string, assetIds: string[]) {
  if (assetIds.length === 0) return
  await enqueue(deleteFilesJob, { prefixes: assetIds.map((id) => `${companyId}/${id}`) }).catch((error) =>
    logger.error({ err: error, assetIds }, 'file removal not queued'),
  )
}
