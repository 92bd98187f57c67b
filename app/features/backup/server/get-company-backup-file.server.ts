import { and, eq } from 'drizzle-orm'
import { companyBackup } from '#db/schema'
import { AppError } from '#app/lib/errors'
import type { TenantContext } from '#app/lib/tenant.server'
import { archiveFileName } from '../company-archive'

/** A ready archive of the company, to download: its key in storage and the name it is saved under. */
export async function getCompanyBackupFile(context: TenantContext, backupId: string) {
  const [row] = await context.withTenant((tx) =>
    tx
      .select({ storageKey: companyBackup.storageKey, status: companyBackup.status, createdAt: companyBackup.createdAt })
      .from(companyBackup)
      .where(and(eq(companyBackup.id, backupId), eq(companyBackup.companyId, context.company.id))),
  )
  if (!row || row.status !== 'ready') throw new AppError('NOT_FOUND', 'backups.errors.notFound')
  return { storageKey: row.storageKey, fileName: archiveFileName(context.company.slug, row.createdAt) }
}
