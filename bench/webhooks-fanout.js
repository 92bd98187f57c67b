// Webhook fan-out (issue 17): 1,000 events emitted as the use-cases emit them (a delivery row and
// its pg-boss job in one transaction), sent by the built app's workers through the real queue,
// signed, to a local receiver. Deliveries per second next to the same 1,000 signed POSTs sent
// straight from here (the receiver's and the loopback's floor), and the count of messages lost
// or received twice, whose goal is 0.
import http from 'node:http'
import { median } from './median.js'
import { withSystemDatabase } from './system-database.js'

const EVENTS = 1000
const ROUNDS = Number(process.env.BENCH_WEBHOOK_ROUNDS ?? 3)
const IN_FLIGHT = 4

/** A receiving system that keeps the webhook-id of every request, per path. */
async function startReceiver() {
  const seen = new Map()
  const server = http.createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      const ids = seen.get(request.url) ?? []
      ids.push(request.headers['webhook-id'])
      seen.set(request.url, ids)
      response.writeHead(204).end()
    })
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: server.address().port,
    seen,
    close: () => new Promise((resolve) => server.close(resolve)),
  }
}

async function waitFor(probe, timeoutMs) {
  const deadline = Date.now() + timeoutMs
  while (!probe()) {
    if (Date.now() > deadline) return false
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return true
}

export async function benchWebhookFanout({ vite, databaseUrl, report }) {
  const { connectDatabase, withTenant } = await vite.ssrLoadModule('/app/lib/db.server.ts')
  const { startJobs } = await vite.ssrLoadModule('/app/jobs/queue.server.ts')
  const { deliverWebhookJob } = await vite.ssrLoadModule('/app/jobs/definitions/webhooks/deliver.ts')
  const { emitWebhookEvent } = await vite.ssrLoadModule('/app/features/webhooks/server/emit-webhook-event.server.ts')
  const { generateWebhookSecret, webhookHeaders } = await vite.ssrLoadModule(
    '/app/features/webhooks/server/webhook-signature.server.ts',
  )
  connectDatabase(databaseUrl, { max: 4 })
  // This process queues (as a web process does) and works nothing: the app's worker sends.
  const queue = await startJobs(databaseUrl, [deliverWebhookJob], {
    work: false,
  })
  const receiver = await startReceiver()
  const rates = []
  const floors = []
  let lostOrDoubled = 0
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const path = `/round-${round}`
      const secret = generateWebhookSecret()
      const companyId = await withSystemDatabase(databaseUrl, async (db) => {
        const { rows } = await db.query(
          `insert into companies (id, name, slug, plan) values (gen_random_uuid()::text, 'Bench webhooks ${round}', 'bench-webhooks-${round}-' || floor(random() * 1e9)::text, 'enterprise') returning id`,
        )
        await db.query(
          `insert into webhook_endpoints (company_id, url, events, secret) values ($1, $2, '["lead.created"]'::jsonb, $3)`,
          [rows[0].id, `http://127.0.0.1:${receiver.port}${path}`, secret],
        )
        return rows[0].id
      })

      // The floor: the same number of signed POSTs straight to the receiver, IN_FLIGHT at a time.
      const floorPath = `/floor-${round}`
      const body = JSON.stringify({
        type: 'lead.created',
        timestamp: new Date().toISOString(),
        data: { id: 'floor' },
      })
      let next = 0
      const floorStarted = performance.now()
      await Promise.all(
        Array.from({ length: IN_FLIGHT }, async () => {
          while (next < EVENTS) {
            const id = `msg_floor${round}_${next++}`
            const response = await fetch(`http://127.0.0.1:${receiver.port}${floorPath}`, {
              method: 'POST',
              headers: webhookHeaders(secret, id, body, new Date()),
              body,
            })
            await response.arrayBuffer()
          }
        }),
      )
      floors.push(EVENTS / ((performance.now() - floorStarted) / 1000))

      // The product: each event in its own transaction, as a lead capture emits it.
      const started = performance.now()
      for (let i = 0; i < EVENTS; i++) {
        await withTenant(companyId, (tx) =>
          emitWebhookEvent(tx, companyId, 'lead.created', {
            id: `bench-${round}-${i}`,
            email: `fan-${i}@bench.test`,
          }),
        )
      }
      const emitted = performance.now()
      const complete = await waitFor(() => (receiver.seen.get(path)?.length ?? 0) >= EVENTS, 300_000)
      // A moment more, so a duplicate arriving late is counted too.
      await new Promise((resolve) => setTimeout(resolve, 500))
      const ids = receiver.seen.get(path) ?? []
      const distinct = new Set(ids).size
      const seconds = (performance.now() - started) / 1000
      rates.push(distinct / seconds)
      const { rows } = await withSystemDatabase(databaseUrl, (db) =>
        db.query(`select state, count(*)::int as n from webhook_deliveries where company_id = $1 group by state`, [
          companyId,
        ]),
      )
      lostOrDoubled += EVENTS - distinct + (ids.length - distinct)
      console.log(
        `  round ${round + 1}: ${EVENTS} events emitted in ${((emitted - started) / 1000).toFixed(1)} s, ${distinct} delivered in ${seconds.toFixed(1)} s (${(distinct / seconds).toFixed(0)}/s${complete ? '' : ', timed out'}), ` +
          `${ids.length - distinct} received twice; deliveries ${rows.map((row) => `${row.state} ${row.n}`).join(', ')}; straight POSTs ${floors.at(-1).toFixed(0)}/s`,
      )
    }
  } finally {
    await receiver.close()
    await queue.stop()
  }
  report(
    `webhook fan-out through the queue (${EVENTS} events, signed, to a local receiver)`,
    median(rates),
    'deliveries/s',
    `the same ${EVENTS} signed POSTs sent straight`,
    median(floors),
    null,
  )
  report('webhook messages lost or received twice', lostOrDoubled, 'messages', 'goal', 0, 1, {
    lowerIsBetter: true,
    absolute: true,
  })
}
