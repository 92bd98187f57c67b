// `npm run bench`: speed and memory figures of what fans and photographers hit, each next to its
// plain baseline on the same input in the same run (or its goal), with the ratio, the goal and the
// load average when it was taken: the rendition pipeline against plain sharp; the built app's
// photos and cached pages against nginx on the same bytes, for fans with and without cookies;
// galleries of 50 and 5,000 photos; a fan's page while 200 photos arrive; processing through the
// real job queue; a 2 GB upload against cp; the web process's memory; Stripe's webhooks with
// duplicates and shuffled; the TLS ask endpoint Caddy waits on; the public API's lists with a key (api.js); fans' analytics events taken per second;
// the admin's analytics read over 50 M generated events (analytics-queries.js, its own kept database);
// webhook fan-out of 1,000 events through the real queue to a local receiver (webhooks-fanout.js);
// live shows: upload finished → photo on a connected wall, and 10,000 event streams on one process (live.js);
// faults: the database restarted under the app and the worker killed mid-photo (faults.js);
// fans beside a flooded lead form and /api/events, and what one refusal costs (floods.js).
// bursts: 1,000 and 2,000 fans at once on a gallery page and its photo against nginx, and the memory they leave (bursts.js).
// find-me: the face model's precision and recall, false matches, 24 MP photos indexed per second on one core and one
// selfie against 15,000 embeddings, on real portraits from installed packages; no app needed (find-me.js, also alone);
// find-me-search: a fan's selfie search end to end on the app, against a 5,000-photo, 15,000-face gallery (find-me-search.js).
// Loads the app's TypeScript through Vite, like the dev server does.
// BENCH_ONLY=pages,sizes,lighthouse,arrivals,queue,upload,billing,tls,api,analytics,analytics-queries,soak,webhooks,live,floods,bursts,faults,find-me,find-me-search (any of them) runs only those
// parts (the queue part needs the images); BENCH_SKIP_IMAGES,
// BENCH_SKIP_ARRIVALS and BENCH_SKIP_UPLOAD=1 leave parts out; BENCH_IMAGES,
// BENCH_ARRIVING_PHOTOS, BENCH_UPLOAD_MB, BENCH_SECONDS, BENCH_CONNECTIONS and BENCH_SOAK_SECONDS,
// BENCH_SOAK_FANS, BENCH_SOAK_UPLOADS (bench/soak.js: 200 fans and 20 uploads for 3 minutes) size them.
import { execFile, execFileSync, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import fs from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import sharp from 'sharp'
import { createServer } from 'vite'
import { benchBillingWebhooks, startBenchStripe } from './billing-webhooks.js'
import {
  benchGallerySizes,
  benchPageDuringUpload,
  benchQueueProcessing,
  peakMemoryDuring,
  residentMB,
} from './fans-under-load.js'
import { median } from './median.js'
import { benchTlsAsk } from './tls-ask.js'
import { benchApi } from './api.js'
import { benchAnalyticsIngestion } from './analytics-ingestion.js'
import { benchAnalyticsQueries } from './analytics-queries.js'
import { benchFansPages, benchLighthouse } from './public-pages.js'
import { benchSoak } from './soak.js'
import { benchWebhookFanout } from './webhooks-fanout.js'
import { benchLive } from './live.js'
import { benchFaults } from './faults.js'
import { benchFloods } from './floods.js'
import { benchBursts } from './bursts.js'
import { benchFindMe } from './find-me.js'
import { benchFindMeSearch } from './find-me-search.js'

const execFileAsync = promisify(execFile)
const IMAGE_COUNT = Number(process.env.BENCH_IMAGES ?? 6)
const UPLOAD_BYTES = Number(process.env.BENCH_UPLOAD_MB ?? 2048) * 1024 * 1024
const results = []
const LIGHTHOUSE_GOALS = { score: 95, cls: 0, jsGzipKB: 120 }
// The app is measured as `npm start` runs it: with the flags its script gives node (ADR 075).
const NODE_FLAGS_OF_NPM_START = /\bnode ((?:--\S+ )*)server\.js/
  .exec(JSON.parse(readFileSync('package.json', 'utf8')).scripts.start)[1]
  .split(' ')
  .filter(Boolean)
const ONLY = process.env.BENCH_ONLY ? process.env.BENCH_ONLY.split(',') : null
/** The parts that measure the built app (started once for all of them). */
const APP_PARTS = [
  'pages',
  'sizes',
  'lighthouse',
  'arrivals',
  'queue',
  'upload',
  'tls',
  'api',
  'analytics',
  'billing',
  'soak',
  'webhooks',
  'live',
  'faults',
  'floods',
  'bursts',
  'find-me-search',
]
/** Whether a part of the bench runs this time (BENCH_ONLY names parts; BENCH_SKIP_<PART>=1 leaves one out). */
const runs = (part) =>
  (!ONLY || ONLY.includes(part) || (part === 'images' && ONLY.includes('queue'))) &&
  process.env[`BENCH_SKIP_${part.toUpperCase()}`] !== '1'

/**
 * One figure: its value, its baseline, the ratio and the goal for it (a ceiling when lower is
 * better). `absolute`: the baseline is itself the goal (an error count whose goal is 0); a null
 * goal prints the figure next to its baseline without judging it.
 */
function report(name, value, unit, baselineName, baseline, goal, { lowerIsBetter = false, absolute = false } = {}) {
  const ratio = value / baseline
  const met = absolute ? value <= baseline : goal === null ? null : lowerIsBetter ? ratio <= goal : ratio >= goal
  // Shared machines are noisy: every figure says how busy the machine was when it was taken.
  const load = os.loadavg()[0].toFixed(2)
  const goalText = absolute
    ? `goal ${lowerIsBetter ? '≤' : '≥'} ${baseline}`
    : goal === null
      ? 'no goal set'
      : `goal ${lowerIsBetter ? '≤' : '≥'} ${goal}×`
  results.push({ name, value, unit, baselineName, baseline, ratio, goalText, load, absolute })
  const ratioText = absolute ? '' : ` | ratio ${ratio.toFixed(2)}×`
  const verdict = met === null ? '' : met ? ' MET' : ' NOT MET'
  console.log(
    `${name}: ${value.toFixed(2)} ${unit} | ${baselineName}: ${baseline.toFixed(2)} ${unit}${ratioText} (${goalText})${verdict} | load ${load}`,
  )
}

async function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

/** A 24-megapixel camera-like JPEG: smooth light with fine grain, so it compresses like a photo. */
async function cameraJpeg(seed) {
  const width = 6000
  const height = 4000
  const noise = await sharp({
    create: { width, height, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 30 } },
  })
    .raw()
    .toBuffer()
  const light = await sharp({
    create: { width, height, channels: 3, background: { r: (seed * 53) % 255, g: 60, b: 160 } },
  })
    .raw()
    .toBuffer()
  for (let i = 0; i < light.length; i++) light[i] = (light[i] * 3 + noise[i]) >> 2
  return sharp(light, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer()
}

/** What the pipeline makes, written with sharp alone: the baseline. */
async function plainSharp(input) {
  const upright = sharp(input, { limitInputPixels: 200_000_000 }).rotate()
  await Promise.all([
    ...[400, 1200, 2400].map((width) =>
      upright.clone().resize({ width, withoutEnlargement: true }).webp({ quality: 80, effort: 4 }).toBuffer(),
    ),
    upright.clone().resize({ width: 1200, withoutEnlargement: true }).jpeg({ quality: 82, mozjpeg: true }).toBuffer(),
    upright.clone().resize(100, 100, { fit: 'inside' }).ensureAlpha().raw().toBuffer(),
  ])
}

async function benchImages(vite) {
  const { processImage } = await vite.ssrLoadModule('/app/features/media/server/image-renditions.server.ts')
  console.log(`Generating ${IMAGE_COUNT} 24-megapixel JPEGs…`)
  const images = await Promise.all(Array.from({ length: IMAGE_COUNT }, (_, i) => cameraJpeg(i)))
  sharp.concurrency(os.cpus().length)
  const time = async (work) => {
    const started = performance.now()
    for (const image of images) await work(image)
    return IMAGE_COUNT / ((performance.now() - started) / 1000)
  }
  await plainSharp(images[0]) // warm-up
  await processImage(images[0])
  // Alternate the two so machine noise hits both alike; the median of three rounds each.
  const plain = []
  const pipeline = []
  for (let round = 0; round < 3; round++) {
    plain.push(await time(plainSharp))
    pipeline.push(await time(processImage))
  }
  report(
    'rendition pipeline (processImage)',
    median(pipeline),
    'images/s',
    'plain sharp, same renditions',
    median(plain),
    0.9,
  )
  return { images, measurePlainSharp: () => time(plainSharp) }
}

/** The built app on its own embedded PostgreSQL with the demo company, as `npm start` runs it. */
async function startBenchApp(vite, extraEnv = {}) {
  const { startEmbeddedPostgres } = await vite.ssrLoadModule('/server/embedded-postgres.ts')
  const { runMigrations } = await vite.ssrLoadModule('/db/migrate.ts')
  // Always a fresh build: figures of a stale one would describe code that is no longer there. Vite's
  // dev server above set NODE_ENV=development in this process; the build must not inherit it.
  execFileSync('npx', ['react-router', 'build'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } })
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'afterglow-bench-'))
  await fs.chmod(work, 0o755)
  const database = await startEmbeddedPostgres(path.join(work, 'pg'))
  await runMigrations(database.url)
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  // In production mode, as `npm start` runs it: Vite's dev server above set NODE_ENV=development in
  // this process, and an app that inherited it would be measured with React's development build. A
  // production app on a database of its own must name a mail server; nothing here sends mail.
  const app = spawn(process.execPath, [...NODE_FLAGS_OF_NPM_START, 'server.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      DATABASE_URL: database.url,
      DATA_DIR: path.join(work, 'data'),
      PORT: String(port),
      APP_URL: baseUrl,
      SEED_DEMO: 'true',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      ...extraEnv,
    },
    stdio: 'inherit',
  })
  const stop = async () => {
    app.kill('SIGTERM')
    await new Promise((resolve) => app.once('exit', resolve))
    await database.stop()
    await fs.rm(work, { recursive: true, force: true })
  }
  try {
    for (let i = 0; ; i++) {
      if ((await fetch(`${baseUrl}/api/health`).catch(() => null))?.status === 200) break
      // Its worker seeds the demo at a lower priority: on a busy machine that takes minutes.
      if (i > 3000) throw new Error(`the app did not start in 10 minutes`)
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    // The demo's photos get their renditions from the job queue; measure pages once they are all there.
    const db = new pg.Client({ connectionString: database.url })
    await db.connect()
    try {
      for (let i = 0; ; i++) {
        await db.query(`begin`)
        // Assets are fenced by row-level security; the server's own reads say so (see withSystem).
        await db.query(`select set_config('app.bypass_rls', 'on', true)`)
        const { rows } = await db.query(
          `select count(*)::int as total, count(*) filter (where processing_status in ('pending', 'processing'))::int as waiting from assets`,
        )
        await db.query(`commit`)
        if (rows[0].total > 0 && rows[0].waiting === 0) break
        if (i > 900)
          throw new Error(`the demo photos were not processed (${rows[0].waiting} of ${rows[0].total} waiting)`)
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
    } finally {
      await db.end()
    }
  } catch (error) {
    await stop()
    throw error
  }
  // PostgreSQL's own first process, whose children serve the app's connections.
  const databasePid = Number(readFileSync(path.join(work, 'pg', 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0])
  return { work, baseUrl, databaseUrl: database.url, pid: app.pid, databasePid, stop }
}

async function benchUpload({ work, baseUrl, databaseUrl }, vite) {
  const { UPLOAD_CHUNK_BYTES } = await vite.ssrLoadModule('/app/features/media/upload-rules.ts')
  {
    const db = new pg.Client({ connectionString: databaseUrl })
    await db.connect()
    await db.query(`update companies set plan = 'professional' where slug = 'demo'`)
    await db.end()
    const signIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ email: 'demo@afterglow.local', password: 'Afterglow-demo-1' }),
    })
    const cookie = signIn.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ')

    const source = path.join(work, 'upload.bin')
    console.log(`Writing a ${(UPLOAD_BYTES / 1024 / 1024).toFixed(0)} MB file…`)
    const target = await fs.open(source, 'w')
    execFileSync('head', ['-c', String(UPLOAD_BYTES), '/dev/urandom'], { stdio: ['ignore', target.fd, 'inherit'] })
    await target.close()
    execFileSync('sync')

    const megabytesPerSecond = (started) => UPLOAD_BYTES / 1024 / 1024 / ((performance.now() - started) / 1000)
    const copy = async () => {
      const started = performance.now()
      execFileSync('cp', [source, path.join(work, 'copy.bin')])
      execFileSync('sync')
      const speed = megabytesPerSecond(started)
      await fs.rm(path.join(work, 'copy.bin'))
      return speed
    }
    // What a photographer's browser does: one tus upload in the browser's chunks; done once the
    // server has the file on disk (it flushes originals before answering; the sync is for fairness).
    const upload = async (round) => {
      const created = await fetch(`${baseUrl}/admin/content/new?kind=single`, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie, origin: baseUrl, 'content-type': 'application/x-www-form-urlencoded' },
        body: `title=Bench+${round}`,
      })
      const contentItemId = created.headers.get('location').split('/').pop()
      const client = [
        path.join(import.meta.dirname, 'upload-client.js'),
        baseUrl,
        source,
        contentItemId,
        String(UPLOAD_CHUNK_BYTES),
      ]
      const sent = JSON.parse(
        (await execFileAsync(process.execPath, client, { env: { ...process.env, BENCH_COOKIE: cookie } })).stdout,
      )
      const started = performance.now() - sent.milliseconds
      execFileSync('sync')
      return megabytesPerSecond(started)
    }
    // Interleaved rounds, so the disk's good and bad moments fall on both alike.
    const copies = []
    const uploads = []
    for (let round = 0; round < 3; round++) {
      copies.push(await copy())
      uploads.push(await upload(round))
    }
    console.log(
      `  cp: ${copies.map((v) => v.toFixed(0)).join(', ')} MB/s; upload: ${uploads.map((v) => v.toFixed(0)).join(', ')} MB/s`,
    )
    const cpMBs = median(copies)
    const tusMBs = median(uploads)
    report('tus upload through the app (loopback)', tusMBs, 'MB/s', 'cp of the same file', cpMBs, 0.5)
  }
}

