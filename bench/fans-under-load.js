// Fans' pages at any gallery size, while photos arrive, through the real job queue, and the web
// process's memory: each figure next to its baseline or goal (see bench/run.js for the format).
import { readdirSync, readFileSync } from 'node:fs'
import autocannon from 'autocannon'
import sharp from 'sharp'
import * as tus from 'tus-js-client'
import { CHROMIUM_FLAGS, CHROMIUM_PATH, chromiumFor } from './chromium.js'
import { median } from './median.js'
import { withDatabaseConnection, withSystemDatabase } from './system-database.js'

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** The web process's resident memory, in MB (Linux). */
export function residentMB(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'))
  return Number(line.split(/\s+/)[1]) / 1024
}

/** Samples the process's memory while `work` runs; returns its peak. */
export async function peakMemoryDuring(pid, work) {
  let peak = residentMB(pid)
  const timer = setInterval(() => {
    peak = Math.max(peak, residentMB(pid))
  }, 100)
  try {
    await work()
  } finally {
    clearInterval(timer)
  }
  return Math.max(peak, residentMB(pid))
}

/**
 * A published gallery of the demo company with `count` photos, copied in SQL from one processed
 * demo photo. A real gallery's photos arrive over an hour beside other uploads, so its rows lie
 * scattered through the table, not side by side: here they are written in runs of 25 between
 * runs of another stage's gallery (a draft of the same size), as two photographers' uploads would.
 */
export async function galleryOf(databaseUrl, slug, count) {
  await withSystemDatabase(databaseUrl, async (db) => {
    const { rows } = await db.query(
      `insert into content_items (company_id, kind, title, slug, status, published_at)
       select companies.id, 'gallery', item.title, item.slug, item.status, item.published_at::timestamptz from companies,
         (values ($1, $2, 'published', now()), ($1 || ' (second stage)', $2 || '-second-stage', 'draft', null)) as item(title, slug, status, published_at)
       where companies.slug = 'demo' returning id, status`,
      [`${count} photos`, slug],
    )
    // By status: the order of returned rows is not promised.
    const itemId = rows.find((row) => row.status === 'published').id
    const otherItemId = rows.find((row) => row.status === 'draft').id
    const source = (
      await db.query(
        `select a.* from assets a join companies c on c.id = a.company_id where c.slug = 'demo' and a.media_type = 'image' and a.processing_status = 'ready' and a.purpose = 'gallery-media' order by a.created_at limit 1`,
      )
    ).rows[0]
    await db.query(
      `insert into assets (company_id, content_item_id, purpose, media_type, original_name, mime_type, size_bytes, storage_key, position, width, height, placeholder, placeholder_image, processing_status, optimized)
       select company_id, case when run % 2 = 0 then $1::uuid else $4::uuid end, 'gallery-media', 'image', 'copy-' || n || '.jpg', mime_type, size_bytes, storage_key, (run / 2) * 25 + n % 25, width, height, placeholder, placeholder_image, 'ready', true
       from assets, generate_series(0, 2 * $3 - 1) as n, lateral (select n / 25 as run) as runs
       where assets.id = $2 and (run / 2) * 25 + n % 25 < $3
       order by n`,
      [itemId, source.id, count, otherItemId],
    )
    await db.query(
      `insert into asset_renditions (asset_id, company_id, rendition, format, width, height, size_bytes, storage_key)
       select a.id, r.company_id, r.rendition, r.format, r.width, r.height, r.size_bytes, r.storage_key
       from assets a join asset_renditions r on r.asset_id = $2 where a.content_item_id in ($1, $3)`,
      [itemId, source.id, otherItemId],
    )
  })
  // A real gallery's photos arrive over an hour, and autovacuum keeps the planner's statistics
  // and the tables' visibility maps current as they do (inserts alone set it off since
  // PostgreSQL 13); this one arrived in one statement, so both are brought up to date by hand, as
  // they would be by then. The visibility map lets counts come from an index alone.
  await withDatabaseConnection(databaseUrl, (db) => db.query('vacuum analyze assets, asset_renditions'))
  return `/demo/galeria/${slug}`
}

