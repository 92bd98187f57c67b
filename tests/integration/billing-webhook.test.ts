import { asc, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { billingEvent, invoice, organization, subscription } from '#db/schema'
import { GRACE_DAYS } from '#app/features/billing/effective-plan'
import { setUpStripePrices } from '#app/features/billing/server/set-up-stripe-prices.server'
import { stripeClient } from '#app/features/billing/server/stripe-provider.server'
import { withSystem } from '#app/lib/db.server'
import type { AppProcess } from '../support/app-process'
import { createCompanyAdmin, createMemberWithRole } from '../support/fixtures'
import { TestClient } from '../support/http-client'
import { startSecondApp } from '../support/second-app'
import { startFakeStripe, type FakeEvent, type FakeStripe } from '../support/stripe-server'
import { waitUntil } from '../support/wait'

/*
 * Card payments through Stripe, proven without reaching Stripe: a second app configured with
 * STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_API_URL runs the real `stripe` SDK against
 * a local server speaking Stripe's API (tests/support/stripe-server.ts), which plays Stripe's side
 * and delivers events signed by the SDK's own test signer to the app's webhook.
 */

const DAY = 86_400_000

let fake: FakeStripe
let second: AppProcess
let secondUrl = ''
let webhookUrl = ''

beforeAll(async () => {
  fake = await startFakeStripe()
  // The prices `npm run billing:setup` makes (the script itself is tested in scripts/billing-setup.test.ts).
  await setUpStripePrices(stripeClient({ STRIPE_SECRET_KEY: fake.secretKey, STRIPE_API_URL: fake.url }))
  const started = await startSecondApp({
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
    STRIPE_API_URL: fake.url,
    PROCESS_ROLE: 'web',
  })
  second = started.app
  secondUrl = started.url
  webhookUrl = `${secondUrl}/api/billing/webhook`
})

afterAll(async () => {
  await second?.stop()
  await fake?.close()
})

/** A new company's admin, signed in on the Stripe-configured app. */
async function stripeAdmin(prefix: string) {
  const admin = await createCompanyAdmin(prefix)
  const client = new TestClient(secondUrl, admin.client.localAddress)
  for (const [name, value] of admin.client.cookies) client.setCookie(name, value)
  return { ...admin, client }
}

async function openCheckout(client: TestClient, plan: string, currency: string) {
  const response = await client.postJson('/api/billing/create-checkout', { plan, currency })
  expect(response.status, response.text).toBe(200)
  const { url } = response.json<{ url: string }>()
  return { url, sessionId: url.split('/').pop()! }
}

/** A company whose admin went through checkout and paid at Stripe; nothing delivered to the app yet. */
async function paidCheckout(prefix: string, plan = 'professional', currency = 'EUR') {
  const admin = await stripeAdmin(prefix)
  const { sessionId } = await openCheckout(admin.client, plan, currency)
  return { admin, ...fake.completeCheckout(sessionId) }
}

const deliver = (event: FakeEvent, options?: Parameters<FakeStripe['deliver']>[2]) =>
  fake.deliver(webhookUrl, event, options)
const eventOf = (events: FakeEvent[], type: string) => events.find((event) => event.type === type)!

async function applied(event: FakeEvent) {
  const answer = await deliver(event)
  expect(answer.status, answer.text).toBe(200)
  return answer.json as { received: true; duplicate: boolean }
}

/** What the app holds for a company: its row, its subscription, its invoices, the events recorded for it. */
async function storedFor(companyId: string) {
  return withSystem(async (tx) => {
    const [company] = await tx
      .select({ plan: organization.plan, planValidUntil: organization.planValidUntil })
      .from(organization)
      .where(eq(organization.id, companyId))
    const [stored] = await tx.select().from(subscription).where(eq(subscription.companyId, companyId))
    const invoices = await tx
      .select()
      .from(invoice)
      .where(eq(invoice.companyId, companyId))
      .orderBy(asc(invoice.issuedAt), asc(invoice.amount))
    return { company, subscription: stored ?? null, invoices }
  })
}

const recordedEvents = (ids: string[]) =>
  withSystem((tx) => tx.select().from(billingEvent).where(inArray(billingEvent.id, ids)))

const periodEndOf = (id: string) => new Date(fake.subscription(id).items.data[0].current_period_end * 1000)

describe('checkout and the portal through Stripe', () => {
  it('opens Stripe Checkout with the price found by its lookup key, in the currency asked, for this company', async () => {
    const admin = await stripeAdmin('stcheckout')
    const { url, sessionId } = await openCheckout(admin.client, 'enterprise', 'BRL')
    expect(url).toBe(`${fake.url}/c/pay/${sessionId}`)
    const lookup = fake.callsTo(/^\/v1\/prices$/).at(-1)!
    expect(lookup.params).toMatchObject({ lookup_keys: ['afterglow_enterprise_brl_monthly'], active: 'true' })
    const price = fake.priceByLookupKey('afterglow_enterprise_brl_monthly')!
    expect(fake.checkoutLines.get(sessionId)).toEqual({
      price: price.id,
      quantity: 1,
      subscriptionMetadata: { companyId: admin.company.id, plan: 'enterprise' },
    })
    expect(fake.checkoutSessions.get(sessionId)).toMatchObject({
      mode: 'subscription',
      currency: 'brl',
      amount_total: 14900,
      client_reference_id: admin.company.id,
      customer: null,
      customer_email: admin.credentials.email,
      metadata: { companyId: admin.company.id, plan: 'enterprise' },
      success_url: expect.stringMatching(/\/admin\/subscription\?checkout=success$/),
      cancel_url: expect.stringMatching(/\/admin\/subscription\?checkout=cancelled$/),
    })

    // Euros for the other plan: another price, by its own key.
    const euros = await openCheckout(admin.client, 'professional', 'EUR')
    expect(fake.checkoutLines.get(euros.sessionId)?.price).toBe(
      fake.priceByLookupKey('afterglow_professional_eur_monthly')!.id,
    )
    expect(fake.checkoutSessions.get(euros.sessionId)?.amount_total).toBe(1200)
  })

  it('keeps a trial under way at Stripe: trialing until the trial’s end, charged nothing before it', async () => {
    const admin = await stripeAdmin('sttrialbuy')
    expect((await admin.client.postJson('/api/billing/start-trial', {})).json().trialStarted).toBe(true)
    const [{ trialEndsAt }] = await withSystem((tx) =>
      tx
        .select({ trialEndsAt: organization.trialEndsAt })
        .from(organization)
        .where(eq(organization.id, admin.company.id)),
    )
    const { sessionId } = await openCheckout(admin.client, 'professional', 'EUR')
    const trialEnd = Math.floor(trialEndsAt!.getTime() / 1000)
    expect(fake.checkoutLines.get(sessionId)?.trialEnd).toBe(trialEnd)
    const { events, subscription: created } = fake.completeCheckout(sessionId)
    for (const event of events) await applied(event)
    const held = await storedFor(admin.company.id)
    expect(held.subscription).toMatchObject({ status: 'trialing', plan: 'professional' })
    expect(held.subscription!.currentPeriodEnd).toEqual(new Date(trialEnd * 1000))
    expect(held.company.plan).toBe('professional')
    expect(held.invoices.map((row) => row.amount)).toEqual([0])
    expect(periodEndOf(created.id)).toEqual(new Date(trialEnd * 1000))
  })

  it('says the spec’s checkout error when the price is missing at Stripe, and opens nothing', async () => {
    const admin = await stripeAdmin('stnoprice')
    const price = fake.priceByLookupKey('afterglow_professional_usd_monthly')!
    const sessions = fake.checkoutSessions.size
    price.active = false
    try {
      const refused = await admin.client.postJson('/api/billing/create-checkout', {
        plan: 'professional',
        currency: 'USD',
      })
      expect(refused.status).toBe(500)
      expect(refused.json().error).toEqual({
        messageKey: 'billing.errors.checkout',
        message: 'Error creating the payment session. Please try again.',
      })
    } finally {
      price.active = true
    }
    expect(fake.checkoutSessions.size).toBe(sessions)
  })

  it('opens the customer portal for the customer Stripe gave the company, once it has a subscription, for admins only', async () => {
    const { admin, customer, events } = await paidCheckout('stportal')
    expect((await admin.client.postJson('/api/billing/customer-portal', {})).json().error.messageKey).toBe(
      'billing.errors.noSubscription',
    )
    await applied(eventOf(events, 'checkout.session.completed'))
    const portal = await admin.client.postJson('/api/billing/customer-portal', {})
    expect(portal.status, portal.text).toBe(200)
    const id = portal.json().url.split('/').pop()
    expect(portal.json().url).toBe(`${fake.url}/p/session/${id}`)
    expect(fake.portalSessions.get(id)).toMatchObject({
      customer: customer.id,
      return_url: expect.stringMatching(/\/admin\/subscription$/),
    })

    const manager = await createMemberWithRole(admin.company.id, 'manager')
    const onSecond = new TestClient(secondUrl, manager.localAddress)
    for (const [name, value] of manager.cookies) onSecond.setCookie(name, value)
    expect((await onSecond.postJson('/api/billing/customer-portal', {})).status).toBe(403)
    // A second checkout for a subscribed company is refused: changes go through the portal.
    expect(
      (await admin.client.postJson('/api/billing/create-checkout', { plan: 'enterprise', currency: 'EUR' })).json()
        .error.messageKey,
    ).toBe('billing.errors.alreadySubscribed')
  })
})

describe('the webhook’s signature', () => {
  it('answers 400 to a wrong secret, a stale timestamp, a signature of other bytes or none, and changes nothing; the same event signed now is applied', async () => {
    const { admin, subscription: paid, events } = await paidCheckout('stsig')
    const completed = eventOf(events, 'checkout.session.completed')
    const now = Math.floor(Date.now() / 1000)
    const refusals = [
      await deliver(completed, { secret: 'whsec_not_the_endpoint_secret' }),
      // Stripe's tolerance is 5 minutes: a replay of a captured delivery is refused.
      await deliver(completed, { timestamp: now - 301 }),
      await deliver(completed, { signature: fake.sign(JSON.stringify({ ...completed, id: 'evt_other' })) }),
      await deliver(completed, { signature: '' }),
      await deliver(completed, { signature: `t=${now},v1=${'0'.repeat(64)}` }),
    ]
    expect(refusals.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 400])
    expect(refusals[0].json).toEqual({ error: 'invalid signature' })
    expect(await recordedEvents([completed.id])).toEqual([])
    expect(fake.callsTo(new RegExp(`^/v1/subscriptions/${paid.id}$`))).toEqual([])
    expect(await storedFor(admin.company.id)).toMatchObject({
      company: { plan: 'starter' },
      subscription: null,
      invoices: [],
    })

    // Signed 4 minutes ago: inside the tolerance.
    expect((await deliver(completed, { timestamp: now - 240 })).status).toBe(200)
    expect((await storedFor(admin.company.id)).company.plan).toBe('professional')
  })
})

