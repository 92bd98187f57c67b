import { randomBytes } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { organization, testBillingObject } from '#db/schema'
import { withSystem, type Transaction } from '#app/lib/db.server'
import { getEnv } from '#app/lib/env.server'
import { AppError } from '#app/lib/errors'
import { monthlyAmountInCents, type Currency, type PlanId } from '../plans'
import type {
  CheckoutInput,
  PaymentProvider,
  ProviderEvent,
  ProviderInvoice,
  ProviderSubscription,
} from './payment-provider.server'
import { processBillingEvent } from './process-billing-event.server'

/*
 * The built-in test payment provider (no STRIPE_SECRET_KEY): Stripe's part played inside the app.
 * Its checkout and portal are pages of this app (/billing/test-checkout, /billing/test-portal);
 * its records live in test_billing_objects; what happens there is announced as Stripe's events
 * would be, through the same processing as Stripe's webhooks.
 */

type Card = { brand: string; last4: string; expMonth: number; expYear: number }
export type TestCheckout = {
  companyId: string
  customerId: string | null
  customerEmail: string
  plan: PlanId
  currency: Currency
  successUrl: string
  cancelUrl: string
  /** ISO time of the first charge when bought during the trial (as Stripe's trial_end), else null. */
  firstChargeAt: string | null
  status: 'open' | 'complete'
}
export type TestCustomer = { email: string; companyId: string; card: Card | null }
export type TestSubscription = {
  customerId: string
  companyId: string
  plan: PlanId
  currency: Currency
  unitAmount: number
  status: string
  currentPeriodEnd: string
  cancelAtPeriodEnd: boolean
}
export type TestInvoice = {
  subscriptionId: string
  customerId: string
  number: string
  amount: number
  currency: Currency
  status: string
  issuedAt: string
}
export type TestPortalSession = { customerId: string; returnUrl: string }
type Kinds = {
  checkout: TestCheckout
  customer: TestCustomer
  subscription: TestSubscription
  invoice: TestInvoice
  portal: TestPortalSession
}
type Kind = keyof Kinds

const PREFIX: Record<Kind, string> = {
  checkout: 'cs_test_',
  customer: 'cus_test_',
  subscription: 'sub_test_',
  invoice: 'in_test_',
  portal: 'bps_test_',
}
const newId = (kind: Kind | 'event') =>
  `${kind === 'event' ? 'evt_test_' : PREFIX[kind]}${randomBytes(12).toString('hex')}`

/** Card numbers Stripe documents for testing: these succeed; the decline numbers below fail with their reason. */
export const TEST_CARDS_DECLINED: Record<string, string> = {
  '4000000000000002': 'billing.testProvider.declined',
  '4000000000009995': 'billing.testProvider.insufficientFunds',
  '4000000000000069': 'billing.testProvider.expired',
}

async function read<K extends Kind>(tx: Transaction, kind: K, id: string, lock = false): Promise<Kinds[K] | null> {
  const query = tx
    .select({ data: testBillingObject.data })
    .from(testBillingObject)
    .where(and(eq(testBillingObject.id, id), eq(testBillingObject.kind, kind)))
  const [row] = await (lock ? query.for('update') : query)
  return (row?.data as Kinds[K] | undefined) ?? null
}

async function write<K extends Kind>(tx: Transaction, kind: K, id: string, data: Kinds[K]) {
  await tx
    .insert(testBillingObject)
    .values({ id, kind, data })
    .onConflictDoUpdate({ target: testBillingObject.id, set: { data } })
}

function addMonth(date: Date) {
  const next = new Date(date)
  next.setUTCMonth(next.getUTCMonth() + 1)
  return next
}

