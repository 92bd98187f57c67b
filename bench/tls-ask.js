// The `tls` part of `npm run bench`: Caddy asks `GET /api/tls/ask?domain=…` before issuing a
// certificate for a host it has never seen, and waits for the answer while the visitor's TLS
// handshake waits too. The answer comes from an in-memory set; its p99 under load must stay far
// below a handshake's own cost (goal under 5 ms), for a known host and for a stranger alike.
import autocannon from 'autocannon'
import { median } from './median.js'
import { withSystemDatabase } from './system-database.js'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
// Caddy asks once per host name it has not seen, as that name's first visitor arrives: a handful
// at once is a busy moment (a festival's new domain shared on stage), not the page load's 20.
const CONNECTIONS = Number(process.env.BENCH_TLS_CONNECTIONS ?? 4)

async function p99Of(url, status) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, pipelining: 1 })
  const answered = result[status === 200 ? '2xx' : '4xx']
  const otherwise = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'] - answered
  if (result.errors > 0 || otherwise > 0 || answered === 0)
    throw new Error(`${url}: ${result.errors} errors, ${otherwise} answers other than ${status}`)
  return { p99: result.latency.p99, rps: result.requests.average }
}

export async function benchTlsAsk({ baseUrl, databaseUrl, report }) {
  const host = 'photos.demo-band.example'
  await withSystemDatabase(databaseUrl, (db) =>
    db.query(
      `insert into custom_domains (company_id, host, token, state, verified_at, approval)
       select id, $1, 'bench', 'verified', now(), 'approved' from companies where slug = 'demo'
       on conflict (host) do nothing`,
      [host],
    ),
  )
  const known = `${baseUrl}/api/tls/ask?domain=${host}`
  const stranger = `${baseUrl}/api/tls/ask?domain=unknown-${Date.now()}.example`
  // The app forgets and reloads its set on the change's notification: wait until it says yes.
  for (let i = 0; (await fetch(known)).status !== 200; i++) {
    if (i > 100) throw new Error('the ask endpoint never allowed the verified domain')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  if ((await fetch(stranger)).status !== 404) throw new Error('the ask endpoint allowed an unknown host')
  await p99Of(known, 200) // warm-up
  const knownRounds = []
  const strangerRounds = []
  for (let round = 0; round < 3; round++) {
    knownRounds.push(await p99Of(known, 200))
    strangerRounds.push(await p99Of(stranger, 404))
  }
  console.log(
    `  ask: ${knownRounds.map((r) => `${r.rps.toFixed(0)} req/s p99 ${r.p99} ms`).join(', ')} (verified); ${strangerRounds.map((r) => `${r.rps.toFixed(0)} req/s p99 ${r.p99} ms`).join(', ')} (unknown)`,
  )
  report(
    'TLS ask endpoint p99, verified domain (4 at once)',
    median(knownRounds.map((r) => r.p99)),
    'ms',
    'goal',
    5,
    1,
    { lowerIsBetter: true },
  )
  report(
    'TLS ask endpoint p99, unknown host (4 at once)',
    median(strangerRounds.map((r) => r.p99)),
    'ms',
    'goal',
    5,
    1,
    { lowerIsBetter: true },
  )
}