/**
 * A gallery made by `galleryOf` given a set-list of `songs` songs, four minutes each from 21:00 on
 * the venue's clock, and capture times across the show as cameras leave them: half a wall clock
 * with no zone, half a true instant (brought to the venue's zone, Lisbon), one in ten none at all.
 */
export async function withSetlist(databaseUrl, path, songs) {
  const start = Date.parse('2026-07-14T21:00:00Z')
  const list = Array.from({ length: songs }, (_, index) => ({
    title: `Song ${index + 1}`,
    startsAt: new Date(start + index * 4 * 60_000).toISOString(),
  }))
  const setlist = {
    songs: list,
    source: list.map((song) => `${song.startsAt.slice(11, 16)} ${song.title}`).join('\n'),
    timeZone: 'Europe/Lisbon',
    clockShiftSeconds: 0,
    showStartsAt: list[0].startsAt,
  }
  await withSystemDatabase(databaseUrl, async (db) => {
    const { rows } = await db.query('update content_items set setlist = $2 where slug = $1 returning id', [
      path.split('/').pop(),
      JSON.stringify(setlist),
    ])
    await db.query(
      `update assets set captured_at = case when position % 10 = 0 then null else $2::timestamptz + (position % ($3::int * 4 + 10)) * interval '1 minute' - case when position % 2 = 0 then interval '0' else interval '1 hour' end end,
         capture_offset_minutes = case when position % 2 = 0 then null else 60 end
       where content_item_id = $1`,
      [rows[0].id, new Date(start).toISOString(), songs],
    )
  })
  return path
}

/**
 * The CPU time the process `pid` has had so far, all its threads (the JavaScript thread, gzip's
 * and the garbage collector's), in ms: Linux keeps it per thread in nanoseconds (schedstat), so one
 * request's share can be read, unlike the process's 10 ms ticks.
 */
export function processCpuMs(pid) {
  let nanoseconds = 0
  let threads = []
  try {
    threads = readdirSync(`/proc/${pid}/task`)
  } catch {
    // A process that has just ended.
  }
  for (const thread of threads) {
    try {
      nanoseconds += Number(readFileSync(`/proc/${pid}/task/${thread}/schedstat`, 'utf8').split(' ')[0])
    } catch {
      // A thread that ended between the listing and the read.
    }
  }
  return nanoseconds / 1e6
}

/** The CPU time PostgreSQL has had so far, in ms: its postmaster `pid` and every process it started (its backends among them). */
export function databaseCpuMs(pid) {
  const processes = [pid]
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      // After the command's name, which may hold spaces and parentheses: state, then the parent's pid.
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) processes.push(Number(entry))
    } catch {
      // A process that ended between the listing and the read.
    }
  }
  return processes.reduce((total, process) => total + processCpuMs(process), 0)
}

/** Time to the first byte and the size of an uncached render (a query string the cache has not seen). */
async function uncachedRender(url, expectedStatus = 200) {
  const started = performance.now()
  const response = await fetch(`${url}${url.includes('?') ? '&' : '?'}render=${Math.random().toString(36).slice(2)}`)
  const reader = response.body.getReader()
  const first = await reader.read()
  const firstByteMs = performance.now() - started
  let bytes = first.value?.length ?? 0
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) bytes += chunk.value.length
  if (response.status !== expectedStatus) throw new Error(`${url} answered ${response.status}`)
  return { firstByteMs, totalMs: performance.now() - started, bytes }
}

const ROUNDS = 41

/**
 * Each of `measures` run `rounds` times, one after the other in each round so that a busy moment
 * of a shared machine falls on all of them alike, after `warmUps` rounds run the same way. The
 * figures of each, by name, of the measured rounds (`figures`) and of the warm-up (`warmUp`).
 */
async function interleaved(rounds, measures, warmUps) {
  const names = Object.keys(measures)
  const run = async (count) => {
    const figures = Object.fromEntries(names.map((name) => [name, []]))
    for (let round = 0; round < count; round++) for (const name of names) figures[name].push(await measures[name]())
    return figures
  }
  const warmUp = await run(warmUps)
  return { figures: await run(rounds), warmUp }
}

