import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AS_DEPLOYED, type AppProcess, freePort, startAppProcess } from '../support/app-process'
import { createTestDatabase, type TestDatabase } from '../support/test-database'
import { waitUntil } from '../support/wait'

/*
 * A worker killed while it draws a photo's renditions (an OOM kill, a crash of libvips): the web
 * process starts another, and the photo's try goes back to the queue as soon as its lease lapses,
 * not after the try's expiry. The app runs on a database of its own, seeded with the demo, so its
 * worker is the only one and the demo's photos are what it is drawing when it is killed.
 */
describe('a worker killed in the middle of a photo', () => {
  let database: TestDatabase
  let dataDir: string
  let app: AppProcess
  let db: pg.Client

  beforeAll(async () => {
    database = await createTestDatabase()
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'afterglow-killed-worker-'))
    const port = await freePort()
    app = await startAppProcess(
      {
        ...AS_DEPLOYED,
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        PORT: String(port),
        APP_URL: `http://127.0.0.1:${port}`,
        SESSION_SECRET: 'a-killed-worker-is-no-lost-photo-0123456789',
        SEED_DEMO: 'true',
        SMTP_URL: undefined,
        PROCESS_ROLE: 'all',
        LOG_LEVEL: 'warn',
      },
      { port, timeoutMs: 120_000 },
    )
    db = new pg.Client({ connectionString: database.url })
    await db.connect()
    // The test reads every company's rows, as the audit and sweeps do (row-level security is forced).
    await db.query(`select set_config('app.bypass_rls', 'on', false)`)
  }, 150_000)

  afterAll(async () => {
    await db?.end()
    await app?.stop('SIGTERM')
    await database?.drop()
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true })
  })

  /** The renditions tries under way now, with the process that holds each. */
  const triesUnderWay = async () =>
    (
      await db.query<{ id: string; holder: string; asset_id: string }>(
        `select j.id, l.holder, j.data->>'assetId' as asset_id from pgboss.job j join job_leases l on l.job_id = j.id
         where j.name = 'media.generate-renditions' and j.state = 'active'`,
      )
    ).rows

  it('is started again and the photo it was drawing is tried again within a minute, then ready, drawn once', async () => {
    // Killed mid-photo: between two photos there is nothing under way, so it waits for one.
    let killed: { id: string; holder: string; asset_id: string }[] = []
    for (let attempt = 0; attempt < 5 && killed.length === 0; attempt++) {
      const [held] = await waitUntil(
        async () => {
          const underWay = await triesUnderWay()
          return underWay.length ? underWay : undefined
        },
        {
          timeoutMs: 60_000,
          intervalMs: 20,
          message: 'no photo was being drawn',
        },
      )
      const workerPid = Number(held!.holder.split(':')[1])
      process.kill(workerPid, 'SIGKILL')
      // Whatever it held when it died: these tries have no process left to end them.
      killed = (await triesUnderWay()).filter((underWay) => underWay.holder === held!.holder)
    }
    expect(killed.length).toBeGreaterThan(0)
    const killedIds = killed.map((underWay) => underWay.id)

    // Given back by the new worker once their lease lapsed (20 s), not at their expiry (5 minutes).
    const givenBack = await waitUntil(
      async () => {
        const { rows } = await db.query<{ state: string; retry_count: number; output: { message?: string } | null }>(
          `select state, retry_count, output from pgboss.job where id = any($1::uuid[])`,
          [killedIds],
        )
        return rows.length === killedIds.length && rows.every((row) => row.state !== 'active') ? rows : undefined
      },
      { timeoutMs: 60_000, message: 'the killed tries were not given back within a minute' },
    )
    for (const row of givenBack) {
      expect(['retry', 'created', 'completed']).toContain(row.state)
      // pg-boss keeps the last failure's output on a retried try; a finished one has its result.
      if (row.state !== 'completed') expect(row.output?.message).toBe('Its worker stopped while running it')
    }

    // Every photo of the demo is then drawn, the killed ones included, once each.
    await waitUntil(
      async () => {
        const { rows } = await db.query<{ photos: number; waiting: number }>(
          `select count(*)::int as photos, (count(*) filter (where processing_status <> 'ready'))::int as waiting
           from assets where media_type = 'image'`,
        )
        return rows[0]!.photos > 0 && rows[0]!.waiting === 0
      },
      { timeoutMs: 90_000, message: 'the photos were not all ready within 90 s of the kill' },
    )
    // Their renditions are there as for any photo (one row a size and format: a second drawing replaces, never adds).
    const { rows: drawn } = await db.query<{ id: string; processing_status: string; renditions: number }>(
      `select a.id, a.processing_status, (select count(*)::int from asset_renditions r where r.asset_id = a.id) as renditions
       from assets a where a.id = any($1::uuid[])`,
      [killed.map((underWay) => underWay.asset_id)],
    )
    expect(drawn).toHaveLength(killed.length)
    for (const photo of drawn) {
      expect(photo.processing_status).toBe('ready')
      expect(photo.renditions).toBeGreaterThan(0)
    }
    expect(app.child.exitCode).toBeNull()
  }, 240_000)
})
