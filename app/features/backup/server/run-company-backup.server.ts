import { eq } from 'drizzle-orm'
import { companyBackup } from '#db/schema'
import { logger } from '#app/lib/logger.server'
import { isStorageFull } from '#app/lib/disk-space.server'
import { getStorage, mediaKey, type Storage } from '#app/lib/storage.server'
import type { SystemActor, TenantContext } from '#app/access/context'
import { pruneCompanyBackups } from './prune-company-backups.server'
import { writeCompanyArchive } from './write-company-archive.server'

export type BackupTrigger = 'nightly' | 'manual'

/** Where an archive lives: beside the company's media, under a folder no item id can name. */
export const archiveKey = (companyId: string, backupId: string) => mediaKey(companyId, 'backups', backupId, 'zip')

/**
 * What an admin reads when a backup fails for a reason of the platform's, not theirs: a full
 * storage in their words (a key the page translates, never a raw ENOSPC), else the error's message.
 */
export function backupFailureReasonOf(error: unknown) {
  if (isStorageFull(error)) return 'backups.errors.storageFull'
  return (error instanceof Error ? error.message : String(error)).slice(0, 500)
}

/**
 * The backup job's work: one archive of the company (its row made by the button, or here for the
 * nightly run), then the oldest beyond the last seven removed. A company whose plan does not
 * include automatic backups is refused: nothing is written, and a requested row says why.
 * Idempotent: a retried job writes the same archive to the same key again.
 */
export async function runCompanyBackup(
  context: TenantContext<SystemActor>,
  input: { companyId: string; backupId?: string; trigger: BackupTrigger },
  options: { isLastAttempt: boolean; storage?: Storage } = { isLastAttempt: true },
) {
  const storage = options.storage ?? getStorage()
  if (!context.entitlements.automaticBackup) {
    logger.warn(
      { companyId: input.companyId, plan: context.entitlements.plan },
      'backup refused: the plan does not include automatic backups',
    )
    if (input.backupId) {
      const backupId = input.backupId
      await context.withTenant((tx) =>
        tx
          .update(companyBackup)
          .set({ status: 'failed', error: 'backups.errors.plan', finishedAt: new Date() })
          .where(eq(companyBackup.id, backupId)),
      )
    }
    return { outcome: 'refused' as const }
  }
  const backupId = input.backupId ?? crypto.randomUUID()
  const key = archiveKey(input.companyId, backupId)
  const recorded = await context.withTenant(async (tx) => {
    if (!input.backupId)
      return tx
        .insert(companyBackup)
        .values({ id: backupId, companyId: input.companyId, trigger: input.trigger, storageKey: key })
        .returning({ id: companyBackup.id })
    return tx
      .update(companyBackup)
      .set({ status: 'running', error: null, finishedAt: null })
      .where(eq(companyBackup.id, backupId))
      .returning({ id: companyBackup.id })
  })
  // The requested row no longer exists: an archive nobody lists would only take space.
  if (recorded.length === 0) return { outcome: 'gone' as const }
  try {
    const written = await writeCompanyArchive(context, storage, key)
    await context.withTenant((tx) =>
      tx
        .update(companyBackup)
        .set({ status: 'ready', sizeBytes: written.sizeBytes, fileCount: written.fileCount, finishedAt: new Date() })
        .where(eq(companyBackup.id, backupId)),
    )
    await pruneCompanyBackups(context, storage)
    return { outcome: 'ready' as const, backupId, ...written }
  } catch (error) {
    // A half-written archive is no backup: removed, and the row says why (retried until the last attempt).
    await storage.delete(key).catch(() => undefined)
    await context.withTenant((tx) =>
      tx
        .update(companyBackup)
        .set({
          status: options.isLastAttempt ? 'failed' : 'running',
          error: backupFailureReasonOf(error),
          finishedAt: options.isLastAttempt ? new Date() : null,
        })
        .where(eq(companyBackup.id, backupId)),
    )
    throw error
  }
}