/**
 * Rounds run before the render is measured (each renders the six pages below once). A process
 * that has just started runs a page's code before V8 has optimized it, and its helper threads
 * compile it meanwhile, their time counted in the server's: the components a page renders once
 * each are optimized only after hundreds of renders, each compilation taking 10–70 ms (2026-11-30,
 * `--trace-opt`: 219 functions, 1.06 s of compiling, between a fresh process's 600th and 1,200th
 * gallery render; its helper threads' share 2.4–3.7 ms a render meanwhile). That is a cost of the
 * process's first minutes, not of a render: fans meet a process that has been answering for
 * hours, so the goal is read after the warm-up, and the warm-up's own figure is printed beside it.
 */
const WARM_UP_ROUNDS = 100

/**
 * The database as fans meet it a minute after a bench's bulk writes, once autovacuum has been by:
 * until then the rows just written or rewritten leave dead index entries and statistics that do
 * not count them, a state a company's own writes (a set-list pasted once, galleries made over
 * years) do not keep for long.
 */
const afterAutovacuum = (databaseUrl, tables) =>
  withDatabaseConnection(databaseUrl, (db) => db.query(`vacuum (analyze) ${tables.join(', ')}`))

/**
 * Galleries of 50 and 5,000 photos: the server's render time for 50 (every request a miss), and
 * the first byte and HTML size of 5,000 next to 50's, interleaved.
 */
export async function benchGallerySizes({ baseUrl, databaseUrl, servers, report }) {
  const small = await galleryOf(databaseUrl, 'bench-fifty', 50)
  const large = await galleryOf(databaseUrl, 'bench-five-thousand', 5000)
  // The same two sizes with a 20-song set-list: the page then also lists its chapters with their counts.
  const smallSongs = await withSetlist(databaseUrl, await galleryOf(databaseUrl, 'bench-fifty-songs', 50), 20)
  const largeSongs = await withSetlist(databaseUrl, await galleryOf(databaseUrl, 'bench-five-thousand-songs', 5000), 20)
  // The set-lists rewrote 5,050 rows: measured without this, the 5,000-photo set-list page read
  // 1.12–1.29× the small one's from run to run; 1.02× once the dead rows are cleared.
  await afterAutovacuum(databaseUrl, ['assets', 'content_items', 'gallery_file_counts', 'gallery_chapter_counts'])
  try {
    await measureGallerySizes({ baseUrl, databaseUrl, servers, report, small, large, smallSongs, largeSongs })
  } finally {
    await removeGalleries(databaseUrl, [small, large, smallSongs, largeSongs])
  }
}

/**
 * Takes the galleries `galleryOf` made away again, with their second stages and their files'
 * rows (the files they name are the demo photo's own, and stay): their 20,000 copies of a photo
 * count against the company's storage, and the parts after this one upload to the same company
 * (a full bench run was refused its uploads, the plan's storage full).
 */
async function removeGalleries(databaseUrl, paths) {
  const slugs = paths.map((path) => path.split('/').pop()).flatMap((slug) => [slug, `${slug}-second-stage`])
  await withSystemDatabase(databaseUrl, (db) =>
    db.query(
      `delete from content_items where company_id = (select id from companies where slug = 'demo') and slug = any($1)`,
      [slugs],
    ),
  )
}

/**
 * An uncached render, with the server's CPU time for it: the web process's and PostgreSQL's
 * (the client's own work is not in it).
 */
async function uncachedRenderWithCpu({ pid, databasePid }, url, expectedStatus) {
  const webBefore = processCpuMs(pid)
  const databaseBefore = databaseCpuMs(databasePid)
  const figure = await uncachedRender(url, expectedStatus)
  const databaseMs = databaseCpuMs(databasePid) - databaseBefore
  return { ...figure, serverCpuMs: processCpuMs(pid) - webBefore + databaseMs, databaseCpuMs: databaseMs }
}

