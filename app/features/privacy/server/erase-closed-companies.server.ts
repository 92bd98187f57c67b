import { and, eq, isNotNull, lt, sql } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import {
  analyticsDaily,
  analyticsDailyFile,
  analyticsDailyShare,
  analyticsDailySong,
  analyticsEvent,
  analyticsLike,
  analyticsPlaybackBucket,
  analyticsViewMark,
  analyticsVisitorMark,
  assetRendition,
  auditEvent,
  companyBackup,
  organization,
  session,
} from '#db/schema'
import { recordAuditEvent } from '#app/features/audit/server/record-audit-event.server'
import type { PlatformContext } from '#app/access/context'
import { logger } from '#app/lib/logger.server'
import { getStorage, type Storage } from '#app/lib/storage.server'
import { RETENTION_PERIODS, retentionCutoff } from '../retention-periods'

/**
 * A company's tables whose rows do not go with its row by themselves (no foreign key to
 * `companies` that cascades): deleted by name. Every other table with a company_id cascades
 * (company-erasure.test.ts keeps the two lists whole).
 */
export const ERASED_BY_NAME = [
  analyticsEvent,
  analyticsDaily,
  analyticsDailyShare,
  analyticsPlaybackBucket,
  analyticsDailyFile,
  analyticsDailySong,
  analyticsVisitorMark,
  analyticsViewMark,
  analyticsLike,
  assetRendition,
] as const satisfies readonly (PgTable & { companyId: AnyPgColumn })[]

/** Kept when the company goes, on purpose: the platform's billing events (their company becomes null). */
export const KEPT_WITHOUT_COMPANY = ['billing_events'] as const

/**
 * Deletes the company accounts closed longer than RETENTION_PERIODS.closedAccounts before `now`
 * (the daily retention job), each with everything it left: its stored files first (media,
 * renditions, link previews, watermark, its own backup archives: all under its id), then in one
 * transaction its rows (its row's foreign keys cascade to the rest; the tables above by name),
 * its audit trail (kept "for as long as the company account exists"), and the sessions' choice
 * of it as their company. Files first: a failure leaves the rows, and the next run tries again.
 * One company's failure does not stop the others; it is counted and logged.
 */
export async function eraseClosedCompanies(sweep: PlatformContext, options: { now: Date; storage?: Storage }) {
  const before = retentionCutoff(RETENTION_PERIODS.closedAccounts, options.now)
  const storage = options.storage ?? getStorage()
  const due = await sweep.platform((tx) =>
    tx
      .select({ id: organization.id })
      .from(organization)
      .where(and(isNotNull(organization.closedAt), lt(organization.closedAt, before))),
  )
  let erased = 0
  let failed = 0
  for (const { id } of due) {
    try {
      if (await eraseCompany(sweep, id, before, storage)) erased += 1
    } catch (error) {
      failed += 1
      logger.error({ err: error, companyId: id }, 'closed company not erased: tried again on the next run')
    }
  }
  return { erased, failed }
}

async function eraseCompany(sweep: PlatformContext, companyId: string, before: Date, storage: Storage) {
  const archives = await sweep.platform((tx) =>
    tx.select({ key: companyBackup.storageKey }).from(companyBackup).where(eq(companyBackup.companyId, companyId)),
  )
  // Archives live under the company's folder too (archiveKey); named one by one all the same.
  for (const { key } of archives) await storage.delete(key)
  await storage.deletePrefix(companyId)
  const closedAt = await sweep.platform(async (tx) => {
    // Still closed and due (an admin may have reopened it meanwhile: then nothing more goes).
    const [row] = await tx
      .select({ closedAt: organization.closedAt })
      .from(organization)
      .where(and(eq(organization.id, companyId), isNotNull(organization.closedAt), lt(organization.closedAt, before)))
      .for('update')
    if (!row) return null
    for (const table of ERASED_BY_NAME) await tx.delete(table).where(eq(table.companyId, companyId))
    await tx.update(session).set({ activeOrganizationId: null }).where(eq(session.activeOrganizationId, companyId))
    await tx.delete(organization).where(eq(organization.id, companyId))
    // The audit trail is append-only but for this: a deleted company's own trail, named here (migration 0037).
    await tx.execute(sql`select set_config('app.erase_company', ${companyId}, true)`)
    await tx.delete(auditEvent).where(eq(auditEvent.companyId, companyId))
    return row.closedAt
  })
  if (!closedAt) return false
  // Whatever was written while the rows went (an upload finishing) goes too.
  await storage
    .deletePrefix(companyId)
    .catch((error: unknown) =>
      logger.warn({ err: error, companyId }, 'erased company: files written meanwhile not removed'),
    )
  // The platform's own record that it happened, with nothing of the company's but its id.
  await recordAuditEvent({
    category: 'admin_privileged_action',
    action: 'company.erase',
    companyId: null,
    tableName: 'companies',
    recordId: companyId,
    details: { closedAt: closedAt.toISOString() },
  })
  return true
}
