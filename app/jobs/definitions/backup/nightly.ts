import { z } from 'zod'
import { asPlatform } from '#app/jobs/as-system'
import { defineJob } from '#app/jobs/job'
import { enqueue } from '#app/jobs/queue.server'
import { companyArchiveJob } from './company-archive'

/** Every night, an archive of each company whose plan includes automatic backups. */
export const nightlyBackupsJob = defineJob({
  id: 'backup.nightly',
  schema: z.object({}).passthrough(),
  retry: { limit: 2, delaySeconds: 300, backoff: true },
  cron: '23 2 * * *',
  async handler() {
    const { findCompaniesDueBackup } = await import('#app/features/backup/server/find-companies-due-backup.server')
    const night = new Date().toISOString().slice(0, 10)
    for (const companyId of await findCompaniesDueBackup(await asPlatform('backup.nightly'))) {
      await enqueue(companyArchiveJob, { companyId, trigger: 'nightly' }, { singletonKey: `${companyId}:${night}` })
    }
  },
})