describe('each Stripe event, as the app shows it', () => {
  it('checkout.session.completed: the company is on the plan it paid for, and check-subscription says so', async () => {
    const { admin, customer, subscription: paid, events } = await paidCheckout('stcompleted')
    expect(await applied(eventOf(events, 'checkout.session.completed'))).toEqual({ received: true, duplicate: false })
    const stored = await storedFor(admin.company.id)
    expect(stored.company).toEqual({ plan: 'professional', planValidUntil: null })
    expect(stored.subscription).toMatchObject({
      provider: 'stripe',
      customerId: customer.id,
      subscriptionId: paid.id,
      plan: 'professional',
      status: 'active',
      currency: 'EUR',
      unitAmount: 1200,
      cancelAtPeriodEnd: false,
      pastDueSince: null,
      billingEmail: admin.credentials.email,
    })
    expect(stored.subscription?.currentPeriodEnd).toEqual(periodEndOf(paid.id))
    const [recorded] = await recordedEvents([eventOf(events, 'checkout.session.completed').id])
    expect(recorded).toMatchObject({
      provider: 'stripe',
      type: 'checkout.session.completed',
      companyId: admin.company.id,
    })

    const check = await admin.client.postJson('/api/billing/check-subscription', {})
    expect(check.json()).toEqual({
      subscribed: true,
      subscription_tier: 'professional',
      subscription_end: periodEndOf(paid.id).toISOString(),
      trial_active: false,
      trial_end: null,
    })
    // An event the app does not act on is acknowledged, so Stripe stops sending it.
    expect(await applied(eventOf(events, 'customer.created'))).toEqual({ received: true, duplicate: false })
  })

  it('customer.subscription.created alone (checkout’s event lost) still finds the company from the subscription', async () => {
    const { admin, subscription: paid, events } = await paidCheckout('stcreated', 'enterprise', 'USD')
    await applied(eventOf(events, 'customer.subscription.created'))
    const stored = await storedFor(admin.company.id)
    expect(stored.company.plan).toBe('enterprise')
    expect(stored.subscription).toMatchObject({
      subscriptionId: paid.id,
      plan: 'enterprise',
      currency: 'USD',
      unitAmount: 3700,
      status: 'active',
    })
  })

  it('invoice.paid: the invoice is in the billing history of the subscription page, with its link', async () => {
    const { admin, invoice: paidInvoice, events } = await paidCheckout('stinvoice')
    // Delivered before checkout's own event: the invoice names the subscription, the subscription the company.
    await applied(eventOf(events, 'invoice.paid'))
    const stored = await storedFor(admin.company.id)
    expect(stored.company.plan).toBe('professional')
    expect(stored.invoices).toEqual([
      expect.objectContaining({
        provider: 'stripe',
        providerInvoiceId: paidInvoice.id,
        number: paidInvoice.number,
        amount: 1200,
        currency: 'EUR',
        status: 'paid',
        hostedUrl: paidInvoice.hosted_invoice_url,
        pdfUrl: paidInvoice.invoice_pdf,
        issuedAt: new Date(paidInvoice.created * 1000),
      }),
    ])
    const page = await admin.client.get('/admin/subscription')
    expect(page.status).toBe(200)
    expect(page.text).toContain('data-testid="invoice-row"')
    expect(page.text).toContain(paidInvoice.number!)
    expect(page.text).toContain(`href="${paidInvoice.invoice_pdf}"`)
  })

  it('customer.subscription.updated: a plan changed in the portal and a cancellation at period end reach the company', async () => {
    const { admin, subscription: paid, events } = await paidCheckout('stupdated')
    await applied(eventOf(events, 'checkout.session.completed'))
    // The portal swaps the price; the subscription's metadata still says what checkout sold.
    await applied(fake.updateSubscription(paid.id, { lookupKey: 'afterglow_enterprise_eur_monthly' }))
    let stored = await storedFor(admin.company.id)
    expect(stored.company).toEqual({ plan: 'enterprise', planValidUntil: null })
    expect(stored.subscription).toMatchObject({ plan: 'enterprise', unitAmount: 3700, currency: 'EUR' })

    await applied(fake.updateSubscription(paid.id, { cancelAtPeriodEnd: true }))
    stored = await storedFor(admin.company.id)
    expect(stored.subscription?.cancelAtPeriodEnd).toBe(true)
    // Enterprise until the paid period ends, then Starter.
    expect(stored.company).toEqual({ plan: 'enterprise', planValidUntil: periodEndOf(paid.id) })
    expect((await admin.client.postJson('/api/billing/check-subscription', {})).json()).toMatchObject({
      subscribed: true,
      subscription_tier: 'enterprise',
      subscription_end: periodEndOf(paid.id).toISOString(),
    })

    await applied(fake.updateSubscription(paid.id, { cancelAtPeriodEnd: false }))
    expect((await storedFor(admin.company.id)).company).toEqual({ plan: 'enterprise', planValidUntil: null })
  })

  it('customer.subscription.trial_will_end: the app takes the trial’s end from Stripe, not from the event', async () => {
    const { admin, subscription: paid, events } = await paidCheckout('sttrial')
    await applied(eventOf(events, 'checkout.session.completed'))
    const trialEnd = Math.floor(Date.now() / 1000) + 3 * 86_400
    fake.updateSubscription(paid.id, { status: 'trialing', trialEnd })
    const reminder = fake.trialWillEnd(paid.id)
    // Stripe moved the trial on after sending the reminder: the app must end up with Stripe's date.
    fake.updateSubscription(paid.id, { trialEnd: trialEnd + 86_400 })
    await applied(reminder)
    const stored = await storedFor(admin.company.id)
    expect(stored.subscription).toMatchObject({
      status: 'trialing',
      currentPeriodEnd: new Date((trialEnd + 86_400) * 1000),
    })
    expect(stored.company).toEqual({ plan: 'professional', planValidUntil: new Date((trialEnd + 86_400) * 1000) })
  })

  it('invoice.payment_failed: the plan holds for the grace period from the first failure; invoice.paid after a retry ends it', async () => {
    const { admin, subscription: paid, events } = await paidCheckout('stfailed')
    await applied(eventOf(events, 'checkout.session.completed'))
    const renewal = fake.renew(paid.id, 'failed')
    const before = Date.now()
    await applied(eventOf(renewal.events, 'invoice.payment_failed'))
    let stored = await storedFor(admin.company.id)
    expect(stored.subscription?.status).toBe('past_due')
    const since = stored.subscription!.pastDueSince!.getTime()
    expect(since).toBeGreaterThanOrEqual(before - 1000)
    expect(stored.company).toEqual({ plan: 'professional', planValidUntil: new Date(since + GRACE_DAYS * DAY) })
    expect(stored.invoices.find((row) => row.providerInvoiceId === renewal.invoice.id)).toMatchObject({
      status: 'open',
      amount: 1200,
    })
    expect((await admin.client.postJson('/api/billing/check-subscription', {})).json()).toMatchObject({
      subscribed: true,
      subscription_tier: 'professional',
    })
    // Stripe's own subscription.updated for the same failure does not restart the grace period.
    await applied(eventOf(renewal.events, 'customer.subscription.updated'))
    expect((await storedFor(admin.company.id)).subscription?.pastDueSince?.getTime()).toBe(since)

    for (const event of fake.payInvoice(renewal.invoice.id)) await applied(event)
    stored = await storedFor(admin.company.id)
    expect(stored.subscription).toMatchObject({ status: 'active', pastDueSince: null })
    expect(stored.company).toEqual({ plan: 'professional', planValidUntil: null })
    expect(stored.invoices.filter((row) => row.providerInvoiceId === renewal.invoice.id)).toEqual([
      expect.objectContaining({ status: 'paid', amount: 1200 }),
    ])
  })

  it('customer.subscription.deleted: the company is back on Starter, its invoices kept', async () => {
    const { admin, subscription: paid, events } = await paidCheckout('stdeleted')
    for (const type of ['checkout.session.completed', 'invoice.paid']) await applied(eventOf(events, type))
    await applied(fake.endSubscription(paid.id))
    const stored = await storedFor(admin.company.id)
    expect(stored.subscription?.status).toBe('canceled')
    expect(stored.company).toEqual({ plan: 'starter', planValidUntil: null })
    expect(stored.invoices).toHaveLength(1)
    expect((await admin.client.postJson('/api/billing/check-subscription', {})).json()).toEqual({
      subscribed: false,
      subscription_tier: 'starter',
      subscription_end: null,
      trial_active: false,
      trial_end: null,
    })
    // Subscribing again is open once more.
    expect(
      (await admin.client.postJson('/api/billing/create-checkout', { plan: 'professional', currency: 'EUR' })).status,
    ).toBe(200)
  })
})

