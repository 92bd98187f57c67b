import fs from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import type { Storage } from '#app/lib/storage.server'
import {
  BACKUP_FORMAT,
  DATABASE_FILE,
  MANIFEST_FILE,
  MEDIA_FOLDER,
  ZBackupManifest,
  type TBackupManifest,
  type TDatabaseFormat,
} from '../backup-manifest'
import { copyWithChecksum, fileChecksum } from './checksums.server'
import { BackupError, findPostgresTool, runTool } from './postgres-tools.server'
import { writeTableCopies } from './write-table-copies.server'

export type BackupTarget = { databaseUrl: string; storage: Storage; directory: string; log?: (line: string) => void }
/** `auto`: pg_dump where one fits the server, else the app's own `copy` format (ADR 065). */
export type DatabaseFormatChoice = TDatabaseFormat | 'auto'

/** The pg_dump to use, or null for the `copy` format. */
async function choosePgDump(major: number, choice: DatabaseFormatChoice, log: (line: string) => void) {
  if (choice === 'copy') return null
  const because = `This database runs PostgreSQL ${major}`
  if (choice === 'pg_dump') return findPostgresTool('pg_dump', major, because)
  return findPostgresTool('pg_dump', major, because).catch((error: unknown) => {
    if (!(error instanceof BackupError)) throw error
    log(
      `No pg_dump ${major} or newer here: the database is written table by table in Afterglow's own format instead (restored without pg_restore).`,
    )
    return null
  })
}

/**
 * `npm run backup`: one consistent copy of the whole database and a copy of every stored object,
 * with a manifest of SHA-256 checksums written last. The database (by pg_dump, or table by table
 * by the app) and the list of files it names come from one snapshot; media are copied after it,
 * so a file uploaded meanwhile may be in the copy without its row (harmless), and one deleted
 * meanwhile is listed as missing.
 */
export async function createBackup({
  databaseUrl,
  storage,
  directory,
  log = () => {},
  databaseFormat = 'auto',
}: BackupTarget & { databaseFormat?: DatabaseFormatChoice }): Promise<TBackupManifest> {
  const existing = await fs.readdir(directory).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return []
    throw error
  })
  if (existing.length > 0)
    throw new BackupError(`The backup folder ${directory} is not empty: give a new or empty folder.`)
  await fs.mkdir(directory, { recursive: true })

  const snapshotHolder = new pg.Client({ connectionString: databaseUrl })
  await snapshotHolder.connect()
  let database: TBackupManifest['database']
  let namedKeys: Set<string>
  try {
    const { rows } = await snapshotHolder.query<{ server_version: string; server_version_num: string }>(
      `select current_setting('server_version') as server_version, current_setting('server_version_num') as server_version_num`,
    )
    const serverVersion = rows[0].server_version
    const major = Math.floor(Number(rows[0].server_version_num) / 10_000)
    const pgDump = await choosePgDump(major, databaseFormat, log)
    await snapshotHolder.query('begin isolation level repeatable read read only')
    await snapshotHolder.query(`select set_config('app.bypass_rls', 'on', true)`)
    const named = await snapshotHolder.query<{ key: string }>(
      'select storage_key as key from assets union select storage_key from asset_renditions',
    )
    namedKeys = new Set(named.rows.map((row) => row.key))
    if (pgDump) {
      const [{ snapshot }] = (
        await snapshotHolder.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot')
      ).rows
      log(`Dumping the database (PostgreSQL ${serverVersion}) with ${pgDump.binary}…`)
      // The exported snapshot lives as long as this transaction: pg_dump reads exactly what the key list read.
      const file = path.join(directory, DATABASE_FILE)
      await runTool(
        pgDump.binary,
        [
          '--format=custom',
          `--snapshot=${snapshot}`,
          '--no-owner',
          '--no-privileges',
          '--enable-row-security',
          `--file=${file}`,
        ],
        databaseUrl,
      )
      database = {
        format: 'pg_dump',
        file: DATABASE_FILE,
        size: (await fs.stat(file)).size,
        sha256: await fileChecksum(file),
        serverVersion,
        dumpMajorVersion: pgDump.major,
      }
    } else {
      log(`Writing the database (PostgreSQL ${serverVersion}) table by table…`)
      database = await writeTableCopies(snapshotHolder, directory, serverVersion, log)
    }
    await snapshotHolder.query('commit')
  } finally {
    await snapshotHolder.end()
  }

  log(`Copying media from ${storage.kind} storage…`)
  const media: TBackupManifest['media'] = []
  for await (const key of storage.list()) {
    const copied = await copyWithChecksum(
      await storage.read(key),
      path.join(directory, MEDIA_FOLDER, ...key.split('/')),
    )
    media.push({ key, ...copied })
  }
  media.sort((a, b) => a.key.localeCompare(b.key))
  const copiedKeys = new Set(media.map((entry) => entry.key))
  const missingMedia = [...namedKeys].filter((key) => !copiedKeys.has(key)).sort()
  if (missingMedia.length > 0)
    log(
      `Warning: ${missingMedia.length} file(s) named by the database were not in storage (listed in the manifest as missingMedia).`,
    )

  const manifest: TBackupManifest = {
    format: BACKUP_FORMAT,
    createdAt: new Date().toISOString(),
    database,
    media,
    missingMedia,
  }
  // Checked as a restore will read it: a backup that could not be restored fails now, not then.
  const checked = ZBackupManifest.safeParse(manifest)
  if (!checked.success)
    throw new BackupError(
      `The backup's manifest would not be readable: ${checked.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
    )
  await fs.writeFile(path.join(directory, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`)
  const databaseSize =
    database.format === 'pg_dump' ? database.size : database.tables.reduce((sum, table) => sum + table.size, 0)
  log(
    `Backup written to ${directory}: the database (${database.format === 'pg_dump' ? 'pg_dump' : `${database.tables.length} tables`}, ${databaseSize} bytes) and ${media.length} media file(s).`,
  )
  return manifest
}
