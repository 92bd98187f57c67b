// The `floods` part of `npm run bench` (issue 43): fans on a cached gallery page while one address
// floods the lead form, and while one page floods /api/events, against the same fans alone in the
// same run (interleaved rounds, medians). Goals: fans' throughput under each flood ≥ 0.8× of alone,
// their p99 ≤ 1.25× of alone (the same 0.8 the other way up). Then the cost of one refused post
// against one cached page, each flat out on its own (goal ≤ 2×). Everything targets 127.0.0.1,
// runs a fixed time per load and a fixed rate per flood. BENCH_FLOOD_SECONDS (5),
// BENCH_FLOOD_RATE (posts a second, 200: ten times what cost fans three quarters of the site in
// the issue), BENCH_FLOOD_FANS (connections, 10), BENCH_FLOOD_ROUNDS (3) size it.
import { URLSearchParams } from 'node:url'
import autocannon from 'autocannon'
import { peakMemoryDuring } from './fans-under-load.js'
import { median } from './median.js'
import { withSystemDatabase } from './system-database.js'

const SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 5)
const RATE = Number(process.env.BENCH_FLOOD_RATE ?? 200)
const FANS = Number(process.env.BENCH_FLOOD_FANS ?? 10)
const ROUNDS = Number(process.env.BENCH_FLOOD_ROUNDS ?? 3)
const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

async function demoTargets(databaseUrl, pagePath) {
  const slug = pagePath.split('/').pop()
  return withSystemDatabase(databaseUrl, async (db) => {
    const { rows } = await db.query(
      `select c.id as company, a.id as file
       from companies c join content_items i on i.company_id = c.id and i.slug = $1 and i.status = 'published'
       join assets a on a.content_item_id = i.id and a.media_type = 'image'
       where c.slug = 'demo' order by a.position limit 1`,
      [slug],
    )
    if (!rows[0]) throw new Error(`${pagePath} has no photo to leave details for`)
    return rows[0]
  })
}

const run = (options) => autocannon({ pipelining: 1, ...options })

/** Fans on the cached page, flat out for SECONDS: every answer must be a 200. */
async function fans(pageUrl) {
  const result = await run({ url: pageUrl, connections: FANS, duration: SECONDS })
  if (result.errors > 0 || result.non2xx > 0)
    throw new Error(`fans: ${result.errors} errors and ${result.non2xx} answers other than 200 under the flood`)
  return { rps: result.requests.average, p99: result.latency.p99 }
}

/**
 * One flood at RATE a second for SECONDS; what it was answered, by status. In a worker thread of
 * its own: on the fans' event loop, its timers would delay the fans' requests and add to their p99.
 */
async function flood(options) {
  const result = await run({
    connections: 4,
    duration: SECONDS,
    overallRate: RATE,
    method: 'POST',
    workers: 1,
    ...options,
  })
  return { refused: result['4xx'], taken: result['2xx'] + result['3xx'], errors: result.errors }
}