export const testProvider: PaymentProvider = {
  name: 'test',
  async createCheckout(input: CheckoutInput) {
    const id = newId('checkout')
    const checkout: TestCheckout = {
      ...input,
      firstChargeAt: input.firstChargeAt?.toISOString() ?? null,
      status: 'open',
    }
    await withSystem((tx) => write(tx, 'checkout', id, checkout))
    return { url: `${getEnv().APP_URL}/billing/test-checkout/${id}` }
  },
  async createPortal({ customerId, returnUrl }) {
    const id = newId('portal')
    await withSystem((tx) => write(tx, 'portal', id, { customerId, returnUrl }))
    return { url: `${getEnv().APP_URL}/billing/test-portal/${id}` }
  },
  async fetchSubscription(id): Promise<ProviderSubscription | null> {
    return withSystem(async (tx) => {
      const found = await read(tx, 'subscription', id)
      if (!found) return null
      const customer = await read(tx, 'customer', found.customerId)
      return {
        id,
        customerId: found.customerId,
        companyId: found.companyId,
        plan: found.plan,
        status: found.status,
        currency: found.currency,
        unitAmount: found.unitAmount,
        currentPeriodEnd: new Date(found.currentPeriodEnd),
        cancelAtPeriodEnd: found.cancelAtPeriodEnd,
        billingEmail: customer?.email ?? null,
      }
    })
  },
  async fetchInvoice(id): Promise<ProviderInvoice | null> {
    return withSystem(async (tx) => {
      const found = await read(tx, 'invoice', id)
      if (!found) return null
      const url = `${getEnv().APP_URL}/billing/test-invoice/${id}`
      return {
        id,
        subscriptionId: found.subscriptionId,
        customerId: found.customerId,
        number: found.number,
        amount: found.amount,
        currency: found.currency,
        status: found.status,
        hostedUrl: url,
        pdfUrl: url,
        issuedAt: new Date(found.issuedAt),
      }
    })
  },
  async cancelSubscription(id, { atPeriodEnd }) {
    const events: Array<Omit<ProviderEvent, 'id'>> = []
    const found = await withSystem(async (tx) => {
      const current = await read(tx, 'subscription', id, true)
      if (!current || current.status === 'canceled') return false
      await write(
        tx,
        'subscription',
        id,
        atPeriodEnd ? { ...current, cancelAtPeriodEnd: true } : { ...current, status: 'canceled' },
      )
      events.push({
        type: atPeriodEnd ? 'customer.subscription.updated' : 'customer.subscription.deleted',
        subscriptionId: id,
        invoiceId: null,
        companyId: null,
      })
      return true
    })
    await emit(events)
    return found
  },
}

/** Announces what happened at the provider, each event through the webhook's processing. */
async function emit(events: Array<Omit<ProviderEvent, 'id'>>) {
  for (const event of events) await processBillingEvent(withSystem, testProvider, { id: newId('event'), ...event })
}

async function issueInvoice(
  tx: Transaction,
  subscriptionId: string,
  subscription: TestSubscription,
  now: Date,
  status = 'paid',
) {
  const id = newId('invoice')
  const [{ total }] = await tx
    .select({ total: sql<number>`count(*)::int` })
    .from(testBillingObject)
    .where(eq(testBillingObject.kind, 'invoice'))
  await write(tx, 'invoice', id, {
    subscriptionId,
    customerId: subscription.customerId,
    number: `AG-TEST-${String(total + 1).padStart(5, '0')}`,
    amount: subscription.unitAmount,
    currency: subscription.currency,
    status,
    issuedAt: now.toISOString(),
  })
  return id
}

/** A checkout session as its page shows it, with the company paying; null when there is none. */
export async function describeTestCheckout(id: string) {
  return withSystem(async (tx) => {
    const checkout = await read(tx, 'checkout', id)
    if (!checkout) return null
    const [company] = await tx
      .select({ name: organization.name })
      .from(organization)
      .where(eq(organization.id, checkout.companyId))
    return {
      ...checkout,
      companyName: company?.name ?? '',
      unitAmount: monthlyAmountInCents(checkout.plan, checkout.currency),
    }
  })
}

/** A portal link is good for an hour, like the provider's own. */
const PORTAL_SESSION_MS = 60 * 60 * 1000