const vite = await createServer({ server: { middlewareMode: true, hmr: false }, appType: 'custom', logLevel: 'warn' })
let lighthouse = null
try {
  const photos = runs('images') ? await benchImages(vite) : null
  // No app: the product's read functions on a database of their own, loaded in this process.
  if (runs('analytics-queries')) await benchAnalyticsQueries({ vite, report })
  // No app either: the face model of "Find me" in this process.
  if (runs('find-me')) await benchFindMe({ vite, report })
  // The app takes card payments through the local Stripe when the billing part runs.
  const stripe = runs('billing') ? await startBenchStripe(vite) : null
  const app = APP_PARTS.some(runs)
    ? // The webhook part's receiver listens on 127.0.0.1, which webhooks may reach only when allowed.
      await startBenchApp(vite, {
        ...stripe?.env,
        ...(runs('webhooks') ? { WEBHOOKS_ALLOW_PRIVATE_URLS: 'true' } : {}),
      }).catch(async (error) => {
        await stripe?.fake.close()
        throw error
      })
    : null
  if (app) {
    try {
      const pagePath = '/demo/galeria/night-owls-live'
      if (runs('pages')) {
        // The demo's photos went through the job queue in this process: what it keeps once idle.
        await new Promise((resolve) => setTimeout(resolve, 3000))
        report(
          'web process resident memory, idle after processing the demo',
          residentMB(app.pid),
          'MB',
          'goal',
          300,
          1,
          { lowerIsBetter: true },
        )
        const peak = await peakMemoryDuring(app.pid, () =>
          benchFansPages({ baseUrl: app.baseUrl, pagePath, work: app.work, freePort, report }),
        )
        report('web process resident memory, peak under the page load', peak, 'MB', 'goal', 500, 1, {
          lowerIsBetter: true,
        })
      }
      if (runs('sizes'))
        await benchGallerySizes({
          baseUrl: app.baseUrl,
          databaseUrl: app.databaseUrl,
          servers: { pid: app.pid, databasePid: app.databasePid },
          report,
        })
      if (runs('lighthouse'))
        lighthouse = await benchLighthouse({ baseUrl: app.baseUrl, pagePath, goals: LIGHTHOUSE_GOALS })
      if (runs('arrivals'))
        await benchPageDuringUpload({
          baseUrl: app.baseUrl,
          databaseUrl: app.databaseUrl,
          pagePath,
          report,
          photos: Number(process.env.BENCH_ARRIVING_PHOTOS ?? 200),
        })
      if (photos && runs('queue'))
        await benchQueueProcessing({
          baseUrl: app.baseUrl,
          databaseUrl: app.databaseUrl,
          images: photos.images,
          measurePlainSharp: photos.measurePlainSharp,
          report,
        })
      if (runs('upload')) await benchUpload(app, vite)
      if (runs('bursts'))
        await benchBursts({ baseUrl: app.baseUrl, pagePath, pid: app.pid, work: app.work, freePort, report })
      if (runs('live')) await benchLive({ baseUrl: app.baseUrl, databaseUrl: app.databaseUrl, pid: app.pid, report })
      if (runs('tls')) await benchTlsAsk({ baseUrl: app.baseUrl, databaseUrl: app.databaseUrl, report })
      if (runs('api')) await benchApi({ baseUrl: app.baseUrl, databaseUrl: app.databaseUrl, report })
      if (runs('find-me-search'))
        await benchFindMeSearch({ baseUrl: app.baseUrl, databaseUrl: app.databaseUrl, report })
      if (runs('analytics'))
        await benchAnalyticsIngestion({ baseUrl: app.baseUrl, databaseUrl: app.databaseUrl, report })
      if (runs('floods'))
        await benchFloods({ baseUrl: app.baseUrl, databaseUrl: app.databaseUrl, pid: app.pid, pagePath, report })
      // Last: three minutes of fans and uploads, on an app that has done everything above.
      if (runs('soak')) await benchSoak({ baseUrl: app.baseUrl, databaseUrl: app.databaseUrl, pid: app.pid, report })
      if (runs('webhooks')) await benchWebhookFanout({ vite, databaseUrl: app.databaseUrl, report })
      if (stripe) await benchBillingWebhooks({ baseUrl: app.baseUrl, databaseUrl: app.databaseUrl, stripe, report })
      // Last of all: it restarts the database and kills the worker under the app.
      if (runs('faults'))
        await benchFaults({ baseUrl: app.baseUrl, databaseUrl: app.databaseUrl, work: app.work, report })
    } finally {
      await app.stop()
      await stripe?.fake.close()
    }
  }
} finally {
  await vite.close()
}
console.log('\nSummary')
for (const r of results)
  console.log(
    r.absolute
      ? `- ${r.name}: ${r.value} ${r.unit} (${r.goalText}, load ${r.load})`
      : `- ${r.name}: ${r.ratio.toFixed(2)}× of ${r.baselineName} (${r.goalText}, load ${r.load})`,
  )
if (lighthouse) {
  console.log(
    `- Lighthouse mobile on the demo gallery: score ${lighthouse.score} (goal ≥ ${LIGHTHOUSE_GOALS.score}), LCP ${(lighthouse.lcpMs / 1000).toFixed(2)} s, CLS ${lighthouse.cls.toFixed(3)} (goal ${LIGHTHOUSE_GOALS.cls}), JS ${lighthouse.jsGzipKB.toFixed(1)} KB gzip (goal ≤ ${LIGHTHOUSE_GOALS.jsGzipKB} KB)`,
  )
}
