import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import pg from 'pg'
import type { Storage } from '#app/lib/storage.server'
import { BACKUP_FORMAT, DATABASE_FILE, MANIFEST_FILE, MEDIA_FOLDER, type TBackupManifest } from '../backup-manifest'
import { BackupError, findPostgresTool, runTool, serverMajorVersion } from './postgres-tools.server'

export type BackupTarget = { databaseUrl: string; storage: Storage; directory: string; log?: (line: string) => void }

/** Streams `source` into `file`, returning its size and SHA-256. */
export async function copyWithChecksum(source: NodeJS.ReadableStream, file: string) {
  const hash = createHash('sha256')
  let size = 0
  await fs.mkdir(path.dirname(file), { recursive: true })
  await pipeline(
    source,
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk)
        size += chunk.length
        done(null, chunk)
      },
    }),
    createWriteStream(file),
  )
  return { size, sha256: hash.digest('hex') }
}

export async function fileChecksum(file: string) {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

/**
 * `npm run backup`: one consistent dump of the whole database and a copy of every stored object,
 * with a manifest of SHA-256 checksums written last. The dump and the list of files the database
 * names come from one snapshot; media are copied after it, so a file uploaded meanwhile may be
 * in the copy without its row (harmless), and one deleted meanwhile is listed as missing.
 */
export async function createBackup({ databaseUrl, storage, directory, log = () => {} }: BackupTarget): Promise<TBackupManifest> {
  const existing = await fs.readdir(directory).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return []
    throw error
  })
  if (existing.length > 0) throw new BackupError(`The backup folder ${directory} is not empty: give a new or empty folder.`)
  await fs.mkdir(directory, { recursive: true })

  const major = await serverMajorVersion(databaseUrl)
  const pgDump = await findPostgresTool('pg_dump', major, `This database runs PostgreSQL ${major}`)
  const snapshotHolder = new pg.Client({ connectionString: databaseUrl })
  await snapshotHolder.connect()
  let serverVersion: string
  let namedKeys: Set<string>
  try {
    await snapshotHolder.query('begin isolation level repeatable read read only')
    const [{ snapshot }] = (await snapshotHolder.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot')).rows
    serverVersion = (await snapshotHolder.query<{ server_version: string }>('show server_version')).rows[0].server_version
    await snapshotHolder.query(`select set_config('app.bypass_rls', 'on', true)`)
    const named = await snapshotHolder.query<{ key: string }>('select storage_key as key from assets union select storage_key from asset_renditions')
    namedKeys = new Set(named.rows.map((row) => row.key))
    log(`Dumping the database (PostgreSQL ${serverVersion}) with ${pgDump.binary}…`)
    // The exported snapshot lives as long as this transaction: pg_dump reads exactly what the key list read.
    await runTool(pgDump.binary, ['--format=custom', `--snapshot=${snapshot}`, '--no-owner', '--no-privileges', '--enable-row-security', `--file=${path.join(directory, DATABASE_FILE)}`], databaseUrl)
    await snapshotHolder.query('commit')
  } finally {
    await snapshotHolder.end()
  }
  const dumpFile = path.join(directory, DATABASE_FILE)
  const database = { file: DATABASE_FILE, size: (await fs.stat(dumpFile)).size, sha256: await fileChecksum(dumpFile), serverVersion, dumpMajorVersion: pgDump.major } as const

  log(`Copying media from ${storage.kind} storage…`)
  const media: TBackupManifest['media'] = []
  for await (const key of storage.list()) {
    const copied = await copyWithChecksum(await storage.read(key), path.join(directory, MEDIA_FOLDER, ...key.split('/')))
    media.push({ key, ...copied })
  }
  media.sort((a, b) => a.key.localeCompare(b.key))
  const copiedKeys = new Set(media.map((entry) => entry.key))
  const missingMedia = [...namedKeys].filter((key) => !copiedKeys.has(key)).sort()
  if (missingMedia.length > 0) log(`Warning: ${missingMedia.length} file(s) named by the database were not in storage (listed in the manifest as missingMedia).`)

  const manifest: TBackupManifest = { format: BACKUP_FORMAT, createdAt: new Date().toISOString(), database, media, missingMedia }
  await fs.writeFile(path.join(directory, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`)
  log(`Backup written to ${directory}: the database (${database.size} bytes) and ${media.length} media file(s).`)
  return manifest
}
