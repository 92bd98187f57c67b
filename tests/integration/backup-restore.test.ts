import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { eq } from 'drizzle-orm'
import pg from 'pg'
import S3rver from 's3rver'
import { contentItem } from '#db/schema'
import { ZBackupManifest, type TBackupManifest } from '#app/features/backup/backup-manifest'
import { createBackup } from '#app/features/backup/server/create-backup.server'
import { findPostgresTool, serverMajorVersion } from '#app/features/backup/server/postgres-tools.server'
import { restoreBackup } from '#app/features/backup/server/restore-backup.server'
import { withSystem } from '#app/lib/db.server'
import { createLocalStorage, createS3Storage } from '#app/lib/storage.server'
import { startAppProcess, freePort, type AppProcess } from '../support/app-process'
import { waitForAssetsReady } from '../support/assets'
import { createCompanyAdmin, signIn } from '../support/fixtures'
import { TestClient } from '../support/http-client'
import { makePhoto } from '../support/media-files'
import { createTestDatabase, type TestDatabase } from '../support/test-database'
import { tusUpload } from '../support/tus'

/*
 * `npm run backup` and `npm run restore`, as an operator runs them: a company with photos is
 * backed up from the running app's database and storage, restored into a new database and an
 * empty data folder, compared row by row and file by file, and served by an app started on it.
 */

const run = promisify(execFile)

async function script(mode: 'backup' | 'restore', folder: string, env: { DATABASE_URL: string; DATA_DIR: string }) {
  try {
    const { stdout } = await run(process.execPath, ['scripts/backup.js', mode, folder], {
      env: { ...process.env, NODE_ENV: 'test', SESSION_SECRET: inject('sessionSecret'), LOG_LEVEL: 'warn', ...env },
      timeout: 120_000,
    })
    return { code: 0, stdout, stderr: '' }
  } catch (error) {
    const failure = error as { code?: number; stdout?: string; stderr?: string }
    return { code: failure.code ?? -1, stdout: failure.stdout ?? '', stderr: failure.stderr ?? '' }
  }
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

/** A company's rows in the tables a backup must carry, as JSON text (exact, column by column). */
async function companyRows(databaseUrl: string, companyId: string, userEmail: string) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await client.query(`select set_config('app.bypass_rls', 'on', false)`)
    const read = async (query: string, values: unknown[]) => (await client.query<{ rows: string | null }>(`select json_agg(t order by t::text)::text as rows from (${query}) t`, values)).rows[0].rows
    return {
      company: await read('select * from companies where id = $1', [companyId]),
      user: await read('select u.*, a.password from users u join accounts a on a.user_id = u.id where u.email = $1', [userEmail]),
      members: await read('select * from members where company_id = $1', [companyId]),
      items: await read('select * from content_items where company_id = $1', [companyId]),
      assets: await read('select * from assets where company_id = $1', [companyId]),
      renditions: await read('select r.* from asset_renditions r join assets a on a.id = r.asset_id where a.company_id = $1', [companyId]),
      audit: await read('select * from audit_events where company_id = $1', [companyId]),
      migrations: await read('select * from drizzle.__drizzle_migrations', []),
    }
  } finally {
    await client.end()
  }
}

async function tableCount(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    return Number((await client.query(`select count(*) as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`)).rows[0].n)
  } finally {
    await client.end()
  }
}

// pg_dump refuses a newer server: the embedded PostgreSQL 17 (no TEST_DATABASE_URL) needs client tools 17.
const serverMajor = await serverMajorVersion(inject('databaseUrl'))
const dumpTool = await findPostgresTool('pg_dump', serverMajor, `PostgreSQL ${serverMajor}`).catch((error: Error) => error)

it('says which pg_dump a server needs when none here fits', async () => {
  await expect(findPostgresTool('pg_dump', 99, 'This database runs PostgreSQL 99')).rejects.toThrow(/^This database runs PostgreSQL 99, which needs pg_dump 99 or newer; found (only pg_dump \d+|no pg_dump)\. Install the PostgreSQL 99 client tools \(Debian: postgresql-client-99\) or set PG_BIN/)
})