async function measureGallerySizes({ baseUrl, databaseUrl, servers, report, small, large, smallSongs, largeSongs }) {
  // The floor under any page: the same company's answer for a gallery that is not there (one row
  // read, the shell rendered), so the gallery's own share of its render can be read off.
  const missing = '/demo/galeria/no-such-gallery'
  // Each round costs well under a second; 15 rounds let one busy moment of a shared machine move
  // the 5,000-photo page's ratio by a fifth (1.30× and 1.21× in two runs, 1.05× over 40 rounds).
  const { figures, warmUp } = await interleaved(
    ROUNDS,
    {
      small: () => uncachedRenderWithCpu(servers, `${baseUrl}${small}`),
      large: () => uncachedRender(`${baseUrl}${large}`),
      smallSongs: () => uncachedRender(`${baseUrl}${smallSongs}`),
      largeSongs: () => uncachedRender(`${baseUrl}${largeSongs}`),
      largeSong: () => uncachedRender(`${baseUrl}${largeSongs}?chapter=3`),
      missing: () => uncachedRenderWithCpu(servers, `${baseUrl}${missing}`, 404),
    },
    WARM_UP_ROUNDS,
  )
  // The server's time is its CPU time for the request: on two shared cores the wall clock also
  // holds the client's own work and whatever else the machine runs; it is printed beside.
  const smallCpu = median(figures.small.map((figure) => figure.serverCpuMs))
  report(
    `uncached render of a 50-photo gallery: server CPU time (web process, all threads, and PostgreSQL), median of ${ROUNDS}`,
    smallCpu,
    'ms',
    'goal',
    10,
    1,
    { lowerIsBetter: true },
  )
  report(
    `same render: PostgreSQL's share of its server CPU time, median of ${ROUNDS}`,
    median(figures.small.map((figure) => figure.databaseCpuMs)),
    'ms',
    'the whole',
    smallCpu,
    null,
    { lowerIsBetter: true },
  )
  report(
    `same render during the warm-up (the ${WARM_UP_ROUNDS} rounds before it, V8 still optimizing the page's code): server CPU time, median`,
    median(warmUp.small.map((figure) => figure.serverCpuMs)),
    'ms',
    'after the warm-up',
    smallCpu,
    null,
    { lowerIsBetter: true },
  )
  report(
    `same render: request to last byte on loopback, median of ${ROUNDS}`,
    median(figures.small.map((figure) => figure.totalMs)),
    'ms',
    'its server CPU time',
    smallCpu,
    null,
    { lowerIsBetter: true },
  )
  report(
    `uncached render of the same company's 404 page (the floor under any page): server CPU time, median of ${ROUNDS}`,
    median(figures.missing.map((figure) => figure.serverCpuMs)),
    'ms',
    '50-photo gallery',
    smallCpu,
    null,
    { lowerIsBetter: true },
  )
  report(
    '5,000-photo gallery: first byte, uncached',
    median(figures.large.map((figure) => figure.firstByteMs)),
    'ms',
    '50-photo gallery',
    median(figures.small.map((figure) => figure.firstByteMs)),
    1.2,
    { lowerIsBetter: true },
  )
  report(
    '5,000-photo gallery with a 20-song set-list: first byte, uncached',
    median(figures.largeSongs.map((figure) => figure.firstByteMs)),
    'ms',
    '50 photos, same set-list',
    median(figures.smallSongs.map((figure) => figure.firstByteMs)),
    1.2,
    { lowerIsBetter: true },
  )
  // A song of the 5,000 holds ~220 photos and its page shows a page of them (50), as the gallery's own page
  // does: the same page with another list, so it should cost what the gallery's page costs.
  report(
    "5,000-photo gallery with a set-list, one song's page (?chapter=3, 50 of its ~220 photos): first byte, uncached",
    median(figures.largeSong.map((figure) => figure.firstByteMs)),
    'ms',
    "the gallery's own page",
    median(figures.largeSongs.map((figure) => figure.firstByteMs)),
    1.2,
    { lowerIsBetter: true },
  )
  report(
    '5,000-photo gallery: HTML size',
    figures.large[0].bytes / 1024,
    'KB',
    '50-photo gallery',
    figures.small[0].bytes / 1024,
    1.2,
    { lowerIsBetter: true },
  )
  await benchEditorSizes({ baseUrl, databaseUrl, report, galleries: { small, large } })
  await benchLandingSizes({ baseUrl, databaseUrl, report })
}

/**
 * A company's landing with 300 galleries and 300 events (a venue with years of shows) next to one
 * with a landing's first batch of each (24 and 20), uncached, interleaved: the landing shows the
 * newest and more on request, so neither its first byte nor its size should grow past that.
 */