export async function readTestPortalSession(id: string, now = new Date()) {
  const [row] = await withSystem((tx) =>
    tx
      .select()
      .from(testBillingObject)
      .where(and(eq(testBillingObject.id, id), eq(testBillingObject.kind, 'portal'))),
  )
  if (!row || now.getTime() - row.createdAt.getTime() > PORTAL_SESSION_MS) return null
  return row.data as TestPortalSession
}

/** An invoice as its printable page shows it. */
export async function describeTestInvoice(id: string) {
  return withSystem(async (tx) => {
    const found = await read(tx, 'invoice', id)
    if (!found) return null
    const subscription = await read(tx, 'subscription', found.subscriptionId)
    const customer = await read(tx, 'customer', found.customerId)
    const [company] = subscription
      ? await tx
          .select({ name: organization.name })
          .from(organization)
          .where(eq(organization.id, subscription.companyId))
      : []
    return {
      id,
      ...found,
      plan: subscription?.plan ?? null,
      companyName: company?.name ?? '',
      email: customer?.email ?? null,
    }
  })
}

/** What the test portal shows: the customer's card, subscription and invoices. */
export async function readTestCustomerAccount(customerId: string) {
  return withSystem(async (tx) => {
    const customer = await read(tx, 'customer', customerId)
    const rows = await tx
      .select()
      .from(testBillingObject)
      .where(sql`${testBillingObject.data}->>'customerId' = ${customerId}`)
    const subscriptions = rows
      .filter((row) => row.kind === 'subscription')
      .map((row) => ({ id: row.id, ...(row.data as TestSubscription) }))
    const invoices = rows
      .filter((row) => row.kind === 'invoice')
      .map((row) => ({ id: row.id, ...(row.data as TestInvoice) }))
      .sort((a, b) => b.issuedAt.localeCompare(a.issuedAt))
    const live = subscriptions.find((item) => item.status !== 'canceled') ?? null
    return { customer, subscription: live, invoices }
  })
}

/** Pays a checkout with a card: a declined test card refuses it (nothing changes), any other valid card subscribes. */
export async function payTestCheckout(checkoutId: string, card: Card & { number: string }, now = new Date()) {
  const declined = TEST_CARDS_DECLINED[card.number]
  if (declined) throw new AppError('BAD_REQUEST', declined)
  const events: Array<Omit<ProviderEvent, 'id'>> = []
  const result = await withSystem(async (tx) => {
    const checkout = await read(tx, 'checkout', checkoutId, true)
    if (!checkout) throw new AppError('NOT_FOUND', 'billing.testProvider.notFound')
    if (checkout.status === 'complete') return { successUrl: checkout.successUrl }
    const customerId = checkout.customerId ?? newId('customer')
    const { number: _number, ...savedCard } = card
    await write(tx, 'customer', customerId, {
      email: checkout.customerEmail,
      companyId: checkout.companyId,
      card: savedCard,
    })
    const subscriptionId = newId('subscription')
    // Bought during the free trial: trialing until the trial's end, charged then (advanceTestSubscriptions), as Stripe's trial_end.
    const trialEnd = checkout.firstChargeAt && new Date(checkout.firstChargeAt) > now ? checkout.firstChargeAt : null
    const subscription: TestSubscription = {
      customerId,
      companyId: checkout.companyId,
      plan: checkout.plan,
      currency: checkout.currency,
      unitAmount: monthlyAmountInCents(checkout.plan, checkout.currency),
      status: trialEnd ? 'trialing' : 'active',
      currentPeriodEnd: trialEnd ?? addMonth(now).toISOString(),
      cancelAtPeriodEnd: false,
    }
    await write(tx, 'subscription', subscriptionId, subscription)
    await write(tx, 'checkout', checkoutId, { ...checkout, customerId, status: 'complete' })
    events.push(
      { type: 'checkout.session.completed', subscriptionId, invoiceId: null, companyId: checkout.companyId },
      { type: 'customer.subscription.created', subscriptionId, invoiceId: null, companyId: null },
    )
    if (!trialEnd)
      events.push({
        type: 'invoice.paid',
        subscriptionId: null,
        invoiceId: await issueInvoice(tx, subscriptionId, subscription, now),
        companyId: null,
      })
    return { successUrl: checkout.successUrl }
  })
  await emit(events)
  return result
}