export async function benchFloods({ baseUrl, databaseUrl, pid, pagePath, report }) {
  const pageUrl = `${baseUrl}${pagePath}`
  const { company, file } = await demoTargets(databaseUrl, pagePath)
  const next = `/download/file/${file}`
  const lead = {
    url: `${baseUrl}/download/lead?next=${encodeURIComponent(next)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseUrl, cookie: 'lang=pt' },
    body: new URLSearchParams({
      next,
      fullName: 'Flood',
      email: 'flood@bench.test',
      privacyAccepted: 'on',
      dataProcessingConsent: 'on',
    }).toString(),
  }
  // One page sending full batches: past its allowance after three, then refused.
  const events = {
    url: `${baseUrl}/api/events`,
    headers: { 'content-type': 'text/plain;charset=UTF-8', origin: baseUrl, 'user-agent': `${BROWSER_UA} flood` },
    body: JSON.stringify({
      company,
      events: Array.from({ length: 100 }, () => ({ type: 'page_view', page: 'landing' })),
    }),
  }
  // The page is kept rendered, and each flood's address already refused, before anything is timed.
  await fans(pageUrl)
  const primed = await Promise.all([
    run({ ...lead, method: 'POST', connections: 1, amount: 40 }),
    run({ ...events, method: 'POST', connections: 1, amount: 10 }),
  ])
  if (primed.some((result) => result['4xx'] === 0)) throw new Error('a flood was never refused: nothing to measure')

  const alone = []
  const underLead = []
  const underEvents = []
  const floods = { lead: [], events: [] }
  console.log(
    `Floods: ${FANS} fans' connections on ${pagePath} for ${SECONDS} s per run, floods at ${RATE} posts/s, ${ROUNDS} interleaved rounds…`,
  )
  const peak = await peakMemoryDuring(pid, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      alone.push(await fans(pageUrl))
      const [withLead, leadFlood] = await Promise.all([fans(pageUrl), flood(lead)])
      underLead.push(withLead)
      floods.lead.push(leadFlood)
      const [withEvents, eventFlood] = await Promise.all([fans(pageUrl), flood(events)])
      underEvents.push(withEvents)
      floods.events.push(eventFlood)
    }
  })
  const figures = (runs) => runs.map((r) => `${r.rps.toFixed(0)} req/s p99 ${r.p99} ms`).join('; ')
  console.log(`  fans alone: ${figures(alone)}`)
  console.log(`  fans beside the lead flood: ${figures(underLead)}`)
  console.log(`  fans beside the events flood: ${figures(underEvents)}`)
  for (const [name, runs] of Object.entries(floods))
    console.log(
      `  ${name} flood: ${runs.map((r) => `${r.refused} refused, ${r.taken} taken, ${r.errors} errors`).join('; ')}`,
    )
  const rps = (runs) => median(runs.map((r) => r.rps))
  const p99 = (runs) => median(runs.map((r) => r.p99))
  for (const [name, runs] of [
    ['lead form', underLead],
    ['/api/events', underEvents],
  ]) {
    report(`fans' cached page under a ${RATE}/s ${name} flood`, rps(runs), 'req/s', 'fans alone', rps(alone), 0.8)
    report(`fans' p99 under a ${RATE}/s ${name} flood`, p99(runs), 'ms', 'fans alone', Math.max(1, p99(alone)), 1.25, {
      lowerIsBetter: true,
    })
  }
  report('web process resident memory, peak under the floods', peak, 'MB', 'goal', 500, 1, { lowerIsBetter: true })

  // One refused post against one cached page: each flat out on its own, same connections, interleaved.
  const page = []
  const refusedLead = []
  const refusedEvents = []
  const flatOut = async (options) => {
    const result = await run({ connections: FANS, duration: SECONDS, ...options })
    if (result.errors > 0) throw new Error(`${options.url}: ${result.errors} errors flat out`)
    return result.requests.average
  }
  for (let round = 0; round < ROUNDS; round++) {
    page.push(await flatOut({ url: pageUrl }))
    refusedLead.push(await flatOut({ ...lead, method: 'POST' }))
    refusedEvents.push(await flatOut({ ...events, method: 'POST' }))
  }
  // A cost is the inverse of a rate: the refusal's cost per the page's is the page's rate per the refusal's.
  report(
    'cost of one refused lead-form post',
    median(page) / median(refusedLead),
    '× a page',
    'one cached page',
    1,
    2,
    { lowerIsBetter: true },
  )
  report(
    'cost of one refused /api/events batch',
    median(page) / median(refusedEvents),
    '× a page',
    'one cached page',
    1,
    2,
    { lowerIsBetter: true },
  )
  console.log(
    `  flat out: cached page ${median(page).toFixed(0)} req/s, refused lead post ${median(refusedLead).toFixed(0)} req/s, refused events batch ${median(refusedEvents).toFixed(0)} req/s`,
  )
}
