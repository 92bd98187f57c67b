import { and, eq } from 'drizzle-orm'
import { companyBackup } from '#db/schema'
import { recordAuditEvent } from '#app/features/audit/server/record-audit-event.server'
import { AppError } from '#app/lib/errors'
import { needs, actorUserId, type TenantContext } from '#app/access/context'
import type { RequestOrigin } from '#app/access/visit.server'
import { archiveFileName } from '../company-archive'

/**
 * A ready archive of the company, to download: its key in storage and the name it is saved under.
 * It holds the fans' leads, so each download is recorded as access to them.
 */
export const getCompanyBackupFile = needs(
  'company.manage',
  async function getCompanyBackupFile(
    context: TenantContext,
    backupId: string,
    origin: RequestOrigin | null = null,
    { audit = true }: { audit?: boolean } = {},
  ) {
    const [row] = await context.withTenant((tx) =>
      tx
        .select({
          storageKey: companyBackup.storageKey,
          status: companyBackup.status,
          createdAt: companyBackup.createdAt,
        })
        .from(companyBackup)
        .where(and(eq(companyBackup.id, backupId), eq(companyBackup.companyId, context.company.id))),
    )
    if (!row || row.status !== 'ready') throw new AppError('NOT_FOUND', 'backups.errors.notFound')
    if (audit)
      await recordAuditEvent({
        category: 'lead_data_access',
        action: 'backup.download',
        companyId: context.company.id,
        actorUserId: actorUserId(context),
        tableName: 'company_backups',
        recordId: backupId,
        ...origin,
      })
    return { storageKey: row.storageKey, fileName: archiveFileName(context.company.slug, row.createdAt) }
  },
)
