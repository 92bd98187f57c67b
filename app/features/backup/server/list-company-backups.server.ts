import { desc, eq } from 'drizzle-orm'
import { companyBackup } from '#db/schema'
import { needs, actorCan, type TenantContext } from '#app/access/context'
import { KEEP_ARCHIVES } from '../company-archive'
import { STALE_RUNNING_MS } from './request-company-backup.server'

/** The company's archives, newest first, and whether its plan includes them. */
export const listCompanyBackups = needs('company.manage', async function listCompanyBackups(context: TenantContext) {
  const rows = await context.withTenant((tx) =>
    tx
      .select({
        id: companyBackup.id,
        status: companyBackup.status,
        trigger: companyBackup.trigger,
        sizeBytes: companyBackup.sizeBytes,
        fileCount: companyBackup.fileCount,
        error: companyBackup.error,
        createdAt: companyBackup.createdAt,
        finishedAt: companyBackup.finishedAt,
      })
      .from(companyBackup)
      .where(eq(companyBackup.companyId, context.company.id))
      .orderBy(desc(companyBackup.createdAt))
      .limit(KEEP_ARCHIVES * 3),
  )
  const staleBefore = Date.now() - STALE_RUNNING_MS
  // A run lost with its worker reads as failed rather than spinning forever.
  const backups = rows.map((row) =>
    row.status === 'running' && row.createdAt.getTime() < staleBefore
      ? { ...row, status: 'failed', error: 'backups.errors.lost' }
      : row,
  )
  return {
    allowed: context.entitlements.automaticBackup,
    canEdit: actorCan(context, 'company.manage'),
    isRunning: backups.some((backup) => backup.status === 'running'),
    backups,
  }
})
