// The `api` part of `npm run bench`: the public REST API's list endpoints with an Enterprise key
// (GET /api/v1/content and /api/v1/leads, 50 a page), requests per second and p99, next to the
// health check on the same app as the floor of what any request costs. Each API request also
// authenticates the key, counts it against the key's rate limit and writes an audit row.
import { createHash, randomBytes } from 'node:crypto'
import autocannon from 'autocannon'
import { median } from './median.js'
import { withSystemDatabase } from './system-database.js'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const CONNECTIONS = Number(process.env.BENCH_API_CONNECTIONS ?? 8)

async function measure(url, headers) {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS, pipelining: 1 })
  const others = result['1xx'] + result['3xx'] + result['4xx'] + result['5xx']
  if (result.errors > 0 || others > 0 || result['2xx'] === 0)
    throw new Error(`${url}: ${result.errors} errors, ${others} answers other than 2xx`)
  return { rps: result.requests.average, p99: result.latency.p99 }
}

export async function benchApi({ baseUrl, databaseUrl, report }) {
  const key = `ag_live_${randomBytes(32).toString('base64url')}`
  await withSystemDatabase(databaseUrl, async (db) => {
    // The demo company on Enterprise, 200 items and 500 leads to page through, and a key whose
    // per-minute allowance the bench cannot reach.
    await db.query(`update companies set plan = 'enterprise', plan_valid_until = null where slug = 'demo'`)
    await db.query(
      `insert into api_keys (company_id, name, prefix, key_hash, scopes, rate_limit_per_minute)
       select id, 'bench', $1, $2, array['content:read','leads:read'], 10000000 from companies where slug = 'demo'`,
      [key.slice(0, 14), createHash('sha256').update(key).digest('hex')],
    )
    await db.query(
      `insert into content_items (company_id, kind, slug, title, status)
       select c.id, 'gallery', 'bench-api-' || n, 'Bench gallery ' || n, 'draft' from companies c, generate_series(1, 200) n where c.slug = 'demo'
       on conflict do nothing`,
    )
    await db.query(
      `insert into leads (company_id, full_name, email, data_processing_consent)
       select c.id, 'Bench fan ' || n, 'bench-fan-' || n || '@example.test', true from companies c, generate_series(1, 500) n where c.slug = 'demo'`,
    )
  })
  const headers = { authorization: `Bearer ${key}` }
  const targets = [
    ['content', `${baseUrl}/api/v1/content?limit=50`],
    ['leads', `${baseUrl}/api/v1/leads?limit=50`],
  ]
  const health = `${baseUrl}/api/health`
  await measure(targets[0][1], headers) // warm-up
  const floor = []
  const rounds = Object.fromEntries(targets.map(([name]) => [name, []]))
  for (let round = 0; round < 3; round++) {
    floor.push(await measure(health, {}))
    for (const [name, url] of targets) rounds[name].push(await measure(url, headers))
  }
  const floorRps = median(floor.map((r) => r.rps))
  for (const [name] of targets) {
    const results = rounds[name]
    console.log(
      `  api ${name}: ${results.map((r) => `${r.rps.toFixed(0)} req/s p99 ${r.p99} ms`).join(', ')}; health ${floor.map((r) => `${r.rps.toFixed(0)} req/s`).join(', ')}`,
    )
    report(
      `API GET /api/v1/${name} (50 a page, key, ${CONNECTIONS} at once)`,
      median(results.map((r) => r.rps)),
      'req/s',
      'health check',
      floorRps,
      null,
    )
    report(
      `API GET /api/v1/${name} p99 (${CONNECTIONS} at once)`,
      median(results.map((r) => r.p99)),
      'ms',
      'goal',
      100,
      1,
      { lowerIsBetter: true },
    )
  }
}
