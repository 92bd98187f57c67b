import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { eq } from 'drizzle-orm'
import pg from 'pg'
import S3rver from 's3rver'
import { contentItem } from '#db/schema'
import {
  tableFile,
  ZBackupManifest,
  type TBackupManifest,
  type TCopyDatabase,
} from '#app/features/backup/backup-manifest'
import { createBackup } from '#app/features/backup/server/create-backup.server'
import { findPostgresTool, serverMajorVersion } from '#app/features/backup/server/postgres-tools.server'
import { restoreBackup } from '#app/features/backup/server/restore-backup.server'
import { withSystem } from '#app/lib/db.server'
import { createLocalStorage, createS3Storage } from '#app/lib/storage.server'
import { fanBrowser, waitForRawEvents } from '../support/analytics'
import { AS_DEPLOYED, startAppProcess, freePort, type AppProcess } from '../support/app-process'
import { waitForAssetsReady } from '../support/assets'
import { createCompanyAdmin, signIn } from '../support/fixtures'
import { TestClient } from '../support/http-client'
import { makePhoto } from '../support/media-files'
import { createTestDatabase, type TestDatabase } from '../support/test-database'
import { tusUpload } from '../support/tus'

/*
 * `npm run backup` and `npm run restore`, as an operator runs them: a company with photos and a
 * fan's visit is backed up from the running app's database and storage, restored into a new
 * database and an empty data folder, compared row by row and file by file, and served by an app
 * started on it. Both database formats (ADR 065): the built-in one everywhere, pg_dump's where a
 * pg_dump fits the server (CI's PostgreSQL 15, not the embedded 17).
 */

const run = promisify(execFile)

async function script(
  mode: 'backup' | 'restore',
  folder: string,
  env: { DATABASE_URL: string; DATA_DIR: string },
  options: string[] = [],
) {
  try {
    const { stdout } = await run(process.execPath, ['scripts/backup.js', mode, ...options, folder], {
      env: { ...process.env, ...AS_DEPLOYED, SESSION_SECRET: inject('sessionSecret'), LOG_LEVEL: 'warn', ...env },
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
    const read = async (query: string, values: unknown[]) =>
      (
        await client.query<{ rows: string | null }>(
          `select json_agg(t order by t::text)::text as rows from (${query}) t`,
          values,
        )
      ).rows[0].rows
    return {
      company: await read('select * from companies where id = $1', [companyId]),
      user: await read('select u.*, a.password from users u join accounts a on a.user_id = u.id where u.email = $1', [
        userEmail,
      ]),
      members: await read('select * from members where company_id = $1', [companyId]),
      items: await read('select * from content_items where company_id = $1', [companyId]),
      assets: await read('select * from assets where company_id = $1', [companyId]),
      renditions: await read(
        'select r.* from asset_renditions r join assets a on a.id = r.asset_id where a.company_id = $1',
        [companyId],
      ),
      audit: await read('select * from audit_events where company_id = $1', [companyId]),
      visits: await read('select * from analytics_events where company_id = $1', [companyId]),
      migrations: await read('select * from drizzle.__drizzle_migrations', []),
    }
  } finally {
    await client.end()
  }
}

async function rowCount(databaseUrl: string, table: string) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await client.query(`select set_config('app.bypass_rls', 'on', false)`)
    return Number((await client.query(`select count(*) as n from ${table}`)).rows[0].n)
  } finally {
    await client.end()
  }
}

