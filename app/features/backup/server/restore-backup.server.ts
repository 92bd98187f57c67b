import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import { assertValidKey, contentTypeFor } from '#app/lib/storage.server'
import {
  DATABASE_FILE,
  MANIFEST_FILE,
  MEDIA_FOLDER,
  parseBackupManifest,
  tableFile,
  type TBackupManifest,
} from '../backup-manifest'
import { fileChecksum } from './checksums.server'
import type { BackupTarget } from './create-backup.server'
import { loadTableCopies } from './load-table-copies.server'
import { BackupError, findPostgresTool, runTool } from './postgres-tools.server'

async function readManifest(directory: string): Promise<TBackupManifest> {
  const text = await fs.readFile(path.join(directory, MANIFEST_FILE), 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT')
      throw new BackupError(`${directory} holds no ${MANIFEST_FILE}: it is not a backup, or the backup did not finish.`)
    throw error
  })
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new BackupError(`${path.join(directory, MANIFEST_FILE)} is not valid JSON.`)
  }
  const parsed = parseBackupManifest(json)
  if (!parsed.success)
    throw new BackupError(
      `${path.join(directory, MANIFEST_FILE)} is not a backup manifest this version can read: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
    )
  for (const entry of parsed.data.media) assertValidKey(entry.key)
  return parsed.data
}

/** Every file of the backup has the size and checksum its manifest says, before anything is written. */
async function verifyFiles(directory: string, manifest: TBackupManifest) {
  const database =
    manifest.database.format === 'pg_dump'
      ? [{ name: DATABASE_FILE, sha256: manifest.database.sha256 }]
      : manifest.database.tables.map((table) => ({ name: tableFile(table), sha256: table.sha256 }))
  const files = [
    ...database.map((entry) => ({ ...entry, file: path.join(directory, ...entry.name.split('/')) })),
    ...manifest.media.map((entry) => ({
      name: entry.key,
      file: path.join(directory, MEDIA_FOLDER, ...entry.key.split('/')),
      sha256: entry.sha256,
    })),
  ]
  for (const { name, file, sha256 } of files) {
    const actual = await fileChecksum(file).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') throw new BackupError(`The backup is incomplete: ${name} is missing.`)
      throw error
    })
    if (actual !== sha256)
      throw new BackupError(
        `The backup is damaged: ${name} does not match its checksum (expected ${sha256}, found ${actual}).`,
      )
  }
}

/** Names of what the target database already holds outside PostgreSQL's own schemas. */
async function existingRelations(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ name: string }>(
      `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
       order by 1 limit 5`,
    )
    return rows.map((row) => row.name)
  } finally {
    await client.end()
  }
}

/**
 * `npm run restore`: checks every checksum, then brings the database into an empty one (by
 * pg_restore, or by the app for its own `copy` format) and the media into empty storage. It
 * refuses a target that already holds anything: a restore never mixes with, or overwrites, live data.
 */
export async function restoreBackup({ databaseUrl, storage, directory, log = () => {} }: BackupTarget) {
  const manifest = await readManifest(directory)
  log(`Checking the backup of ${manifest.createdAt}: the database and ${manifest.media.length} media file(s)…`)
  await verifyFiles(directory, manifest)

  const tables = await existingRelations(databaseUrl)
  if (tables.length > 0)
    throw new BackupError(
      `The target database is not empty (it holds ${tables.join(', ')}…): restore only into a new, empty database.`,
    )
  for await (const key of storage.list()) {
    throw new BackupError(
      `The target ${storage.kind} storage is not empty (it holds ${key}): restore only into empty storage.`,
    )
  }

  if (manifest.database.format === 'pg_dump') {
    // pg_restore reads archives of its own major version and older.
    const pgRestore = await findPostgresTool(
      'pg_restore',
      manifest.database.dumpMajorVersion,
      `The backup was written by pg_dump ${manifest.database.dumpMajorVersion}`,
    )
    log(`Restoring the database with ${pgRestore.binary}…`)
    await runTool(
      pgRestore.binary,
      [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        `--dbname=${new URL(databaseUrl).pathname.slice(1)}`,
        path.join(directory, DATABASE_FILE),
      ],
      databaseUrl,
    )
  } else {
    await loadTableCopies({ databaseUrl, directory, database: manifest.database, log })
  }

  log(`Restoring media into ${storage.kind} storage…`)
  for (const entry of manifest.media) {
    const file = path.join(directory, MEDIA_FOLDER, ...entry.key.split('/'))
    await storage.put(entry.key, createReadStream(file), { contentType: contentTypeFor(entry.key) })
    // Read back: what storage now serves is what was backed up.
    const hash = createHash('sha256')
    for await (const chunk of await storage.read(entry.key)) hash.update(chunk as Buffer)
    if (hash.digest('hex') !== entry.sha256)
      throw new BackupError(`${entry.key} was stored with other bytes than the backup's; storage may be failing.`)
  }
  log(`Restored: the database and ${manifest.media.length} media file(s).`)
  return manifest
}