async function benchLandingSizes({ baseUrl, databaseUrl, report }) {
  const venueOf = (slug, galleries, events) =>
    withSystemDatabase(databaseUrl, async (db) => {
      // The demo company's twin under another address, with its galleries and events.
      await db.query(
        `insert into companies select (jsonb_populate_record(null::companies, to_jsonb(c) || jsonb_build_object('id', $1::text, 'slug', $1::text, 'subdomain', null))).* from companies c where c.slug = 'demo'`,
        [slug],
      )
      await db.query(
        `insert into content_items (company_id, kind, title, slug, status, published_at, description)
         select $1, 'gallery', 'Night ' || n, 'night-' || n, 'published', now() - n * interval '1 day', 'A night at the venue' from generate_series(1, $2::int) as n`,
        [slug, galleries],
      )
      await db.query(
        `insert into events (company_id, slug, title, starts_at, status) select $1, 'show-' || n, 'Show ' || n, now() - n * interval '1 day', 'published' from generate_series(1, $2::int) as n`,
        [slug, events],
      )
      return `/${slug}`
    })
  const paths = { few: await venueOf('bench-venue-one-batch', 24, 20), many: await venueOf('bench-venue', 300, 300) }
  await afterAutovacuum(databaseUrl, ['companies', 'content_items', 'events'])
  const { figures } = await interleaved(
    ROUNDS,
    { few: () => uncachedRender(`${baseUrl}${paths.few}`), many: () => uncachedRender(`${baseUrl}${paths.many}`) },
    5,
  )
  report(
    'company landing with 300 galleries and 300 events: first byte, uncached',
    median(figures.many.map((figure) => figure.firstByteMs)),
    'ms',
    'one with 24 and 20 (all shown)',
    median(figures.few.map((figure) => figure.firstByteMs)),
    1.2,
    { lowerIsBetter: true },
  )
  report(
    'company landing with 300 galleries and 300 events: HTML size',
    figures.many[0].bytes / 1024,
    'KB',
    'one with 24 and 20',
    figures.few[0].bytes / 1024,
    1.2,
    { lowerIsBetter: true },
  )
}

