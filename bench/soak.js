// The soak: 200 fans at once on the demo's gallery pages and downloads, while 20 photographers
// upload photos without pause, for BENCH_SOAK_SECONDS (default 180) on loopback. Errors (goal 0),
// the fans' p99 next to their p99 at rest, and the web process's resident memory at the start
// and the end of the load (goal: no more than 10 % growth). Each fan connects from its own
// loopback address, as 200 phones would, so per-visitor limits see 200 visitors.
import http from 'node:http'
import sharp from 'sharp'
import * as tus from 'tus-js-client'
import { residentMB } from './fans-under-load.js'
import { withSystemDatabase } from './system-database.js'

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0
}

/** One GET read to its end; its status and milliseconds, or the error that stopped it. */
function get(url, agent, localAddress) {
  const started = performance.now()
  return new Promise((resolve) => {
    const request = http.get(url, { agent, localAddress }, (response) => {
      response.on('data', () => undefined)
      response.on('end', () => resolve({ status: response.statusCode, ms: performance.now() - started }))
      response.on('error', (error) => resolve({ error: error.message, ms: performance.now() - started }))
    })
    request.on('error', (error) => resolve({ error: error.message, ms: performance.now() - started }))
    request.setTimeout(30_000, () => request.destroy(new Error('no answer in 30 s')))
  })
}

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
    new tus.Upload(bytes, {
      endpoint: `${baseUrl}/api/uploads`,
      uploadSize: bytes.length,
      headers: { cookie, origin: baseUrl },
      metadata,
      onSuccess: () => resolve(),
      onError: reject,
    }).start()
  })
}

/** A phone photo (2400×1600, about 1 MB): light with grain, so it compresses like one. */
async function photoOf(seed) {
  const [width, height] = [2400, 1600]
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

/** What fans open: the demo's galleries, their photo pages, single photos and whole galleries as a ZIP (no lead asked). A live show's photo still in the moderation tray is not one fans can open. */
async function fanTargets(baseUrl, databaseUrl) {
  return withSystemDatabase(databaseUrl, async (db) => {
    const galleries = (
      await db.query(
        `select ci.id, ci.slug, ci.require_lead from content_items ci join companies c on c.id = ci.company_id where c.slug = 'demo' and ci.kind = 'gallery' and ci.status = 'published'`,
      )
    ).rows
    const open = galleries.filter((gallery) => !gallery.require_lead)
    const files = (
      await db.query(
        `select id from assets where content_item_id = any($1) and processing_status = 'ready' and moderation = 'approved' and purpose = 'gallery-media'`,
        [open.map((gallery) => gallery.id)],
      )
    ).rows
    if (open.length === 0 || files.length === 0)
      throw new Error('the demo has no gallery fans may download from without a lead')
    const pages = galleries.flatMap((gallery) => [
      `/demo/galeria/${gallery.slug}`,
      `/demo/galeria/${gallery.slug}/fotos?after=0`,
    ])
    return {
      // Weighted as fans behave: mostly pages, then single photos, now and then a whole gallery.
      pick() {
        const roll = Math.random()
        if (roll < 0.6) return `${baseUrl}${pages[Math.floor(Math.random() * pages.length)]}`
        if (roll < 0.95) return `${baseUrl}/download/file/${files[Math.floor(Math.random() * files.length)].id}`
        return `${baseUrl}/download/content/${open[Math.floor(Math.random() * open.length)].id}`
      },
      landing: `${baseUrl}/demo`,
    }
  })
}

/** `fans` loops of one fan each, from its own loopback address, until `until()` says stop. */
async function fansLoad({ targets, fans, until, samples, errors }) {
  await Promise.all(
    Array.from({ length: fans }, async (_, n) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
      const localAddress = `127.10.${Math.floor(n / 250)}.${(n % 250) + 2}`
      while (!until()) {
        const url = targets.pick()
        const result = await get(url, agent, localAddress)
        samples.push(result.ms)
        if (result.error || result.status >= 400)
          errors.push(`${result.status ?? result.error} ${url.replace(/^https?:\/\/[^/]+/, '')}`)
      }
      agent.destroy()
    }),
  )
}

