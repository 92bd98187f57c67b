// Stripe's webhooks under load (issue 13): 1,000 deliveries with duplicates, shuffled, several in
// flight as Stripe sends them, through the built app's real endpoint and the real `stripe` SDK
// against the tests' local Stripe (tests/support/stripe-server.ts). Events per second next to the
// same deliveries refused at the signature check (the endpoint's floor), the p99 acknowledgement
// time against its goal, and the rows left behind: one per event, one per invoice.
import { median } from './median.js'
import { withSystemDatabase } from './system-database.js'

const DELIVERIES = 1000
/** Each company's life at Stripe gives 10 events: 70 companies, 700 distinct events, 300 duplicates. */
const COMPANIES = 70
const IN_FLIGHT = Number(process.env.BENCH_WEBHOOKS_IN_FLIGHT ?? 8)
const ROUNDS = 3
const P99_GOAL_MS = 200

/** The local Stripe with the app's prices, and what the app needs to use it. */
export async function startBenchStripe(vite) {
  const { startFakeStripe } = await vite.ssrLoadModule('/tests/support/stripe-server.ts')
  const { setUpStripePrices } = await vite.ssrLoadModule('/app/features/billing/server/set-up-stripe-prices.server.ts')
  const { stripeClient, stripeProvider } = await vite.ssrLoadModule(
    '/app/features/billing/server/stripe-provider.server.ts',
  )
  const { priceLookupKey } = await vite.ssrLoadModule('/app/features/billing/server/payment-provider.server.ts')
  const fake = await startFakeStripe()
  const client = stripeClient({ STRIPE_SECRET_KEY: fake.secretKey, STRIPE_API_URL: fake.url })
  await setUpStripePrices(client)
  return {
    fake,
    // Checkouts are opened with the app's own provider code, as create-checkout opens them.
    provider: stripeProvider(client),
    priceLookupKey,
    env: { STRIPE_SECRET_KEY: fake.secretKey, STRIPE_WEBHOOK_SECRET: fake.webhookSecret, STRIPE_API_URL: fake.url },
  }
}

/** Each company subscribes, moves to Enterprise, has a renewal fail and then paid, and cancels at period end. */
async function livesAtStripe({ fake, provider, priceLookupKey }, companyIds) {
  const events = []
  for (const companyId of companyIds) {
    const { url } = await provider.createCheckout({
      companyId,
      customerId: null,
      customerEmail: `billing-${companyId}@bench.test`,
      plan: 'professional',
      currency: 'EUR',
      successUrl: 'http://bench.test/ok',
      cancelUrl: 'http://bench.test/cancel',
    })
    const paid = fake.completeCheckout(url.split('/').pop())
    events.push(...paid.events)
    events.push(fake.updateSubscription(paid.subscription.id, { lookupKey: priceLookupKey('enterprise', 'EUR') }))
    const failed = fake.renew(paid.subscription.id, 'failed')
    events.push(...failed.events, ...fake.payInvoice(failed.invoice.id))
    events.push(fake.updateSubscription(paid.subscription.id, { cancelAtPeriodEnd: true }))
  }
  return events
}

function shuffle(items) {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1))
    ;[items[i], items[j]] = [items[j], items[i]]
  }
  return items
}

/** Delivers every event, IN_FLIGHT at a time: deliveries per second, the p99 acknowledgement time, the statuses. */
async function deliverAll(fake, webhookUrl, deliveries, options) {
  const latencies = []
  const statuses = {}
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < deliveries.length) {
        const event = deliveries[next++]
        const sent = performance.now()
        const { status } = await fake.deliver(webhookUrl, event, options)
        latencies.push(performance.now() - sent)
        statuses[status] = (statuses[status] ?? 0) + 1
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  return { perSecond: deliveries.length / seconds, p99: latencies[Math.ceil(latencies.length * 0.99) - 1], statuses }
}