describe.skipIf(dumpTool instanceof Error)(`backup and restore${dumpTool instanceof Error ? ` (skipped: ${dumpTool.message})` : ''}`, () => {
  const source = { DATABASE_URL: inject('databaseUrl'), DATA_DIR: inject('dataDir') }
  let work: string
  let backup: string
  let target: TestDatabase
  let targetDataDir: string
  let admin: Awaited<ReturnType<typeof createCompanyAdmin>>
  let assetIds: string[]
  let before: Awaited<ReturnType<typeof companyRows>>
  let manifest: TBackupManifest
  const cleanup: (() => Promise<unknown>)[] = []

  beforeAll(async () => {
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'afterglow-backup-'))
    cleanup.push(() => fs.rm(work, { recursive: true, force: true }))
    backup = path.join(work, 'backup')
    admin = await createCompanyAdmin('backup')
    const [gallery] = await withSystem((tx) => tx.insert(contentItem).values({ companyId: admin.company.id, kind: 'gallery', title: 'Backed up' }).returning({ id: contentItem.id }))
    assetIds = []
    for (const [index, color] of ['#335577', '#aa3311'].entries()) {
      const done = await tusUpload(admin.client, await makePhoto(900, 600, color), { filename: `night-${index}.jpg`, purpose: 'gallery-media', contentItemId: gallery.id })
      if (!done.ok || !done.assetId) throw new Error(`upload failed: ${JSON.stringify(done)}`)
      assetIds.push(done.assetId)
    }
    await waitForAssetsReady(assetIds)
    await withSystem((tx) => tx.update(contentItem).set({ status: 'published', publishedAt: new Date() }).where(eq(contentItem.id, gallery.id)))
    before = await companyRows(source.DATABASE_URL, admin.company.id, admin.credentials.email)
    for (const rows of [before.company, before.user, before.members, before.items, before.assets, before.renditions, before.migrations]) expect(rows).not.toBeNull()
    target = await createTestDatabase()
    cleanup.push(() => target.drop())
    targetDataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'afterglow-restored-'))
    cleanup.push(() => fs.rm(targetDataDir, { recursive: true, force: true }))
  })

  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch(() => undefined)
  })

  it('writes the dump and every media file with its checksum', async () => {
    const result = await script('backup', backup, source)
    expect(result, result.stderr).toMatchObject({ code: 0 })
    manifest = ZBackupManifest.parse(JSON.parse(await fs.readFile(path.join(backup, 'manifest.json'), 'utf8')))
    const sourceStorage = createLocalStorage(path.join(source.DATA_DIR, 'media'))
    const keys = JSON.parse(before.renditions ?? '[]').map((row: { storage_key: string }) => row.storage_key).concat(JSON.parse(before.assets ?? '[]').map((row: { storage_key: string }) => row.storage_key))
    expect(keys.length).toBeGreaterThanOrEqual(4)
    for (const key of keys) {
      const entry = manifest.media.find((item) => item.key === key)
      expect(entry, key).toBeDefined()
      const stored = Buffer.concat(await (await sourceStorage.read(key)).toArray())
      expect(entry!.sha256).toBe(sha256(stored))
      expect(sha256(await fs.readFile(path.join(backup, 'media', ...key.split('/'))))).toBe(entry!.sha256)
    }
    // Other tests share this database and make rows without files: only this company's must be whole.
    expect(manifest.missingMedia.filter((key) => key.startsWith(`${admin.company.id}/`))).toEqual([])
    expect(manifest.database.sha256).toBe(sha256(await fs.readFile(path.join(backup, 'database.dump'))))
  })

  it('never writes into a folder that already holds something', async () => {
    const result = await script('backup', backup, source)
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('is not empty: give a new or empty folder')
  })

  it('refuses a damaged backup before touching the target', async () => {
    const damaged = path.join(work, 'damaged')
    await fs.cp(backup, damaged, { recursive: true })
    const victim = path.join(damaged, 'media', ...manifest.media[0].key.split('/'))
    const bytes = await fs.readFile(victim)
    bytes[bytes.length >> 1] ^= 0xff
    await fs.writeFile(victim, bytes)
    const result = await script('restore', damaged, { DATABASE_URL: target.url, DATA_DIR: targetDataDir })
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(`The backup is damaged: ${manifest.media[0].key} does not match its checksum`)
    expect(await tableCount(target.url)).toBe(0)
    expect(await fs.readdir(path.join(targetDataDir, 'media')).catch(() => [])).toEqual([])
  })

  it('restores into an empty database and storage: the same rows and the same bytes', async () => {
    const result = await script('restore', backup, { DATABASE_URL: target.url, DATA_DIR: targetDataDir })
    expect(result, result.stderr).toMatchObject({ code: 0 })
    expect(await companyRows(target.url, admin.company.id, admin.credentials.email)).toEqual(before)
    const restored = createLocalStorage(path.join(targetDataDir, 'media'))
    const restoredKeys: string[] = []
    for await (const key of restored.list()) restoredKeys.push(key)
    expect(restoredKeys.sort()).toEqual(manifest.media.map((entry) => entry.key).sort())
    for (const entry of manifest.media) {
      expect(sha256(Buffer.concat(await (await restored.read(entry.key)).toArray())), entry.key).toBe(entry.sha256)
    }
  })

  it('refuses a target that is not empty', async () => {
    const result = await script('restore', backup, { DATABASE_URL: target.url, DATA_DIR: targetDataDir })
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('The target database is not empty')
    const fresh = await createTestDatabase()
    cleanup.push(() => fresh.drop())
    const storageOnly = await script('restore', backup, { DATABASE_URL: fresh.url, DATA_DIR: targetDataDir })
    expect(storageOnly.code).toBe(1)
    expect(storageOnly.stderr).toContain('The target local storage is not empty')
    expect(await tableCount(fresh.url)).toBe(0)
  })

  it('restores into S3 storage and backs up from it again: the same files, the same checksums', async () => {
    const port = await freePort()
    const bucketDir = await fs.mkdtemp(path.join(os.tmpdir(), 'afterglow-s3-backup-'))
    cleanup.push(() => fs.rm(bucketDir, { recursive: true, force: true }))
    const s3rver = new S3rver({ port, address: '127.0.0.1', silent: true, directory: bucketDir, configureBuckets: [{ name: 'afterglow-restored', configs: [] }] })
    await s3rver.run()
    cleanup.push(() => s3rver.close())
    const bucket = createS3Storage({ endpoint: `http://127.0.0.1:${port}`, bucket: 'afterglow-restored', region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true })
    const database = await createTestDatabase()
    cleanup.push(() => database.drop())
    await restoreBackup({ databaseUrl: database.url, storage: bucket, directory: backup })
    expect(await companyRows(database.url, admin.company.id, admin.credentials.email)).toEqual(before)
    const again = await createBackup({ databaseUrl: database.url, storage: bucket, directory: path.join(work, 'from-s3') })
    expect(again.media).toEqual(manifest.media)
    expect(again.missingMedia).toEqual(manifest.missingMedia)
  })

  it('serves the company from the restored database and storage', async () => {
    const port = await freePort()
    const baseUrl = `http://127.0.0.1:${port}`
    let app: AppProcess | undefined
    try {
      app = await startAppProcess(
        { NODE_ENV: 'test', DATABASE_URL: target.url, DATA_DIR: targetDataDir, PORT: String(port), APP_URL: baseUrl, SESSION_SECRET: inject('sessionSecret'), SEED_DEMO: 'false', SMTP_URL: undefined, LOG_LEVEL: 'warn' },
        { port },
      )
      const owner = new TestClient(baseUrl)
      await signIn(owner, admin.credentials)
      for (const assetId of assetIds) {
        const original = await owner.get(`/media/${assetId}/original`)
        expect(original.status).toBe(200)
        expect(Number(original.headers['content-length'])).toBe(JSON.parse(before.assets!).find((row: { id: string }) => row.id === assetId).size_bytes)
      }
      const page = await new TestClient(baseUrl).get(`/${admin.company.slug}`)
      expect(page.status).toBe(200)
      expect(page.text).toContain(admin.company.name)
    } finally {
      await app?.stop('SIGTERM')
    }
  })
})