export async function benchSoak({ baseUrl, databaseUrl, pid, report }) {
  const seconds = Number(process.env.BENCH_SOAK_SECONDS ?? 180)
  const fans = Number(process.env.BENCH_SOAK_FANS ?? 200)
  const uploaders = Number(process.env.BENCH_SOAK_UPLOADS ?? 20)
  await withSystemDatabase(databaseUrl, (db) =>
    db.query(`update companies set plan = 'professional' where slug = 'demo'`),
  )
  const targets = await fanTargets(baseUrl, databaseUrl)
  const cookie = await signIn(baseUrl)
  const galleryId = await withSystemDatabase(
    databaseUrl,
    async (db) =>
      (
        await db.query(
          `insert into content_items (company_id, kind, title, slug, status) select id, 'gallery', 'Soak', 'soak-' || floor(random() * 1e9)::text, 'draft' from companies where slug = 'demo' returning id`,
        )
      ).rows[0].id,
  )
  console.log(`Making ${uploaders} photos…`)
  const photos = await Promise.all(Array.from({ length: uploaders }, (_, seed) => photoOf(seed)))

  // The fans' p99 at rest: the same requests, 20 fans, no uploads, 10 s.
  const rest = { samples: [], errors: [] }
  const restEnds = Date.now() + 10_000
  await fansLoad({ targets, fans: 20, until: () => Date.now() > restEnds, ...rest })
  const idleBefore = residentMB(pid)

  console.log(`Soaking for ${seconds} s: ${fans} fans, ${uploaders} uploads at a time…`)
  const load = { samples: [], errors: [] }
  const ends = Date.now() + seconds * 1000
  const until = () => Date.now() > ends
  let uploaded = 0
  const uploadErrors = []
  const memory = []
  const sampler = setInterval(() => memory.push({ at: Date.now(), mb: residentMB(pid) }), 1000)
  const started = Date.now()
  await Promise.all([
    fansLoad({ targets, fans, until, ...load }),
    ...photos.map(async (photo, n) => {
      while (!until()) {
        try {
          await upload(baseUrl, cookie, photo, {
            filename: `soak-${n}-${uploaded}.jpg`,
            purpose: 'gallery-media',
            contentItemId: galleryId,
          })
          uploaded++
        } catch (error) {
          uploadErrors.push(String(error.message ?? error).slice(0, 200))
          await sleep(1000)
        }
      }
    }),
  ])
  clearInterval(sampler)
  // The start once the process has warmed to the load (its first 20 s), the end its last 20 s: growth between them is what a longer soak would pile up.
  const window = 20_000
  const mean = (values) => values.reduce((sum, value) => sum + value, 0) / Math.max(values.length, 1)
  const startMB = mean(
    memory
      .filter((sample) => sample.at - started >= window && sample.at - started < 2 * window)
      .map((sample) => sample.mb),
  )
  const endMB = mean(memory.filter((sample) => ends - sample.at < window).map((sample) => sample.mb))
  await sleep(10_000)
  const idleAfter = residentMB(pid)

  const failures = [...load.errors, ...uploadErrors]
  // Grouped by what failed and where (pages, photo pages, single downloads, ZIPs, uploads), so a cause can be looked for.
  const where = (error) =>
    error.includes('/download/content/')
      ? 'zip'
      : error.includes('/download/file/')
        ? 'file'
        : error.includes('/fotos')
          ? 'photo page'
          : error.includes('/galeria/')
            ? 'page'
            : 'upload'
  const kinds = Object.entries(
    failures.reduce(
      (counts, error) => ({
        ...counts,
        [`${error.split(' ')[0]} ${where(error)}`]: (counts[`${error.split(' ')[0]} ${where(error)}`] ?? 0) + 1,
      }),
      {},
    ),
  )
  console.log(
    `  ${load.samples.length} fans' requests (${(load.samples.length / seconds).toFixed(0)}/s), ${uploaded} photos uploaded; errors: ${failures.length}${kinds.length ? ` (${kinds.map(([kind, count]) => `${kind}: ${count}`).join(', ')}; first: ${failures[0]})` : ''}`,
  )
  console.log(
    `  resident memory: ${idleBefore.toFixed(0)} MB idle before, ${startMB.toFixed(0)} MB at the start of the load, ${endMB.toFixed(0)} MB at its end, ${idleAfter.toFixed(0)} MB idle 10 s after; peak ${Math.max(...memory.map((sample) => sample.mb)).toFixed(0)} MB`,
  )
  report(
    `soak: errors in ${seconds} s (${fans} fans, ${uploaders} uploads at a time)`,
    failures.length,
    'errors',
    'goal',
    0,
    1,
    { lowerIsBetter: true, absolute: true },
  )
  // The issue sets no goal for the p99: it is shown next to the same requests' p99 at rest.
  report(
    `soak: fans' p99 under ${fans} fans and ${uploaders} uploads`,
    percentile(load.samples, 99),
    'ms',
    'p99 of 20 fans at rest',
    percentile(rest.samples, 99),
    null,
    { lowerIsBetter: true },
  )
  report('soak: web process resident memory, end of the load', endMB, 'MB', 'its start (after 20 s)', startMB, 1.1, {
    lowerIsBetter: true,
  })
}
