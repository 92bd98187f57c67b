// The `analytics` part of `npm run bench`: fans' pages report what fans do to POST /api/events in
// batches (a page's worth, as `pagehide` sends it). Sustained events per second on the one web
// process with the p99 of each request, then an exact count: every event the endpoint took (202)
// must be in PostgreSQL once the buffer has flushed, none lost, none twice. Goals: ≥ 5,000
// events/s, p99 < 20 ms, 0 lost. Each request comes from another fan (user agent), so the
// per-visitor allowance holds them no more than a real crowd's.
import autocannon from 'autocannon'
import { withSystemDatabase } from './system-database.js'

const SECONDS = Number(process.env.BENCH_ANALYTICS_SECONDS ?? process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_ANALYTICS_CONNECTIONS ?? 10)
const EVENTS_PER_BATCH = 20
const FANS = 20_000

async function demoTargets(databaseUrl) {
  return withSystemDatabase(databaseUrl, async (db) => {
    const { rows } = await db.query(
      `select c.id as company, i.id as gallery, a.id as photo
       from companies c join content_items i on i.company_id = c.id and i.kind = 'gallery' and i.status = 'published'
       join assets a on a.content_item_id = i.id and a.media_type = 'image'
       where c.slug = 'demo' order by i.published_at, a.position limit 1`,
    )
    if (!rows[0]) throw new Error('the demo company has no published gallery with photos')
    return rows[0]
  })
}

const countEvents = (databaseUrl, company) =>
  withSystemDatabase(databaseUrl, async (db) => (await db.query(`select count(*)::int as n from analytics_events where company_id = $1`, [company])).rows[0].n)

export async function benchAnalyticsIngestion({ baseUrl, databaseUrl, report }) {
  const { company, gallery, photo } = await demoTargets(databaseUrl)
  // What one fan's page sends on leaving a gallery: its view, photos opened, a like, a share.
  const events = [
    { type: 'page_view', page: 'gallery', contentId: gallery },
    ...Array.from({ length: EVENTS_PER_BATCH - 3 }, () => ({ type: 'item_view', contentId: gallery, assetId: photo })),
    { type: 'like', contentId: gallery, assetId: photo },
    { type: 'share', channel: 'copy', contentId: gallery },
  ]
  const body = JSON.stringify({ company, events })
  const before = await countEvents(databaseUrl, company)
  let fan = 0
  const result = await autocannon({
    url: `${baseUrl}/api/events`,
    method: 'POST',
    connections: CONNECTIONS,
    duration: SECONDS,
    pipelining: 1,
    headers: { 'content-type': 'text/plain;charset=UTF-8', origin: baseUrl },
    body,
    setupClient(client) {
      client.setHeaders({ 'content-type': 'text/plain;charset=UTF-8', origin: baseUrl, 'user-agent': `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 fan-${fan++ % FANS}` })
      client.on('response', () => client.setHeaders({ 'content-type': 'text/plain;charset=UTF-8', origin: baseUrl, 'user-agent': `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 fan-${fan++ % FANS}` }))
    },
  })
  if (result.errors > 0 || result.non2xx > 0) throw new Error(`analytics ingestion: ${result.errors} errors, ${result.non2xx} answers other than 202`)
  const accepted = result['2xx'] * EVENTS_PER_BATCH
  // The buffer writes every second; wait until it has (or clearly will not).
  let written = 0
  for (let i = 0; i < 50; i++) {
    written = (await countEvents(databaseUrl, company)) - before
    if (written >= accepted) break
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  await new Promise((resolve) => setTimeout(resolve, 1500)) // nothing more should come (no double writes)
  written = (await countEvents(databaseUrl, company)) - before
  const eventsPerSecond = accepted / SECONDS
  console.log(`  analytics: ${result['2xx']} batches of ${EVENTS_PER_BATCH} in ${SECONDS} s from ${CONNECTIONS} connections, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms; ${accepted} taken, ${written} written`)
  report('analytics ingestion, sustained (one web process)', eventsPerSecond, 'events/s', 'goal', 5_000, 1)
  report('analytics ingestion p99 per batch request', result.latency.p99, 'ms', 'goal', 20, 1, { lowerIsBetter: true })
  report('analytics events written after the load (0 lost, none twice)', written, 'events', 'events taken (202 × batch)', accepted, 1)
  if (written !== accepted) throw new Error(`analytics ingestion lost or doubled events: ${accepted} taken, ${written} written`)
}
