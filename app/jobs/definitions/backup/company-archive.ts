import { z } from 'zod'
import { asSystem } from '#app/jobs/as-system'
import { defineJob } from '#app/jobs/job'

/** One company's backup archive (ADR 055): asked for by an admin's button or by the nightly run. */
export const companyArchiveJob = defineJob({
  id: 'backup.company-archive',
  schema: z.object({
    companyId: z.string().min(1),
    backupId: z.uuid().optional(),
    trigger: z.enum(['nightly', 'manual']),
  }),
  retry: { limit: 2, delaySeconds: 60, backoff: true },
  ownerField: 'companyId',
  async handler(payload, attempt) {
    const { runCompanyBackup } = await import('#app/features/backup/server/run-company-backup.server')
    const system = await asSystem(payload.companyId, 'backup.company-archive')
    if (system) await runCompanyBackup(system, payload, { isLastAttempt: attempt.isLast })
  },
})
