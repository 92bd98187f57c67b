import { z } from 'zod'

/*
 * What one company's archive holds (ADR 055), beside the platform's backup folder (ADR 050):
 * a ZIP with `data/<table>.json` and `data/<table>.csv` for each of the company's tables,
 * `data/company.json` (its profile and who its team is), `files/<asset>/original.<ext>` (every
 * original it uploaded) and `manifest.json`, the archive's last entry, with the SHA-256 of each.
 * An archive without its manifest is an unfinished one.
 */

export const COMPANY_ARCHIVE_FORMAT = 1
export const ARCHIVE_MANIFEST = 'manifest.json'
export const COMPANY_FILE = 'data/company.json'
export const KEEP_ARCHIVES = 7

/** The company's tables in the archive, in the order a restore inserts them (references first). */
export const ARCHIVE_TABLES = [
  'events',
  'content_items',
  'assets',
  'leads',
  'comments',
  'downloads',
  'live_followers',
  'analytics_daily',
  'analytics_daily_shares',
  'analytics_playback_buckets',
  'analytics_daily_files',
  'analytics_daily_songs',
] as const
export type ArchiveTable = (typeof ARCHIVE_TABLES)[number]

/** A company's tables an archive leaves out, and why: what a copy would not use, or must not carry. */
export const TABLES_LEFT_OUT = {
  company_slug_redirects: "the original's former addresses stay its own",
  custom_domains: "the original's domains stay its own",
  subscriptions: 'billing stays with the original; a copy starts on Starter',
  billing_events: 'billing stays with the original',
  invoices: 'billing stays with the original',
  audit_events: "the original's trail; the restore starts the copy's own",
  asset_renditions: 'made again from the originals after a restore',
  gallery_file_counts: 'counted again by the database as the restored files come in',
  gallery_chapter_counts: 'counted again by the database as the restored files come in',
  analytics_events: 'raw events: their figures are in the rollups, the events themselves expire',
  analytics_visitor_marks: 'who was counted today, pruned after 48 hours',
  analytics_view_marks: 'repeat views within 30 minutes, pruned after 48 hours',
  analytics_likes: "a visitor's like, by an id that means nothing outside this platform; the counts are in the rollups",
  company_backups: 'the archives themselves',
  api_keys: "secrets that let the original's systems in",
  api_idempotency: 'answers kept for a day for retried requests',
  webhook_endpoints: "the original's systems and their signing secrets",
  webhook_deliveries: 'delivery logs, kept 30 days',
  webhook_attempts: 'delivery logs, kept 30 days',
  face_embeddings: 'biometric data: made again from the photos when the copy switches Find me on (ADR 103)',
  find_me_searches: "fans' searches of the original's index and their consents, which the copy never ran",
  find_me_removal_requests: "fans' requests about the original's index, handled there",
} as const

/** Tables archives gained after their format was set: an older archive without them restores them empty. */
export const TABLES_ADDED_LATER: ReadonlySet<ArchiveTable> = new Set(['live_followers', 'analytics_daily_songs'])

export const BACKUP_STATUSES = ['running', 'ready', 'failed'] as const
export type BackupStatus = (typeof BACKUP_STATUSES)[number]

const ZSha256 = z.string().regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 in hex')
// A file's place in the archive: `files/<asset id>/<name>`, never a path that climbs out.
const ZArchivePath = z
  .string()
  .regex(/^files\/[0-9a-f-]{36}\/[a-zA-Z0-9][a-zA-Z0-9_.-]{0,127}$/, 'must be files/<asset>/<name>')

export const ZCompanyArchiveManifest = z.object({
  format: z.literal(COMPANY_ARCHIVE_FORMAT),
  kind: z.literal('company'),
  createdAt: z.iso.datetime(),
  company: z.object({ id: z.string().min(1), name: z.string().min(1), slug: z.string().min(1) }),
  tables: z.array(
    z.object({
      name: z.enum(ARCHIVE_TABLES),
      rows: z.number().int().nonnegative(),
      json: z.string(),
      csv: z.string(),
      sha256: ZSha256,
    }),
  ),
  files: z.array(
    z.object({ path: ZArchivePath, assetId: z.uuid(), size: z.number().int().nonnegative(), sha256: ZSha256 }),
  ),
  /** Originals the database named that storage no longer had (lost or deleted meanwhile). */
  missingFiles: z.array(z.uuid()),
})
export type TCompanyArchiveManifest = z.infer<typeof ZCompanyArchiveManifest>

/** `data/company.json`: what a restored company is made from (not its plan, address or domains: those stay with the original). */
export const ZArchivedCompany = z.object({
  profile: z.record(z.string(), z.unknown()),
  /** The team by e-mail: a restore gives the same people, where they have an account, the same roles. */
  members: z.array(z.object({ email: z.string().min(3), role: z.enum(['admin', 'manager', 'user']) })),
})
export type TArchivedCompany = z.infer<typeof ZArchivedCompany>

/** A row of an archived table: the columns by their property names. */
export const ZArchivedRows = z.array(z.record(z.string(), z.unknown()))

export const tableJsonPath = (table: ArchiveTable) => `data/${table}.json`
export const tableCsvPath = (table: ArchiveTable) => `data/${table}.csv`

/** The archive's file name as an admin downloads it: the company and the moment. */
export function archiveFileName(companySlug: string, createdAt: Date) {
  return `${companySlug}-backup-${createdAt.toISOString().slice(0, 16).replace(/[T:]/g, '-')}.zip`
}
