import { and, eq, gt } from 'drizzle-orm'
import { companyBackup } from '#db/schema'
import { recordAuditEvent } from '#app/features/audit/server/record-audit-event.server'
import { requireEntitlement } from '#app/features/billing/entitlements'
import { companyArchiveJob } from '#app/jobs/definitions/backup/company-archive'
import { enqueue } from '#app/jobs/queue.server'
import { AppError } from '#app/lib/errors'
import { needs, actorUserId, type TenantContext } from '#app/access/context'
import type { RequestOrigin } from '#app/access/visit.server'
import { archiveKey } from './run-company-backup.server'

/** A backup still "running" after this long was lost with its worker: it no longer holds the button back. */
export const STALE_RUNNING_MS = 6 * 60 * 60 * 1000

/**
 * "Back up now": records a running archive and queues its job. One at a time per company; a plan
 * without automatic backups is refused with the plan that includes them (402).
 */
export const requestCompanyBackup = needs(
  'company.manage',
  async function requestCompanyBackup(context: TenantContext, origin: RequestOrigin | null = null) {
    requireEntitlement(context.entitlements, 'automaticBackup', 'backups.errors.plan')
    const backupId = crypto.randomUUID()
    await context.withTenant(async (tx) => {
      const [running] = await tx
        .select({ id: companyBackup.id })
        .from(companyBackup)
        .where(
          and(
            eq(companyBackup.companyId, context.company.id),
            eq(companyBackup.status, 'running'),
            gt(companyBackup.createdAt, new Date(Date.now() - STALE_RUNNING_MS)),
          ),
        )
        .limit(1)
      if (running) throw new AppError('CONFLICT', 'backups.errors.running')
      await tx.insert(companyBackup).values({
        id: backupId,
        companyId: context.company.id,
        trigger: 'manual',
        requestedBy: actorUserId(context),
        storageKey: archiveKey(context.company.id, backupId),
      })
    })
    await enqueue(
      companyArchiveJob,
      { companyId: context.company.id, backupId, trigger: 'manual' },
      { singletonKey: backupId },
    )
    await recordAuditEvent({
      category: 'admin_privileged_action',
      action: 'backup.request',
      companyId: context.company.id,
      actorUserId: actorUserId(context),
      tableName: 'company_backups',
      recordId: backupId,
      ...origin,
    })
    return { backupId }
  },
)
