import { and, inArray } from 'drizzle-orm'
import { asset, companyBackup, organization } from '#db/schema'
import type { PlatformContext } from '#app/access/context'
import { getEnv } from '#app/lib/env.server'
import { logger } from '#app/lib/logger.server'
import { createS3Client, s3OptionsOf, type Storage, type StoredEntry } from '#app/lib/storage.server'
import { S3UploadStore } from './s3-upload-store.server'
import { UPLOAD_EXPIRATION_MS } from './upload-file-store.server'

/*
 * Storage reconciled with the database: a file no row accounts for is an orphan and goes. They
 * come from deletions whose file removal never ran (a gallery deleted while the disk was full,
 * the queue unreachable, a removal job out of retries) and from writes a stopped process left
 * half done. Only what is older than a grace period is judged, so an upload or a rendition being
 * written (its file there a moment before its row) is never taken from under itself.
 *
 * What is judged is what the product itself keeps, by the shape of its key:
 *   <company>/<asset uuid>/…        a file's original and renditions: orphans once the file's row is gone
 *   <company>/backups/<id>.zip      a company archive: orphan without its backup row
 *   <company>/watermark/v<n>.png    a watermark: orphan once the company uses another (or none)
 *   <company>/…                     anything of a company that no longer exists
 *   …/*.part                        a local write never finished
 * Shared link images (`<company>/og/`, `platform/og/`) are a cache made again on demand, and the
 * bucket's `uploads/` are the upload sweep's (sweep-uploads.server.ts): neither is judged here.
 */

/** A day: longer than any upload takes between its last byte and its row, or a rendition between its file and its row. */
export const ORPHAN_GRACE_MS = 24 * 60 * 60 * 1000

const NOT_A_COMPANY = new Set(['uploads', 'health', 'platform'])
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
/** Keys judged in one round of queries. */
const BATCH = 500

export type OrphanReason = 'file-deleted' | 'company-gone' | 'backup-gone' | 'watermark-replaced' | 'unfinished-write'

export type OrphanFile = { key: string; size: number; lastModified: Date; reason: OrphanReason }

export type OrphanReport = {
  /** Objects looked at, of any age. */
  scanned: number
  /** Objects younger than the grace period, left alone whatever they are. */
  tooRecent: number
  orphans: OrphanFile[]
  orphanBytes: number
  /** How many orphans were removed (0 on a dry run). */
  removed: number
  dryRun: boolean
  /**
   * Set when nothing was removed for safety: storage names companies and the database knows none
   * of them, which is what a storage shared with another (or an empty, restored) database looks
   * like, not a platform whose every company left.
   */
  refused?: 'no-company-known'
}

type Candidate = { entry: StoredEntry; company: string; second: string }

/** What is known in the database of the companies, files and archives a batch of keys names. */
async function lookUp(sweep: PlatformContext, batch: Candidate[]) {
  const companies = [...new Set(batch.map((candidate) => candidate.company))]
  const assetIds = [...new Set(batch.filter((c) => UUID.test(c.second)).map((c) => c.second))]
  const archiveKeys = batch.filter((c) => c.second === 'backups').map((c) => c.entry.key)
  return sweep.platform(async (tx) => {
    // One after the other: a transaction's statements share its one connection.
    const companyRows = await tx
      .select({ id: organization.id, watermarkKey: organization.watermarkKey })
      .from(organization)
      .where(inArray(organization.id, companies))
    const assetRows =
      assetIds.length > 0
        ? await tx
            .select({ id: asset.id, companyId: asset.companyId })
            .from(asset)
            .where(and(inArray(asset.id, assetIds), inArray(asset.companyId, companies)))
        : []
    const archiveRows =
      archiveKeys.length > 0
        ? await tx
            .select({ key: companyBackup.storageKey })
            .from(companyBackup)
            .where(inArray(companyBackup.storageKey, archiveKeys))
        : []
    return {
      watermarks: new Map(companyRows.map((row) => [row.id, row.watermarkKey])),
      assets: new Set(assetRows.map((row) => `${row.companyId}/${row.id}`)),
      archives: new Set(archiveRows.map((row) => row.key)),
    }
  })
}

/** Why the file behind `candidate` is an orphan, or null when a row accounts for it (or it is not ours to judge). */
function reasonOf(candidate: Candidate, known: Awaited<ReturnType<typeof lookUp>>): OrphanReason | null {
  const { company, second, entry } = candidate
  if (!known.watermarks.has(company)) return 'company-gone'
  if (UUID.test(second)) return known.assets.has(`${company}/${second}`) ? null : 'file-deleted'
  if (second === 'backups') return known.archives.has(entry.key) ? null : 'backup-gone'
  if (second === 'watermark') return known.watermarks.get(company) === entry.key ? null : 'watermark-replaced'
  return null
}

