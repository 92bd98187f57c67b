// Faults on show night (issue 43), on the bench app with its demo. Two figures:
// 1. The database restarted (a fast shutdown of its PostgreSQL, which the embedded database's
//    supervisor starts again): from the moment it accepts connections again to the app's first 200
//    on a request that needs it (a member's page), median of BENCH_FAULT_ROUNDS (3). Goal ≤ 5 s.
// 2. The worker killed outright while it draws BENCH_FAULT_PHOTOS (6) 12-megapixel photos just
//    uploaded: from the kill to every one of them ready. Goal ≤ 90 s.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { median } from './median.js'
import { photoOf, signIn, tusUpload } from './live.js'
import { withSystemDatabase } from './system-database.js'

const ROUNDS = Number(process.env.BENCH_FAULT_ROUNDS ?? 3)
const PHOTOS = Number(process.env.BENCH_FAULT_PHOTOS ?? 6)
const POLL_MS = 25

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** Asks `probe` every POLL_MS until it says yes; the time it did, or throws after `timeoutMs`. */
async function firstYes(probe, timeoutMs, what) {
  const deadline = performance.now() + timeoutMs
  for (;;) {
    if (await probe().catch(() => false)) return performance.now()
    if (performance.now() > deadline) throw new Error(`${what} within ${timeoutMs / 1000} s`)
    await sleep(POLL_MS)
  }
}

async function databaseAnswers(databaseUrl) {
  const db = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 1000 })
  await db.connect()
  try {
    await db.query('select 1')
    return true
  } finally {
    await db.end()
  }
}

async function databaseRestart({ baseUrl, databaseUrl, work, cookie }) {
  const pidFile = path.join(work, 'pg', 'postgres', 'postmaster.pid')
  const postmaster = Number(readFileSync(pidFile, 'utf8').split('\n')[0])
  const memberPage = async () => (await fetch(`${baseUrl}/admin/events`, { headers: { cookie } })).status === 200
  if (!(await memberPage())) throw new Error('the member page does not answer before the restart')
  // A fast shutdown, as `pg_ctl restart` and a failover do: sessions are ended under the app.
  process.kill(postmaster, 'SIGINT')
  await firstYes(
    () =>
      databaseAnswers(databaseUrl).then(
        () => false,
        () => true,
      ),
    10_000,
    'the database did not go away',
  )
  const [back, served] = await Promise.all([
    firstYes(() => databaseAnswers(databaseUrl), 60_000, 'the database did not come back'),
    // From the same start, so that the first 200 after the return is caught however soon it comes.
    firstYes(memberPage, 90_000, 'the app did not serve the member page again'),
  ])
  return Math.max(0, served - back) / 1000
}

async function workerKilledMidPhotos({ baseUrl, databaseUrl, cookie }) {
  const gallery = await withSystemDatabase(databaseUrl, async (db) => {
    const { rows } = await db.query(`select id from content_items where slug = 'night-owls-live'`)
    return rows[0]
  })
  if (!gallery) throw new Error('the demo has no gallery night-owls-live')
  const assetIds = []
  for (let photo = 0; photo < PHOTOS; photo++) {
    const bytes = await photoOf(photo + 31, 4000, 3000)
    const { assetId } = await tusUpload(baseUrl, cookie, bytes, {
      filename: `fault-${photo}-${Date.now()}.jpg`,
      purpose: 'gallery-media',
      contentItemId: gallery.id,
    })
    assetIds.push(assetId)
  }
  // Killed while it holds one of them: its lease names its process.
  let holder = null
  await firstYes(
    async () => {
      holder = await withSystemDatabase(databaseUrl, async (db) => {
        const { rows } = await db.query(
          `select l.holder from job_leases l join pgboss.job j on j.id = l.job_id
           where j.name = 'media.generate-renditions' and j.state = 'active' and j.data->>'assetId' = any($1::text[])`,
          [assetIds],
        )
        return rows[0]?.holder ?? null
      })
      return holder !== null
    },
    60_000,
    'no photo of the bench was being drawn',
  )
  const killedAt = performance.now()
  process.kill(Number(holder.split(':')[1]), 'SIGKILL')
  const readyAt = await firstYes(
    () =>
      withSystemDatabase(databaseUrl, async (db) => {
        const { rows } = await db.query(
          `select count(*)::int as ready from assets where id = any($1::uuid[]) and processing_status = 'ready'`,
          [assetIds],
        )
        return rows[0].ready === assetIds.length
      }),
    300_000,
    "the killed worker's photos were not ready",
  )
  return (readyAt - killedAt) / 1000
}

export async function benchFaults({ baseUrl, databaseUrl, work, report }) {
  const cookie = await signIn(baseUrl)
  console.log(`Faults: ${ROUNDS} restarts of the database under the app…`)
  const returns = []
  for (let round = 0; round < ROUNDS; round++) {
    returns.push(await databaseRestart({ baseUrl, databaseUrl, work, cookie }))
    console.log(`  database back → first 200: ${returns.at(-1).toFixed(2)} s`)
  }
  report(
    `faults: database back after a restart → the app's first 200 on a member's page, median of ${ROUNDS}`,
    median(returns),
    's',
    'goal',
    5,
    1,
    { lowerIsBetter: true },
  )
  console.log(`Faults: the worker killed while it draws ${PHOTOS} 12 MP photos…`)
  const killed = await workerKilledMidPhotos({ baseUrl, databaseUrl, cookie })
  report(
    `faults: worker killed mid-photo → all ${PHOTOS} of its photos ready (12 MP, through the job queue)`,
    killed,
    's',
    'goal',
    90,
    1,
    { lowerIsBetter: true },
  )
}