async function tableCount(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    return Number(
      (
        await client.query(
          `select count(*) as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
        )
      ).rows[0].n,
    )
  } finally {
    await client.end()
  }
}

/** Every table's rows in a `copy` backup, each table's lines sorted (COPY writes them in no set order). */
async function rowsOfEveryTable(directory: string, database: TCopyDatabase) {
  const tables: Record<string, string[]> = {}
  for (const table of database.tables)
    tables[`${table.schema}.${table.name}`] = gunzipSync(await fs.readFile(path.join(directory, tableFile(table))))
      .toString('utf8')
      .split('\n')
      .filter(Boolean)
      .sort()
  return tables
}

async function restoredFiles(dataDir: string) {
  const restored = createLocalStorage(path.join(dataDir, 'media'))
  const files: { key: string; sha256: string }[] = []
  for await (const key of restored.list())
    files.push({ key, sha256: sha256(Buffer.concat(await (await restored.read(key)).toArray())) })
  return files.sort((a, b) => a.key.localeCompare(b.key))
}

/** Signs in as the restored company's owner, fetches each original and the company's page. */
async function expectServed(
  databaseUrl: string,
  dataDir: string,
  admin: Awaited<ReturnType<typeof createCompanyAdmin>>,
  assetIds: string[],
  before: Awaited<ReturnType<typeof companyRows>>,
) {
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  let app: AppProcess | undefined
  try {
    app = await startAppProcess(
      {
        ...AS_DEPLOYED,
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        PORT: String(port),
        APP_URL: baseUrl,
        SESSION_SECRET: inject('sessionSecret'),
        SEED_DEMO: 'false',
        SMTP_URL: undefined,
        LOG_LEVEL: 'warn',
      },
      { port },
    )
    const owner = new TestClient(baseUrl)
    await signIn(owner, admin.credentials)
    for (const assetId of assetIds) {
      const original = await owner.get(`/media/${assetId}/original`)
      expect(original.status).toBe(200)
      expect(Number(original.headers['content-length'])).toBe(
        JSON.parse(before.assets!).find((row: { id: string }) => row.id === assetId).size_bytes,
      )
    }
    const page = await new TestClient(baseUrl).get(`/${admin.company.slug}`)
    expect(page.status).toBe(200)
    expect(page.text).toContain(admin.company.name)
  } finally {
    await app?.stop('SIGTERM')
  }
}

// pg_dump refuses a newer server: the embedded PostgreSQL 17 (no TEST_DATABASE_URL) needs client tools 17.
const serverMajor = await serverMajorVersion(inject('databaseUrl'))
const dumpTool = await findPostgresTool('pg_dump', serverMajor, `PostgreSQL ${serverMajor}`).catch(
  (error: Error) => error,
)

it('says which pg_dump a server needs when none here fits', async () => {
  await expect(findPostgresTool('pg_dump', 99, 'This database runs PostgreSQL 99')).rejects.toThrow(
    /^This database runs PostgreSQL 99, which needs pg_dump 99 or newer; found (only pg_dump \d+|no pg_dump)\. Install the PostgreSQL 99 client tools \(Debian: postgresql-client-99\) or set PG_BIN/,
  )
})

describe('backup and restore', () => {
  const source = { DATABASE_URL: inject('databaseUrl'), DATA_DIR: inject('dataDir') }
  let work: string
  let admin: Awaited<ReturnType<typeof createCompanyAdmin>>
  let assetIds: string[]
  let before: Awaited<ReturnType<typeof companyRows>>
  const cleanup: (() => Promise<unknown>)[] = []

  /** The company's stored files are in the backup, with their checksums, and so is every byte of them. */
  async function expectCompanyMedia(backup: string, manifest: TBackupManifest) {
    const sourceStorage = createLocalStorage(path.join(source.DATA_DIR, 'media'))
    const keys = JSON.parse(before.renditions ?? '[]')
      .map((row: { storage_key: string }) => row.storage_key)
      .concat(JSON.parse(before.assets ?? '[]').map((row: { storage_key: string }) => row.storage_key))
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
  }

  async function newTarget() {
    const database = await createTestDatabase()
    cleanup.push(() => database.drop())
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'afterglow-restored-'))
    cleanup.push(() => fs.rm(dataDir, { recursive: true, force: true }))
    return { database, dataDir }
  }

  beforeAll(async () => {
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'afterglow-backup-'))
    cleanup.push(() => fs.rm(work, { recursive: true, force: true }))
    admin = await createCompanyAdmin('backup')
    const [gallery] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({ companyId: admin.company.id, kind: 'gallery', title: 'Backed up' })
        .returning({ id: contentItem.id }),
    )
    assetIds = []
    for (const [index, color] of ['#335577', '#aa3311'].entries()) {
      const done = await tusUpload(admin.client, await makePhoto(900, 600, color), {
        filename: `night-${index}.jpg`,
        purpose: 'gallery-media',
        contentItemId: gallery.id,
      })
      if (!done.ok || !done.assetId) throw new Error(`upload failed: ${JSON.stringify(done)}`)
      assetIds.push(done.assetId)
    }
    await waitForAssetsReady(assetIds)
    await withSystem((tx) =>
      tx
        .update(contentItem)
        .set({ status: 'published', publishedAt: new Date() })
        .where(eq(contentItem.id, gallery.id)),
    )
    // A fan's visit: a row in this month's partition of the raw events, which the app made as it ran.
    expect(
      (await fanBrowser().send({ company: admin.company.id, events: [{ type: 'page_view', page: 'landing' }] })).status,
    ).toBe(202)
    await waitForRawEvents(admin.company.id, 1)
    before = await companyRows(source.DATABASE_URL, admin.company.id, admin.credentials.email)
    for (const rows of [
      before.company,
      before.user,
      before.members,
      before.items,
      before.assets,
      before.renditions,
      before.visits,
      before.migrations,
    ])
      expect(rows).not.toBeNull()
  })

  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch(() => undefined)
  })

  describe("in Afterglow's own format, with no pg_dump", () => {
    let backup: string
    let manifest: TBackupManifest
    let database: TCopyDatabase
    let target: Awaited<ReturnType<typeof newTarget>>

    it(`writes every table and every media file with its checksum${dumpTool instanceof Error ? ', by itself where no pg_dump fits' : ''}`, async () => {
      backup = path.join(work, 'copy')
      // Where no pg_dump fits the server (the embedded PostgreSQL 17), the plain command picks this format itself.
      const result = await script('backup', backup, source, dumpTool instanceof Error ? [] : ['--database-format=copy'])
      expect(result, result.stderr).toMatchObject({ code: 0 })
      if (dumpTool instanceof Error)
        expect(result.stdout).toContain(
          `No pg_dump ${serverMajor} or newer here: the database is written table by table`,
        )
      manifest = ZBackupManifest.parse(JSON.parse(await fs.readFile(path.join(backup, 'manifest.json'), 'utf8')))
      if (manifest.database.format !== 'copy')
        throw new Error(`expected the copy format, got ${manifest.database.format}`)
      database = manifest.database
      await expectCompanyMedia(backup, manifest)
      const names = database.tables.map((table) => `${table.schema}.${table.name}`)
      for (const name of [
        'public.companies',
        'public.assets',
        'public.audit_events',
        'public.analytics_events',
        'drizzle.__drizzle_migrations',
        'pgboss.job',
        'pgboss.queue',
      ])
        expect(names).toContain(name)
      expect(database.partitions.some((partition) => partition.parent === 'analytics_events')).toBe(true)
      for (const table of database.tables)
        expect(sha256(await fs.readFile(path.join(backup, tableFile(table)))), table.name).toBe(table.sha256)
    })

    it('never writes into a folder that already holds something', async () => {
      await expect(
        createBackup({
          databaseUrl: source.DATABASE_URL,
          storage: createLocalStorage(path.join(source.DATA_DIR, 'media')),
          directory: backup,
        }),
      ).rejects.toThrow(`The backup folder ${backup} is not empty: give a new or empty folder.`)
    })

    it('refuses a damaged table file, or a backup from a newer Afterglow, before touching the target', async () => {
      const damaged = path.join(work, 'copy-damaged')
      await fs.cp(backup, damaged, { recursive: true })
      const victim = database.tables.find((table) => table.name === 'assets')!
      const bytes = await fs.readFile(path.join(damaged, tableFile(victim)))
      bytes[bytes.length >> 1] ^= 0xff
      await fs.writeFile(path.join(damaged, tableFile(victim)), bytes)
      const untouched = await newTarget()
      const storage = createLocalStorage(path.join(untouched.dataDir, 'media'))
      await expect(restoreBackup({ databaseUrl: untouched.database.url, storage, directory: damaged })).rejects.toThrow(
        `The backup is damaged: ${tableFile(victim)} does not match its checksum`,
      )

      const newer = path.join(work, 'copy-newer')
      await fs.cp(backup, newer, { recursive: true })
      const future = {
        ...manifest,
        database: {
          ...database,
          migrations: [...database.migrations, { hash: 'f'.repeat(64), createdAt: Date.UTC(2099, 0, 1) }],
        },
      }
      await fs.writeFile(path.join(newer, 'manifest.json'), JSON.stringify(future))
      await expect(restoreBackup({ databaseUrl: untouched.database.url, storage, directory: newer })).rejects.toThrow(
        "The backup's database ran a migration (of 2099-01-01T00:00:00.000Z) that this version of Afterglow does not have: restore it with the version that wrote it, or a newer one.",
      )
      expect(await tableCount(untouched.database.url)).toBe(0)
      expect(await fs.readdir(path.join(untouched.dataDir, 'media')).catch(() => [])).toEqual([])
    })

    it("says what differs when this version's schema is not the backup's, and loads none of its rows", async () => {
      const drifted = path.join(work, 'copy-drifted')
      await fs.cp(backup, drifted, { recursive: true })
      const tables = database.tables.map((table) =>
        table.name === 'assets' ? { ...table, columns: [...table.columns, { name: 'ghost', type: 'integer' }] } : table,
      )
      await fs.writeFile(
        path.join(drifted, 'manifest.json'),
        JSON.stringify({ ...manifest, database: { ...database, tables } }),
      )
      const elsewhere = await newTarget()
      await expect(
        restoreBackup({
          databaseUrl: elsewhere.database.url,
          storage: createLocalStorage(path.join(elsewhere.dataDir, 'media')),
          directory: drifted,
        }),
      ).rejects.toThrow(
        "The schema this version's migrations make is not the backup's: column public.assets.ghost is in the backup but not made here. None of the backup's rows were loaded, but the target database now holds Afterglow's schema: drop it, create a new empty one and restore into that.",
      )
      expect(await rowCount(elsewhere.database.url, 'companies')).toBe(0)
      expect(await fs.readdir(path.join(elsewhere.dataDir, 'media')).catch(() => [])).toEqual([])
    })

    it('restores into an empty database and storage: every table holds the same rows, every file the same bytes', async () => {
      target = await newTarget()
      const result = await script('restore', backup, { DATABASE_URL: target.database.url, DATA_DIR: target.dataDir })
      expect(result, result.stderr).toMatchObject({ code: 0 })
      expect(await companyRows(target.database.url, admin.company.id, admin.credentials.email)).toEqual(before)
      expect(await restoredFiles(target.dataDir)).toEqual(manifest.media.map(({ key, sha256 }) => ({ key, sha256 })))
      // The restored database, written out again before anything else runs on it: table for table, row for row, the backup.
      const again = await createBackup({
        databaseUrl: target.database.url,
        storage: createLocalStorage(path.join(target.dataDir, 'media')),
        directory: path.join(work, 'copy-again'),
        databaseFormat: 'copy',
      })
      if (again.database.format !== 'copy') throw new Error('expected the copy format')
      expect(await rowsOfEveryTable(path.join(work, 'copy-again'), again.database)).toEqual(
        await rowsOfEveryTable(backup, database),
      )
      const { tables, ...rest } = again.database
      const { tables: originalTables, ...originalRest } = database
      expect(rest).toEqual(originalRest)
      expect(tables.map(({ schema, name, columns, rows }) => ({ schema, name, columns, rows }))).toEqual(
        originalTables.map(({ schema, name, columns, rows }) => ({ schema, name, columns, rows })),
      )
      expect(again.media).toEqual(manifest.media)
    })

    it('refuses a target that is not empty', async () => {
      const restoredStorage = createLocalStorage(path.join(target.dataDir, 'media'))
      await expect(
        restoreBackup({ databaseUrl: target.database.url, storage: restoredStorage, directory: backup }),
      ).rejects.toThrow('The target database is not empty')
      const fresh = await newTarget()
      await expect(
        restoreBackup({ databaseUrl: fresh.database.url, storage: restoredStorage, directory: backup }),
      ).rejects.toThrow('The target local storage is not empty')
      expect(await tableCount(fresh.database.url)).toBe(0)
    })

    it('serves the company from the restored database and storage', async () => {
      await expectServed(target.database.url, target.dataDir, admin, assetIds, before)
    })
  })

  describe.skipIf(dumpTool instanceof Error)(
    `with pg_dump${dumpTool instanceof Error ? ` (skipped: ${dumpTool.message})` : ''}`,
    () => {
      let backup: string
      let target: TestDatabase
      let targetDataDir: string
      let manifest: TBackupManifest

      beforeAll(async () => {
        backup = path.join(work, 'backup')
        ;({ database: target, dataDir: targetDataDir } = await newTarget())
      })

      it('writes the dump and every media file with its checksum', async () => {
        const result = await script('backup', backup, source)
        expect(result, result.stderr).toMatchObject({ code: 0 })
        manifest = ZBackupManifest.parse(JSON.parse(await fs.readFile(path.join(backup, 'manifest.json'), 'utf8')))
        if (manifest.database.format !== 'pg_dump')
          throw new Error(`expected pg_dump where one fits the server, got ${manifest.database.format}`)
        await expectCompanyMedia(backup, manifest)
        expect(manifest.database.sha256).toBe(sha256(await fs.readFile(path.join(backup, 'database.dump'))))
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
        expect(await restoredFiles(targetDataDir)).toEqual(manifest.media.map(({ key, sha256 }) => ({ key, sha256 })))
      })

      it('restores into S3 storage and backs up from it again: the same files, the same checksums', async () => {
        const port = await freePort()
        const bucketDir = await fs.mkdtemp(path.join(os.tmpdir(), 'afterglow-s3-backup-'))
        cleanup.push(() => fs.rm(bucketDir, { recursive: true, force: true }))
        const s3rver = new S3rver({
          port,
          address: '127.0.0.1',
          silent: true,
          directory: bucketDir,
          configureBuckets: [{ name: 'afterglow-restored', configs: [] }],
        })
        await s3rver.run()
        cleanup.push(() => s3rver.close())
        const bucket = createS3Storage({
          endpoint: `http://127.0.0.1:${port}`,
          bucket: 'afterglow-restored',
          region: 'us-east-1',
          accessKeyId: 'S3RVER',
          secretAccessKey: 'S3RVER',
          forcePathStyle: true,
        })
        const database = await createTestDatabase()
        cleanup.push(() => database.drop())
        await restoreBackup({ databaseUrl: database.url, storage: bucket, directory: backup })
        expect(await companyRows(database.url, admin.company.id, admin.credentials.email)).toEqual(before)
        const again = await createBackup({
          databaseUrl: database.url,
          storage: bucket,
          directory: path.join(work, 'from-s3'),
        })
        expect(again.media).toEqual(manifest.media)
        expect(again.missingMedia).toEqual(manifest.missingMedia)
      })

      it('serves the company from the restored database and storage', async () => {
        await expectServed(target.url, targetDataDir, admin, assetIds, before)
      })
    },
  )
})
