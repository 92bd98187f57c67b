// Live shows (issue 18, ADR 057/058). Two figures:
// 1. From an upload finished (the tus PATCH answered) to the photo on a connected venue wall's
//    stream, with its renditions made by the real job queue: p95 of BENCH_LIVE_UPLOADS (20)
//    12-megapixel photos sent one after another to the demo's live gallery (auto-approve on).
// 2. BENCH_LIVE_STREAMS (10,000) event streams held open on one web process: its resident memory
//    with them against before them, and how long one published photo takes to reach every one.
// If the machine cannot open that many, the figure says how many it held.
import { Buffer } from 'node:buffer'
import net from 'node:net'
import sharp from 'sharp'
import { residentMB } from './fans-under-load.js'
import { withSystemDatabase } from './system-database.js'

const UPLOADS = Number(process.env.BENCH_LIVE_UPLOADS ?? 20)
const STREAMS = Number(process.env.BENCH_LIVE_STREAMS ?? 10_000)
const OPEN_AT_ONCE = 200

export async function signIn(baseUrl) {
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

/** A camera-like JPEG: light with grain, so it compresses (and decodes) like a photo. */
export async function photoOf(seed, width, height) {
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

const b64 = (value) => Buffer.from(value).toString('base64')

/** One tus upload as the browser sends it; resolves when the server answered the last byte, with the asset's id. */
export async function tusUpload(baseUrl, cookie, bytes, metadata) {
  const created = await fetch(`${baseUrl}/api/uploads`, {
    method: 'POST',
    headers: {
      cookie,
      origin: baseUrl,
      'tus-resumable': '1.0.0',
      'upload-length': String(bytes.length),
      'upload-metadata': Object.entries(metadata)
        .map(([key, value]) => `${key} ${b64(value)}`)
        .join(','),
    },
  })
  if (created.status !== 201) throw new Error(`upload not created: ${created.status} ${await created.text()}`)
  const location = new URL(created.headers.get('location'), baseUrl).href
  const sent = await fetch(location, {
    method: 'PATCH',
    headers: {
      cookie,
      origin: baseUrl,
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    body: bytes,
  })
  if (sent.status !== 204) throw new Error(`upload not finished: ${sent.status} ${await sent.text()}`)
  return { assetId: sent.headers.get('upload-asset-id'), finishedAt: performance.now() }
}

/** A bare event-stream client (what a wall's EventSource holds): one socket, the bytes kept as text until read. */
function openStream(baseUrl, path) {
  const { hostname, port } = new URL(baseUrl)
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname)
    const stream = { socket, text: '', seen: new Map(), onEvent: null }
    let opened = false
    socket.setEncoding('utf8')
    socket.on('connect', () =>
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAccept: text/event-stream\r\n\r\n`),
    )
    socket.on('data', (chunk) => {
      if (!opened) {
        opened = true
        if (!chunk.startsWith('HTTP/1.1 200')) return reject(new Error(`stream refused: ${chunk.slice(0, 200)}`))
        resolve(stream)
      }
      // Only the photo ids matter here: `"id":"<uuid>"` in each event's data.
      for (const match of chunk.matchAll(/"id":"([0-9a-f-]{36})"/g)) {
        stream.seen.set(match[1], performance.now())
        stream.onEvent?.(match[1])
      }
    })
    socket.on('error', (error) => (opened ? undefined : reject(error)))
  })
}

function percentile(values, share) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)]
}

export async function benchLive({ baseUrl, databaseUrl, pid, report }) {
  // The demo's live gallery (server/demo/demo-content.ts), its wall link, and auto-approve on: the time
  // measured is the platform's, not a manager's thumb.
  const gallery = await withSystemDatabase(databaseUrl, async (db) => {
    const { rows } = await db.query(
      `update content_items set live_auto_approve = true where slug = 'night-owls-tonight' returning id, wall_token`,
    )
    return rows[0]
  })
  if (!gallery) throw new Error('the demo has no live gallery')
  const wallPath = `/wall/${gallery.wall_token}/live`
  const cookie = await signIn(baseUrl)

  console.log(`Live: ${UPLOADS} uploads of 12 MP photos to a connected wall…`)
  const wall = await openStream(baseUrl, wallPath)
  const latencies = []
  for (let round = 0; round < UPLOADS; round++) {
    const bytes = await photoOf(round + 7, 4000, 3000)
    const { assetId, finishedAt } = await tusUpload(baseUrl, cookie, bytes, {
      filename: `live-${round}-${Date.now()}.jpg`,
      purpose: 'gallery-media',
      contentItemId: gallery.id,
    })
    const shownAt =
      wall.seen.get(assetId) ??
      (await new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`photo ${assetId} never reached the wall`)), 120_000)
        wall.onEvent = (id) => {
          if (id !== assetId) return
          clearTimeout(timer)
          resolve(wall.seen.get(id))
        }
      }))
    latencies.push((shownAt - finishedAt) / 1000)
  }
  wall.socket.destroy()
  console.log(`  upload finished → on the wall: ${latencies.map((value) => value.toFixed(2)).join(', ')} s`)
  report(
    `live: upload finished → photo on a connected wall, p95 of ${UPLOADS} (12 MP, renditions through the job queue)`,
    percentile(latencies, 0.95),
    's',
    'goal',
    5,
    1,
    { lowerIsBetter: true },
  )

  // Many streams on one process.
  await new Promise((resolve) => setTimeout(resolve, 2000))
  const before = residentMB(pid)
  console.log(`Live: opening ${STREAMS} event streams on the web process (${before.toFixed(0)} MB before)…`)
  const streams = []
  let refused = null
  const opening = performance.now()
  while (streams.length < STREAMS && !refused) {
    const batch = Math.min(OPEN_AT_ONCE, STREAMS - streams.length)
    const opened = await Promise.allSettled(Array.from({ length: batch }, () => openStream(baseUrl, wallPath)))
    for (const result of opened) {
      if (result.status === 'fulfilled') streams.push(result.value)
      else refused ??= result.reason
    }
  }
  console.log(
    `  ${streams.length} streams open in ${((performance.now() - opening) / 1000).toFixed(1)} s${refused ? ` (stopped: ${refused.message})` : ''}`,
  )
  await new Promise((resolve) => setTimeout(resolve, 3000))
  const held = residentMB(pid)
  // One photo published (the seeded one waiting in the tray, approved as a manager would): to every stream.
  const published = await withSystemDatabase(databaseUrl, async (db) => {
    const { rows } = await db.query(
      `select id from assets where content_item_id = $1 and moderation = 'pending' limit 1`,
      [gallery.id],
    )
    if (!rows[0]) throw new Error('no photo waiting in the demo tray')
    return rows[0].id
  })
  const approvedAt = performance.now()
  await withSystemDatabase(databaseUrl, (db) =>
    db.query(`update assets set moderation = 'approved' where id = $1`, [published]),
  )
  const deadline = approvedAt + 60_000
  while (streams.some((stream) => !stream.seen.has(published)) && performance.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 20))
  const reached = streams.filter((stream) => stream.seen.has(published))
  const lastAt = Math.max(...reached.map((stream) => stream.seen.get(published)))
  for (const stream of streams) stream.socket.destroy()
  const label =
    streams.length < STREAMS
      ? `${streams.length} (of ${STREAMS} asked: the machine held no more)`
      : String(streams.length)
  console.log(
    `  resident memory ${before.toFixed(0)} MB → ${held.toFixed(0)} MB with ${streams.length} streams (${(((held - before) * 1024) / Math.max(streams.length, 1)).toFixed(1)} KB each); reached ${reached.length}`,
  )
  report(`live: web process resident memory holding ${label} event streams`, held, 'MB', 'goal', 300, 1, {
    lowerIsBetter: true,
  })
  report(`live: web process resident memory before the streams`, before, 'MB', 'goal', 300, 1, { lowerIsBetter: true })
  report(`live: one approved photo reaching all ${label} streams`, (lastAt - approvedAt) / 1000, 's', 'goal', 2, 1, {
    lowerIsBetter: true,
  })
  report(`live: streams the photo did not reach`, streams.length - reached.length, 'streams', 'goal', 0, 1, {
    lowerIsBetter: true,
    absolute: true,
  })
}
