// The `analytics` part of `npm run bench`: fans' pages report what fans do to POST /api/events in
// batches (a page's worth, as `pagehide` sends it). Sustained events per second on the one web
// process flat out, the p99 of each request at the goal's rate, then an exact count: every event the endpoint took (202)
// must be in PostgreSQL once the buffer has flushed, none lost, none twice. Goals: ≥ 5,000
// events/s, p99 < 20 ms, 0 lost. Each request comes from another fan (user agent), so the
// per-visitor allowance holds them no more than a real crowd's.
import autocannon from 'autocannon'
import { withSystemDatabase } from './system-database.js'

// A fixed number of batches (not a duration): every request sent is answered before the count.
const BATCHES = Number(process.env.BENCH_ANALYTICS_BATCHES ?? 3_000)
const CONNECTIONS = Number(process.env.BENCH_ANALYTICS_CONNECTIONS ?? 10)
const EVENTS_PER_BATCH = 20
const FANS = 20_000
const GOAL_EVENTS_PER_SECOND = 5_000

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
  withSystemDatabase(
    databaseUrl,
    async (db) =>
      (await db.query(`select count(*)::int as n from analytics_events where company_id = $1`, [company])).rows[0].n,
  )

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
  let fan = 0
  const userAgent = () =>
    `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 fan-${fan++ % FANS}`
  /** Sends `amount` batches (every one answered before it returns) and checks each event taken was written once. */
  async function load(options) {
    const before = await countEvents(databaseUrl, company)
    const result = await autocannon({
      url: `${baseUrl}/api/events`,
      method: 'POST',
      connections: CONNECTIONS,
      pipelining: 1,
      body,
      ...options,
      setupClient(client) {
        const headers = () => ({
          'content-type': 'text/plain;charset=UTF-8',
          origin: baseUrl,
          'user-agent': userAgent(),
        })
        client.setHeaders(headers())
        client.on('response', () => client.setHeaders(headers()))
      },
    })
    if (result.errors > 0 || result.non2xx > 0)
      throw new Error(`analytics ingestion: ${result.errors} errors, ${result.non2xx} answers other than 202`)
    const accepted = result['2xx'] * EVENTS_PER_BATCH
    // The buffer writes every second; wait until it has, then a little longer (nothing may come twice).
    for (let i = 0; i < 50 && (await countEvents(databaseUrl, company)) - before < accepted; i++)
      await new Promise((resolve) => setTimeout(resolve, 200))
    await new Promise((resolve) => setTimeout(resolve, 1500))
    const written = (await countEvents(databaseUrl, company)) - before
    return { result, accepted, written, seconds: result.duration }
  }

  // As fast as the process takes them: the sustained rate.
  const flat = await load({ amount: BATCHES })
  console.log(
    `  analytics, flat out: ${flat.result['2xx']} batches of ${EVENTS_PER_BATCH} in ${flat.seconds.toFixed(1)} s from ${CONNECTIONS} connections, p50 ${flat.result.latency.p50} ms, p99 ${flat.result.latency.p99} ms; ${flat.accepted} taken, ${flat.written} written`,
  )
  // At the goal's rate (5,000 events/s): how long a fan's page waits for its answer then.
  const paced = await load({ amount: BATCHES, overallRate: GOAL_EVENTS_PER_SECOND / EVENTS_PER_BATCH })
  console.log(
    `  analytics, at ${GOAL_EVENTS_PER_SECOND} events/s: ${paced.result['2xx']} batches in ${paced.seconds.toFixed(1)} s, p50 ${paced.result.latency.p50} ms, p99 ${paced.result.latency.p99} ms; ${paced.accepted} taken, ${paced.written} written`,
  )
  report(
    'analytics ingestion, sustained (one web process)',
    flat.accepted / flat.seconds,
    'events/s',
    'goal',
    GOAL_EVENTS_PER_SECOND,
    1,
  )
  report(
    `analytics ingestion p99 per batch at ${GOAL_EVENTS_PER_SECOND} events/s`,
    paced.result.latency.p99,
    'ms',
    'goal',
    20,
    1,
    { lowerIsBetter: true },
  )
  const accepted = flat.accepted + paced.accepted
  const written = flat.written + paced.written
  report(
    'analytics events written after the load (0 lost, none twice)',
    written,
    'events',
    'events taken (202 × batch)',
    accepted,
    1,
  )
  if (written !== accepted)
    throw new Error(`analytics ingestion lost or doubled events: ${accepted} taken, ${written} written`)
}