/** What the deliveries left in the database, against what Stripe holds. */
async function rowsLeft(databaseUrl, { fake }, companyIds, eventIds) {
  return withSystemDatabase(databaseUrl, async (db) => {
    const events = (await db.query(`select count(*)::int as n from billing_events where id = any($1)`, [eventIds]))
      .rows[0].n
    const invoices = (
      await db.query(`select provider_invoice_id from invoices where company_id = any($1)`, [companyIds])
    ).rows
    const subscriptions = (
      await db.query(
        `select subscription_id, plan, status, cancel_at_period_end from subscriptions where company_id = any($1)`,
        [companyIds],
      )
    ).rows
    const issued = [...fake.invoices.values()].filter((invoice) =>
      companyIds.includes(invoice.parent.subscription_details.metadata.companyId),
    ).length
    const unlike = subscriptions.filter((row) => {
      const remote = fake.subscriptions.get(row.subscription_id)
      return (
        !remote ||
        remote.status !== row.status ||
        remote.cancel_at_period_end !== row.cancel_at_period_end ||
        row.plan !== 'enterprise'
      )
    }).length
    return {
      events,
      invoices: invoices.length,
      distinctInvoices: new Set(invoices.map((row) => row.provider_invoice_id)).size,
      issued,
      subscriptions: subscriptions.length,
      unlike,
    }
  })
}

export async function benchBillingWebhooks({ baseUrl, databaseUrl, stripe, report }) {
  const webhookUrl = `${baseUrl}/api/billing/webhook`
  const rates = []
  const floors = []
  const p99s = []
  for (let round = 0; round < ROUNDS; round++) {
    const companyIds = await withSystemDatabase(databaseUrl, async (db) => {
      const { rows } = await db.query(
        `insert into companies (id, name, slug) select gen_random_uuid()::text, 'Bench billing ' || i, 'bench-billing-${round}-' || i from generate_series(1, $1::int) as i returning id`,
        [COMPANIES],
      )
      return rows.map((row) => row.id)
    })
    const events = await livesAtStripe(stripe, companyIds)
    const duplicates = Array.from(
      { length: DELIVERIES - events.length },
      () => events[Math.floor(Math.random() * events.length)],
    )
    const deliveries = shuffle([...events, ...duplicates])

    // Interleaved, so the machine's good and bad moments fall on both alike.
    const floor = await deliverAll(stripe.fake, webhookUrl, deliveries, { secret: 'whsec_not_the_endpoint_secret' })
    if (floor.statuses[400] !== DELIVERIES)
      throw new Error(`deliveries with a wrong signature were not all refused: ${JSON.stringify(floor.statuses)}`)
    const processed = await deliverAll(stripe.fake, webhookUrl, deliveries)
    if (processed.statuses[200] !== DELIVERIES)
      throw new Error(`not every delivery was acknowledged: ${JSON.stringify(processed.statuses)}`)
    floors.push(floor.perSecond)
    rates.push(processed.perSecond)
    p99s.push(processed.p99)

    const left = await rowsLeft(databaseUrl, stripe, companyIds, [...new Set(events.map((event) => event.id))])
    const duplicateRows = left.events - events.length + (left.invoices - left.distinctInvoices)
    console.log(
      `  round ${round + 1}: ${processed.perSecond.toFixed(0)} events/s (refused at the signature: ${floor.perSecond.toFixed(0)}/s), p99 ${processed.p99.toFixed(1)} ms; ` +
        `${left.events} event rows for ${events.length} events, ${left.invoices} invoice rows for ${left.issued} invoices, ${left.unlike} of ${left.subscriptions} subscriptions unlike Stripe's; ${duplicateRows} duplicate rows`,
    )
    if (
      duplicateRows !== 0 ||
      left.events !== events.length ||
      left.invoices !== left.issued ||
      left.unlike !== 0 ||
      left.subscriptions !== COMPANIES
    ) {
      throw new Error('webhook processing left rows that are not Stripe’s state (see the line above)')
    }
  }
  report(
    `Stripe webhook deliveries applied (1,000 with duplicates, shuffled, ${IN_FLIGHT} in flight)`,
    median(rates),
    'events/s',
    'the same deliveries refused at the signature',
    median(floors),
    0.1,
  )
  report('Stripe webhook p99 acknowledgement, 0 duplicate rows', median(p99s), 'ms', 'goal', P99_GOAL_MS, 1, {
    lowerIsBetter: true,
  })
}