/** The same two galleries in their editor, signed in as the company's admin: its server time and page size. */
async function benchEditorSizes({ baseUrl, databaseUrl, report, galleries }) {
  const cookie = await signIn(baseUrl)
  const idOf = async (path) =>
    withSystemDatabase(
      databaseUrl,
      async (db) =>
        (await db.query('select id from content_items where slug = $1', [path.split('/').pop()])).rows[0].id,
    )
  const editorOf = {
    small: `/admin/content/${await idOf(galleries.small)}`,
    large: `/admin/content/${await idOf(galleries.large)}`,
  }
  const open = async (path) => {
    const started = performance.now()
    const response = await fetch(`${baseUrl}${path}`, { headers: { cookie } })
    const bytes = (await response.arrayBuffer()).byteLength
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`)
    return { totalMs: performance.now() - started, bytes }
  }
  const { figures } = await interleaved(
    EDITOR_ROUNDS,
    { small: () => open(editorOf.small), large: () => open(editorOf.large) },
    2,
  )
  report(
    `gallery editor of 5,000 photos: server time on loopback, median of ${EDITOR_ROUNDS}`,
    median(figures.large.map((figure) => figure.totalMs)),
    'ms',
    '50-photo editor',
    median(figures.small.map((figure) => figure.totalMs)),
    null,
    { lowerIsBetter: true },
  )
  report(
    'gallery editor of 5,000 photos: page size (120 tiles drawn, every file in its data)',
    figures.large[0].bytes / 1024,
    'KB',
    '50-photo editor',
    figures.small[0].bytes / 1024,
    null,
    { lowerIsBetter: true },
  )
  await benchEditorBatches({ baseUrl, cookie, path: editorOf.large, report })
}

/* global document, requestAnimationFrame -- page.evaluate's functions run in the browser */
/**
 * The admin scrolls the 5,000-photo editor: how long the browser is busy drawing the next 120
 * tiles (script, layout and the frame after) once 1,800 are drawn, next to drawing the second
 * 120. A fresh page each round; the median of the rounds.
 */
async function benchEditorBatches({ baseUrl, cookie, path, report }) {
  if (!chromiumFor("the editor's batches")) return
  const { chromium } = await import('playwright-core')
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
  const figures = { second: [], late: [] }
  try {
    for (let round = 0; round < EDITOR_BATCH_ROUNDS; round++) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
      await context.addCookies(
        cookie.split('; ').map((pair) => ({
          name: pair.slice(0, pair.indexOf('=')),
          value: pair.slice(pair.indexOf('=') + 1),
          url: baseUrl,
        })),
      )
      const page = await context.newPage()
      await page.goto(`${baseUrl}${path}`)
      await page.getByTestId('show-more-files').waitFor()
      // The button answers once the page has hydrated (its texts' file come, ADR 072).
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
      // Pressed from the page, so the time is the browser's alone; the button scrolled into view
      // would press itself (it does so within a few screens).
      const nextBatch = () =>
        page.evaluate(async () => {
          const started = performance.now()
          document.querySelector('[data-testid=show-more-files]').click()
          await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)))
          return {
            ms: performance.now() - started,
            tiles: document.querySelectorAll('[data-testid=media-card]').length,
          }
        })
      for (let drawn = 120; drawn < 1920; ) {
        const { ms, tiles } = await nextBatch()
        if (tiles === drawn) throw new Error(`the editor drew no more tiles after ${drawn}`)
        if (tiles === 240) figures.second.push(ms)
        if (tiles === 1920) figures.late.push(ms)
        drawn = tiles
      }
      await context.close()
    }
  } finally {
    await browser.close()
  }
  report(
    `gallery editor of 5,000 photos: the next 120 tiles once 1,800 are drawn (browser busy), median of ${EDITOR_BATCH_ROUNDS}`,
    median(figures.late),
    'ms',
    'the second 120',
    median(figures.second),
    null,
    { lowerIsBetter: true },
  )
}

const EDITOR_BATCH_ROUNDS = 3

// An editor of 5,000 photos takes a few hundred milliseconds: fewer rounds than the fans' pages.
const EDITOR_ROUNDS = 11

async function signIn(baseUrl) {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email: 'demo@afterglow.local', password: 'Afterglow-demo-1' }),
  })
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ')
}

function upload(baseUrl, cookie, bytes, metadata) {
  return new Promise((resolve, reject) => {
    const started = new tus.Upload(bytes, {
      endpoint: `${baseUrl}/api/uploads`,
      uploadSize: bytes.length,
      headers: { cookie, origin: baseUrl },
      metadata,
      onSuccess: () => resolve(),
      onError: reject,
    })
    started.start()
  })
}

/**
 * Waits until every photo of a gallery is processed, asking every `intervalMs` on one connection
 * (past row-level security, as the server's system work reads): a connection opened for each
 * question, fifty a second, took CPU from the worker the bench was timing.
 */
async function allPhotosProcessed(databaseUrl, itemId, { intervalMs, timeoutMs }) {
  await withDatabaseConnection(databaseUrl, async (db) => {
    await db.query(`select set_config('app.bypass_rls', 'on', false)`)
    for (const deadline = Date.now() + timeoutMs; ; await sleep(intervalMs)) {
      const { waiting, failed } = (
        await db.query(
          `select count(*) filter (where processing_status <> 'ready')::int as waiting, count(*) filter (where processing_status = 'failed')::int as failed from assets where content_item_id = $1`,
          [itemId],
        )
      ).rows[0]
      if (failed > 0) throw new Error(`${failed} photos failed processing`)
      if (waiting === 0) return
      if (Date.now() > deadline) throw new Error(`${waiting} photos were not processed in ${timeoutMs / 1000} s`)
    }
  })
}

/** A photo as a phone or camera would send it, of `width` pixels: light with grain, so it compresses like one. */
async function photoOf(seed, width, height) {
  const noise = await sharp({
    create: { width, height, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 30 } },
  })
    .raw()
    .toBuffer()
  const light = await sharp({
    create: { width, height, channels: 3, background: { r: (seed * 53) % 255, g: 60 + (seed % 90), b: 160 } },
  })
    .raw()
    .toBuffer()
  for (let i = 0; i < light.length; i++) light[i] = (light[i] * 3 + noise[i]) >> 2
  return sharp(light, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 88 })
    .toBuffer()
}

async function createGallery(baseUrl, cookie, databaseUrl, slug, status) {
  return withSystemDatabase(
    databaseUrl,
    async (db) =>
      (
        await db.query(
          `insert into content_items (company_id, kind, title, slug, status, published_at) select id, 'gallery', $1, $1, $2, case when $2 = 'published' then now() end from companies where slug = 'demo' returning id`,
          [slug, status],
        )
      ).rows[0].id,
  )
}

/**
 * The hour after the show: fans load the gallery page while 200 photos are uploaded to a
 * published gallery and processed. The page's p99 then, next to its p99 at rest.
 */
export async function benchPageDuringUpload({
  baseUrl,
  databaseUrl,
  pagePath,
  report,
  connections = 20,
  photos = 200,
}) {
  const cookie = await signIn(baseUrl)
  const itemId = await createGallery(baseUrl, cookie, databaseUrl, 'bench-arriving', 'published')
  console.log(`Making ${photos} photos (2400×1600)…`)
  const distinct = await Promise.all(Array.from({ length: 20 }, (_, seed) => photoOf(seed, 2400, 1600)))
  const url = `${baseUrl}${pagePath}`
  const p99Of = async (seconds) => (await autocannon({ url, connections, duration: seconds })).latency.p99
  await p99Of(3) // warm-up
  const atRest = [await p99Of(5), await p99Of(5), await p99Of(5)]
  let uploading = true
  const uploads = (async () => {
    for (let i = 0; i < photos; i++)
      await upload(baseUrl, cookie, distinct[i % distinct.length], {
        filename: `arriving-${i + 1}.jpg`,
        purpose: 'gallery-media',
        contentItemId: itemId,
      })
    await allPhotosProcessed(databaseUrl, itemId, { intervalMs: 250, timeoutMs: 600_000 })
    uploading = false
  })()
  const during = []
  while (uploading && during.length < 20) during.push(await p99Of(5))
  await uploads
  console.log(`  p99 at rest: ${atRest.join(', ')} ms; during the upload: ${during.join(', ')} ms`)
  report(
    `fan's gallery page p99 during a ${photos}-photo upload to a published gallery (${connections} connections)`,
    median(during),
    'ms',
    'p99 at rest',
    median(atRest),
    2,
    { lowerIsBetter: true },
  )
}