export type PortalChange =
  | { kind: 'plan'; plan: PlanId }
  | { kind: 'cancel' }
  | { kind: 'resume' }
  | { kind: 'card'; card: Card & { number: string } }

/** What the test portal changes for a customer, announced as Stripe would. */
export async function changeTestSubscription(customerId: string, change: PortalChange, now = new Date()) {
  if (change.kind === 'card' && TEST_CARDS_DECLINED[change.card.number])
    throw new AppError('BAD_REQUEST', TEST_CARDS_DECLINED[change.card.number])
  const events: Array<Omit<ProviderEvent, 'id'>> = []
  await withSystem(async (tx) => {
    const customer = await read(tx, 'customer', customerId, true)
    if (!customer) throw new AppError('NOT_FOUND', 'billing.testProvider.notFound')
    if (change.kind === 'card') {
      const { number: _number, ...savedCard } = change.card
      await write(tx, 'customer', customerId, { ...customer, card: savedCard })
      return
    }
    const { subscription } = await readTestCustomerAccount(customerId)
    if (!subscription) throw new AppError('NOT_FOUND', 'billing.testProvider.notFound')
    const { id, ...current } = subscription
    const next: TestSubscription =
      change.kind === 'plan'
        ? { ...current, plan: change.plan, unitAmount: monthlyAmountInCents(change.plan, current.currency) }
        : { ...current, cancelAtPeriodEnd: change.kind === 'cancel' }
    await write(tx, 'subscription', id, next)
    events.push({ type: 'customer.subscription.updated', subscriptionId: id, invoiceId: null, companyId: null })
    if (change.kind === 'plan')
      events.push({
        type: 'invoice.paid',
        subscriptionId: null,
        invoiceId: await issueInvoice(tx, id, next, now),
        companyId: null,
      })
  })
  await emit(events)
}

/**
 * Time passing at the provider: subscriptions whose period ended renew (a new paid invoice) or,
 * when cancelled at period end, end. Run by the billing sweep; tests pass a later `now`.
 */
export async function advanceTestSubscriptions(now = new Date()) {
  const due = await withSystem((tx) =>
    tx
      .select({ id: testBillingObject.id })
      .from(testBillingObject)
      .where(
        and(
          eq(testBillingObject.kind, 'subscription'),
          sql`${testBillingObject.data}->>'status' <> 'canceled'`,
          sql`(${testBillingObject.data}->>'currentPeriodEnd')::timestamptz <= ${now.toISOString()}::timestamptz`,
        ),
      ),
  )
  for (const { id } of due) {
    const events: Array<Omit<ProviderEvent, 'id'>> = []
    await withSystem(async (tx) => {
      const subscription = await read(tx, 'subscription', id, true)
      if (!subscription || subscription.status === 'canceled' || new Date(subscription.currentPeriodEnd) > now) return
      if (subscription.cancelAtPeriodEnd) {
        await write(tx, 'subscription', id, { ...subscription, status: 'canceled' })
        events.push({ type: 'customer.subscription.deleted', subscriptionId: id, invoiceId: null, companyId: null })
        return
      }
      // A trial's end is its first charge: trialing becomes active.
      const renewed = {
        ...subscription,
        status: 'active',
        currentPeriodEnd: addMonth(new Date(subscription.currentPeriodEnd)).toISOString(),
      }
      await write(tx, 'subscription', id, renewed)
      events.push(
        { type: 'customer.subscription.updated', subscriptionId: id, invoiceId: null, companyId: null },
        {
          type: 'invoice.paid',
          subscriptionId: null,
          invoiceId: await issueInvoice(tx, id, renewed, now),
          companyId: null,
        },
      )
    })
    await emit(events)
  }
  return due.length
}
