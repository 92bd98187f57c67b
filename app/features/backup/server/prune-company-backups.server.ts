import { and, desc, eq, inArray, lt, ne } from 'drizzle-orm'
import { companyBackup } from '#db/schema'
import type { Storage } from '#app/lib/storage.server'
import type { TenantContext } from '#app/access/context'
import { KEEP_ARCHIVES } from '../company-archive'

/**
 * Keeps the company's last seven ready archives: older archives, and failures older than the
 * oldest kept one, leave storage and the list. Files go first, so a row never names nothing.
 */
export async function pruneCompanyBackups(context: TenantContext, storage: Storage) {
  const ready = await context.withTenant((tx) =>
    tx
      .select({ createdAt: companyBackup.createdAt })
      .from(companyBackup)
      .where(and(eq(companyBackup.companyId, context.company.id), eq(companyBackup.status, 'ready')))
      .orderBy(desc(companyBackup.createdAt))
      .limit(KEEP_ARCHIVES),
  )
  if (ready.length < KEEP_ARCHIVES) return []
  const oldestKept = ready[KEEP_ARCHIVES - 1].createdAt
  const older = await context.withTenant((tx) =>
    tx
      .select({ id: companyBackup.id, storageKey: companyBackup.storageKey })
      .from(companyBackup)
      .where(
        and(
          eq(companyBackup.companyId, context.company.id),
          ne(companyBackup.status, 'running'),
          lt(companyBackup.createdAt, oldestKept),
        ),
      ),
  )
  for (const backup of older) await storage.delete(backup.storageKey)
  if (older.length > 0)
    await context.withTenant((tx) =>
      tx.delete(companyBackup).where(
        inArray(
          companyBackup.id,
          older.map((backup) => backup.id),
        ),
      ),
    )
  return older.map((backup) => backup.id)
}