/**
 * Processing through the real job queue: photos uploaded to a gallery, from the first upload
 * finished to every photo's renditions stored, as photos per second; in rounds interleaved with
 * plain sharp making the same renditions of the same photos (`measurePlainSharp`: images/s).
 */
export async function benchQueueProcessing({ baseUrl, databaseUrl, images, report, measurePlainSharp }) {
  const cookie = await signIn(baseUrl)
  const queueRound = async (round) => {
    const itemId = await createGallery(baseUrl, cookie, databaseUrl, `bench-queue-${round}-${Date.now()}`, 'draft')
    let firstFinished = 0
    for (const [index, image] of images.entries()) {
      await upload(baseUrl, cookie, image, {
        filename: `camera-${index + 1}.jpg`,
        purpose: 'gallery-media',
        contentItemId: itemId,
      })
      firstFinished ||= performance.now()
    }
    await allPhotosProcessed(databaseUrl, itemId, { intervalMs: 20, timeoutMs: 120_000 })
    return images.length / ((performance.now() - firstFinished) / 1000)
  }
  const plain = []
  const queued = []
  for (let round = 0; round < 3; round++) {
    plain.push(await measurePlainSharp())
    queued.push(await queueRound(round))
  }
  console.log(
    `  plain sharp: ${plain.map((v) => v.toFixed(2)).join(', ')} images/s; through the queue: ${queued.map((v) => v.toFixed(2)).join(', ')} images/s`,
  )
  report(
    `photo processing through the real job queue (${images.length} photos of 24 megapixels)`,
    median(queued),
    'images/s',
    'plain sharp, same renditions, same photos',
    median(plain),
    0.9,
  )
}