/**
 * Finds the orphans in `storage` and, unless `dryRun`, removes them. `inFlight` are keys uploads
 * are writing to now, kept whatever their age. A whole file's folder goes in one removal when
 * every object in it is an orphan, so no empty folder is left on disk.
 */
export async function sweepOrphanFiles(
  sweep: PlatformContext,
  options: {
    storage: Storage
    dryRun: boolean
    graceMs?: number
    now?: number
    inFlight?: Set<string>
    /** Removes even when the database knows none of the companies storage names (the operator's --force). */
    force?: boolean
  },
): Promise<OrphanReport> {
  const { storage, dryRun } = options
  const settledBefore = (options.now ?? Date.now()) - (options.graceMs ?? ORPHAN_GRACE_MS)
  const inFlight = options.inFlight ?? new Set<string>()
  const report: OrphanReport = { scanned: 0, tooRecent: 0, orphans: [], orphanBytes: 0, removed: 0, dryRun }
  /**
   * Folders (company/asset, and a company's own) seen holding something that is not an orphan
   * (yet): their orphans are removed one by one, the rest in one removal of the whole folder.
   */
  const keptFolders = new Set<string>()
  const companiesSeen = new Set<string>()
  const companiesKnown = new Set<string>()
  let batch: Candidate[] = []

  const judge = async () => {
    if (batch.length === 0) return
    const known = await lookUp(sweep, batch)
    for (const company of known.watermarks.keys()) companiesKnown.add(company)
    for (const candidate of batch) {
      companiesSeen.add(candidate.company)
      const reason = reasonOf(candidate, known)
      if (reason) report.orphans.push({ ...candidate.entry, reason })
      else keptFolders.add(`${candidate.company}/${candidate.second}`).add(candidate.company)
    }
    batch = []
  }

  for await (const entry of storage.inventory()) {
    report.scanned++
    const [company, second] = entry.key.split('/')
    const folder = `${company}/${second}`
    if (entry.lastModified.getTime() > settledBefore || inFlight.has(entry.key)) {
      report.tooRecent++
      keptFolders.add(folder).add(company)
      continue
    }
    if (entry.isPartial) {
      report.orphans.push({ ...entry, reason: 'unfinished-write' })
      continue
    }
    if (!second || NOT_A_COMPANY.has(company)) continue
    batch.push({ entry, company, second })
    if (batch.length >= BATCH) await judge()
  }
  await judge()

  report.orphanBytes = report.orphans.reduce((sum, orphan) => sum + orphan.size, 0)
  if (companiesSeen.size > 0 && companiesKnown.size === 0 && !options.force) {
    report.refused = 'no-company-known'
    if (!dryRun)
      logger.error(
        { companies: companiesSeen.size, orphans: report.orphans.length },
        'orphan sweep refused: the database knows none of the companies in storage (another database?)',
      )
    return report
  }
  if (dryRun) return report

  const removedFolders = new Set<string>()
  for (const orphan of report.orphans) {
    const [company, second] = orphan.key.split('/')
    const folder =
      orphan.reason === 'company-gone' ? company : orphan.reason === 'file-deleted' ? `${company}/${second}` : null
    try {
      if (folder && !keptFolders.has(folder)) {
        if (!removedFolders.has(folder)) await storage.deletePrefix(folder)
        removedFolders.add(folder)
      } else await storage.delete(orphan.key)
      report.removed++
    } catch (error) {
      // One that cannot be removed now (storage away) is found again by the next sweep.
      logger.warn({ err: error, key: orphan.key }, 'orphan file not removed')
    }
  }
  if (report.removed > 0)
    logger.info({ removed: report.removed, bytes: report.orphanBytes }, 'orphan files removed from storage')
  return report
}

/** The keys uploads kept in the bucket are writing to (none when media is on local disk, where uploads wait outside it). */
export async function findUploadKeysInFlight() {
  const s3 = s3OptionsOf(getEnv())
  if (!s3) return new Set<string>()
  return new S3UploadStore({
    client: createS3Client(s3),
    bucket: s3.bucket,
    keyOf: () => '',
    expirationPeriodInMilliseconds: UPLOAD_EXPIRATION_MS,
  }).keysInProgress()
}
