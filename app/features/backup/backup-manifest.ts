import { z } from 'zod'

/*
 * What a backup folder holds: the database, `media/<key>` (every stored object) and
 * `manifest.json`, written last, with a SHA-256 of each file. A folder without its manifest is an
 * unfinished backup. The database comes in one of two formats (ADR 065), both from one snapshot:
 * - `pg_dump`: `database.dump`, pg_dump's custom format, read back by pg_restore;
 * - `copy`: `database/<schema>.<table>.copy.gz`, each table's rows in COPY's text format, written
 *   by the app itself where no pg_dump fits the server, read back after the app's migrations.
 */

export const BACKUP_FORMAT = 2
export const MANIFEST_FILE = 'manifest.json'
export const DATABASE_FILE = 'database.dump'
export const TABLES_FOLDER = 'database'
export const MEDIA_FOLDER = 'media'
export const DATABASE_FORMATS = ['pg_dump', 'copy'] as const
export type TDatabaseFormat = (typeof DATABASE_FORMATS)[number]

const ZSha256 = z.string().regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 in hex')
// The storage's own key rule (assertValidKey) is checked again on restore.
const ZKey = z.string().min(1).max(1024)
// Names go into SQL (quoted) and into file names: plain PostgreSQL identifiers only.
const ZIdentifier = z.string().regex(/^[a-z_][a-z0-9_$]{0,62}$/, 'must be a plain PostgreSQL name')
const ZMedia = z.array(z.object({ key: ZKey, size: z.number().int().nonnegative(), sha256: ZSha256 }))

const ZPgDumpDatabase = z.object({
  format: z.literal('pg_dump'),
  file: z.literal(DATABASE_FILE),
  size: z.number().int().nonnegative(),
  sha256: ZSha256,
  serverVersion: z.string().min(1),
  dumpMajorVersion: z.number().int().positive(),
})

const ZCopyDatabase = z.object({
  format: z.literal('copy'),
  serverVersion: z.string().min(1),
  /** The app's migrations the database had run (drizzle's journal): a restore migrates to exactly these first. */
  migrations: z
    .array(z.object({ hash: ZSha256, createdAt: z.number().int() }))
    .min(1, 'the database had run no migrations'),
  /** pg-boss's schema version and its queues (each has a partition of pgboss.job); null when the database had no job queue yet. */
  queue: z
    .object({
      schemaVersion: z.number().int().positive(),
      queues: z.array(z.object({ name: z.string().min(1), partition: ZIdentifier })),
    })
    .nullable(),
  tables: z.array(
    z.object({
      schema: ZIdentifier,
      name: ZIdentifier,
      /** Column names and types as the server printed them: the restored schema must have the same. */
      columns: z.array(z.object({ name: ZIdentifier, type: z.string().min(1) })).min(1),
      rows: z.number().int().nonnegative(),
      size: z.number().int().nonnegative(),
      sha256: ZSha256,
    }),
  ),
  /** Partitions the app and pg-boss make as they run (analytics months, job queues); their rows are in their parent's file. */
  partitions: z.array(
    z.object({ schema: ZIdentifier, name: ZIdentifier, parent: ZIdentifier, bound: z.string().min(1) }),
  ),
  sequences: z.array(
    z.object({ schema: ZIdentifier, name: ZIdentifier, lastValue: z.string().regex(/^-?\d+$/), isCalled: z.boolean() }),
  ),
})

export const ZBackupManifest = z.object({
  format: z.literal(BACKUP_FORMAT),
  createdAt: z.iso.datetime(),
  database: z.discriminatedUnion('format', [ZPgDumpDatabase, ZCopyDatabase]),
  media: ZMedia,
  /** Files the database named that storage no longer had when they were copied (deleted meanwhile, or lost before). */
  missingMedia: z.array(ZKey),
})

// Format 1 (before the `copy` format) was always pg_dump's: read as such.
const ZBackupManifestV1 = z
  .object({
    format: z.literal(1),
    createdAt: z.iso.datetime(),
    database: ZPgDumpDatabase.omit({ format: true }),
    media: ZMedia,
    missingMedia: z.array(ZKey),
  })
  .transform(
    (v1): TBackupManifest => ({ ...v1, format: BACKUP_FORMAT, database: { format: 'pg_dump', ...v1.database } }),
  )

/** A manifest of any format this version reads, as the current one. */
export function parseBackupManifest(json: unknown) {
  const isV1 = typeof json === 'object' && json !== null && (json as { format?: unknown }).format === 1
  return isV1 ? ZBackupManifestV1.safeParse(json) : ZBackupManifest.safeParse(json)
}

export type TBackupManifest = z.infer<typeof ZBackupManifest>
export type TCopyDatabase = z.infer<typeof ZCopyDatabase>
export type TCopyTable = TCopyDatabase['tables'][number]

/** Where a table's rows are in a backup folder. */
export const tableFile = (table: { schema: string; name: string }) =>
  `${TABLES_FOLDER}/${table.schema}.${table.name}.copy.gz`