describe('duplicates, disorder and failures', () => {
  it('records the same event delivered 5 times at once once, applies it once, and acknowledges every delivery', async () => {
    const { admin, invoice: paidInvoice, events } = await paidCheckout('stdup')
    const paidEvent = eventOf(events, 'invoice.paid')
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(paidEvent)))
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200])
    expect(answers.filter((answer) => answer.json.duplicate === false)).toHaveLength(1)
    expect(await recordedEvents([paidEvent.id])).toHaveLength(1)
    // Applied once: Stripe was asked for the invoice once, and there is one invoice row.
    expect(fake.callsTo(new RegExp(`^/v1/invoices/${paidInvoice.id}$`))).toHaveLength(1)
    expect((await storedFor(admin.company.id)).invoices).toHaveLength(1)
  })

  it('ends a subscription’s whole life replayed 3 times in shuffled order where one ordered pass ends, with no duplicate rows', async () => {
    // Two companies live the same life at Stripe, stamped by the same clock.
    const start = Math.floor(Date.now() / 1000)
    const life = async (prefix: string) => {
      const admin = await stripeAdmin(prefix)
      const step = (days: number) => (fake.clock = start + days * 86_400)
      step(0)
      const first = fake.completeCheckout((await openCheckout(admin.client, 'professional', 'EUR')).sessionId)
      const events = [...first.events]
      step(2)
      events.push(fake.updateSubscription(first.subscription.id, { lookupKey: 'afterglow_enterprise_eur_monthly' }))
      step(31)
      const failed = fake.renew(first.subscription.id, 'failed')
      events.push(...failed.events)
      step(33)
      events.push(...fake.payInvoice(failed.invoice.id))
      step(40)
      events.push(fake.updateSubscription(first.subscription.id, { cancelAtPeriodEnd: true }))
      step(62)
      events.push(fake.endSubscription(first.subscription.id))
      // Back a week later on a new subscription, in dollars.
      step(69)
      const again = fake.completeCheckout((await openCheckout(admin.client, 'enterprise', 'USD')).sessionId)
      events.push(...again.events)
      step(99)
      events.push(...fake.renew(again.subscription.id, 'paid').events)
      fake.clock = null
      return { admin, events, final: again.subscription.id }
    }
    const ordered = await life('stordered')
    const shuffled = await life('stshuffled')
    expect(ordered.events.length).toBe(17)

    for (const event of ordered.events) await applied(event)

    // Each event 3 times, in an order of their own, four deliveries in flight at a time as Stripe does.
    const seed = Date.now() % 100_000
    const deliveries = shuffle([...shuffled.events, ...shuffled.events, ...shuffled.events], seed)
    const statuses: number[] = []
    for (let next = 0; next < deliveries.length; next += 4) {
      const answers = await Promise.all(deliveries.slice(next, next + 4).map((event) => deliver(event)))
      statuses.push(...answers.map((answer) => answer.status))
    }
    expect(
      statuses.every((status) => status === 200),
      `seed ${seed}: ${statuses.join(',')}`,
    ).toBe(true)

    const shape = async (companyId: string) => {
      const stored = await storedFor(companyId)
      const { plan, status, currency, unitAmount, currentPeriodEnd, cancelAtPeriodEnd, pastDueSince } =
        stored.subscription!
      return {
        company: stored.company,
        subscription: { plan, status, currency, unitAmount, currentPeriodEnd, cancelAtPeriodEnd, pastDueSince },
        invoices: stored.invoices.map(({ amount, currency, status, issuedAt }) => ({
          amount,
          currency,
          status,
          issuedAt,
        })),
      }
    }
    const expected = await shape(ordered.admin.company.id)
    expect(await shape(shuffled.admin.company.id), `seed ${seed}`).toEqual(expected)
    // And that is Stripe's state: the new subscription, active on Enterprise in dollars; every invoice paid.
    expect(expected.company).toEqual({ plan: 'enterprise', planValidUntil: null })
    expect(expected.subscription).toEqual({
      plan: 'enterprise',
      status: 'active',
      currency: 'USD',
      unitAmount: 3700,
      currentPeriodEnd: periodEndOf(shuffled.final),
      cancelAtPeriodEnd: false,
      pastDueSince: null,
    })
    expect(expected.invoices.map((row) => `${row.amount} ${row.currency} ${row.status}`)).toEqual([
      '1200 EUR paid',
      '3700 EUR paid',
      '3700 USD paid',
      '3700 USD paid',
    ])
    expect((await storedFor(shuffled.admin.company.id)).subscription?.subscriptionId).toBe(shuffled.final)

    // No duplicate rows: each event recorded once, each invoice once.
    const ids = [...new Set(shuffled.events.map((event) => event.id))]
    expect(await recordedEvents(ids)).toHaveLength(ids.length)
    const invoiceIds = withSystem((tx) =>
      tx
        .select({ id: invoice.providerInvoiceId })
        .from(invoice)
        .where(eq(invoice.companyId, shuffled.admin.company.id)),
    )
    expect((await invoiceIds).length).toBe(4)
  })

  it('takes an invoice’s latest state when its events cross in flight', async () => {
    const { admin, subscription: paid, events } = await paidCheckout('stcross')
    await applied(eventOf(events, 'checkout.session.completed'))
    const renewal = fake.renew(paid.id, 'failed')
    // The failure's delivery reads the invoice while it is open, and its answer is slow to come back…
    fake.delay(new RegExp(`^/v1/invoices/${renewal.invoice.id}$`), 1500)
    const failure = deliver(eventOf(renewal.events, 'invoice.payment_failed'))
    await waitUntil(() => fake.callsTo(new RegExp(`^/v1/invoices/${renewal.invoice.id}$`)).length === 1, {
      timeoutMs: 10_000,
      intervalMs: 20,
    })
    // …while the retry succeeds at Stripe and its event arrives.
    const paidEvents = fake.payInvoice(renewal.invoice.id)
    const [failed, ...paidAnswers] = await Promise.all([failure, ...paidEvents.map((event) => deliver(event))])
    expect([failed.status, ...paidAnswers.map((answer) => answer.status)]).toEqual([200, 200, 200])
    const stored = await storedFor(admin.company.id)
    expect(stored.invoices.find((row) => row.providerInvoiceId === renewal.invoice.id)?.status).toBe('paid')
    expect(stored.subscription).toMatchObject({ status: 'active', pastDueSince: null })
  })

  it('answers 500 when the event cannot be applied, keeps nothing of it, and applies it when Stripe delivers it again', async () => {
    const { admin, subscription: paid, events } = await paidCheckout('stretry')
    const completed = eventOf(events, 'checkout.session.completed')
    fake.fail(new RegExp(`^/v1/subscriptions/${paid.id}$`), { status: 500 })
    const failed = await deliver(completed)
    expect(failed.status).toBe(500)
    expect(failed.json).toEqual({ error: 'processing failed' })
    // The SDK tried Stripe more than once before giving up.
    expect(fake.callsTo(new RegExp(`^/v1/subscriptions/${paid.id}$`)).length).toBeGreaterThan(1)
    expect(await recordedEvents([completed.id])).toEqual([])
    expect(await storedFor(admin.company.id)).toMatchObject({ company: { plan: 'starter' }, subscription: null })

    fake.failures.length = 0
    // Stripe's retry: the same event, signed anew.
    expect(await applied(completed)).toEqual({ received: true, duplicate: false })
    expect(await recordedEvents([completed.id])).toHaveLength(1)
    expect((await storedFor(admin.company.id)).company.plan).toBe('professional')
  })
})

/** A repeatable shuffle (the seed is printed when a replay goes wrong). */
function shuffle<T>(items: T[], seed: number) {
  let state = seed || 1
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    return state / 2 ** 31
  }
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[items[i], items[j]] = [items[j], items[i]]
  }
  return items
}
