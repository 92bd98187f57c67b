import Stripe from 'stripe'
import { getEnv, type TEnv } from '#app/lib/env.server'
import { AppError } from '#app/lib/errors'
import { CURRENCIES, isCurrency, isPlanId, PLAN_IDS, type Currency } from '../plans'
import {
  priceLookupKey,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderInvoice,
  type ProviderSubscription,
} from './payment-provider.server'

export type StripeConfig = Pick<TEnv, 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL'>

/** The Stripe SDK, pointed at STRIPE_API_URL when set (a local server speaking Stripe's API in tests). */
export function stripeClient(config: StripeConfig = getEnv()) {
  if (!config.STRIPE_SECRET_KEY) throw new Error('STRIPE_SECRET_KEY is not set')
  const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : null
  return new Stripe(config.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    appInfo: { name: 'Afterglow' },
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
          protocol: api.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  })
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null)
const dateOf = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null)
const currencyOf = (value: string): Currency => {
  const upper = value.toUpperCase()
  if (!isCurrency(upper)) throw new Error(`unexpected currency ${value}`)
  return upper
}

/** `afterglow_professional_eur_monthly` → professional; a key that is not one of ours → null. */
function planOfLookupKey(key: string | null | undefined) {
  return PLAN_IDS.find((plan) => CURRENCIES.some((currency) => priceLookupKey(plan, currency) === key)) ?? null
}

function toSubscription(subscription: Stripe.Subscription): ProviderSubscription {
  const item = subscription.items.data[0]
  const customer = subscription.customer
  // What is billed decides the plan: a change in the Customer Portal swaps the price and leaves
  // the metadata checkout wrote. A price that gave its lookup key to a newer one still says its plan.
  const plan =
    planOfLookupKey(item?.price.lookup_key) ??
    [item?.price.metadata?.plan, subscription.metadata?.plan].find(isPlanId) ??
    null
  return {
    id: subscription.id,
    customerId: idOf(customer)!,
    companyId: subscription.metadata?.companyId ?? null,
    plan,
    status: subscription.status,
    currency: currencyOf(item?.price.currency ?? subscription.currency),
    unitAmount: item?.price.unit_amount ?? 0,
    currentPeriodEnd: dateOf(item?.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    billingEmail:
      typeof customer === 'object' && customer && !('deleted' in customer && customer.deleted)
        ? ((customer as Stripe.Customer).email ?? null)
        : null,
  }
}

function toInvoice(invoice: Stripe.Invoice): ProviderInvoice {
  const parent = invoice.parent?.subscription_details?.subscription
  return {
    id: invoice.id!,
    subscriptionId: idOf(parent),
    customerId: idOf(invoice.customer),
    number: invoice.number,
    amount: invoice.status === 'paid' ? invoice.amount_paid : invoice.amount_due,
    currency: currencyOf(invoice.currency),
    status: invoice.status ?? 'open',
    hostedUrl: invoice.hosted_invoice_url ?? null,
    pdfUrl: invoice.invoice_pdf ?? null,
    issuedAt: dateOf(invoice.created) ?? new Date(),
  }
}

/** A missing object is null; anything else (network, auth) is a failure the caller reports or retries. */
async function unlessMissing<T>(work: () => Promise<T>): Promise<T | null> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null
    throw error
  }
}

export function stripeProvider(stripe = stripeClient()): PaymentProvider {
  return {
    name: 'stripe',
    async createCheckout({
      companyId,
      customerId,
      customerEmail,
      plan,
      currency,
      successUrl,
      cancelUrl,
      firstChargeAt,
    }) {
      const { data: prices } = await stripe.prices.list({
        lookup_keys: [priceLookupKey(plan, currency)],
        active: true,
        limit: 1,
      })
      if (!prices[0])
        throw new AppError('INTERNAL', 'billing.errors.checkout', {
          reason: 'price missing: run npm run billing:setup',
        })
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: prices[0].id, quantity: 1 }],
        client_reference_id: companyId,
        ...(customerId ? { customer: customerId } : { customer_email: customerEmail }),
        metadata: { companyId, plan },
        subscription_data: {
          metadata: { companyId, plan },
          // The trial's remaining days: Stripe starts the subscription as trialing and charges then.
          ...(firstChargeAt ? { trial_end: Math.floor(firstChargeAt.getTime() / 1000) } : {}),
        },
        success_url: successUrl,
        cancel_url: cancelUrl,
      })
      if (!session.url) throw new AppError('INTERNAL', 'billing.errors.checkout')
      return { url: session.url }
    },
    async createPortal({ customerId, returnUrl }) {
      const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl })
      return { url: session.url }
    },
    async fetchSubscription(id) {
      const subscription = await unlessMissing(() => stripe.subscriptions.retrieve(id, { expand: ['customer'] }))
      return subscription ? toSubscription(subscription) : null
    },
    async fetchInvoice(id) {
      const invoice = await unlessMissing(() => stripe.invoices.retrieve(id))
      return invoice ? toInvoice(invoice) : null
    },
    async cancelSubscription(id, { atPeriodEnd }) {
      const current = await unlessMissing(() => stripe.subscriptions.retrieve(id))
      if (!current || current.status === 'canceled' || current.status === 'incomplete_expired') return false
      if (atPeriodEnd) await stripe.subscriptions.update(id, { cancel_at_period_end: true })
      else await stripe.subscriptions.cancel(id)
      return true
    },
  }
}

/**
 * A webhook delivery, its signature checked on the raw body against STRIPE_WEBHOOK_SECRET (a bad
 * or stale one is refused), reduced to the objects it names.
 */
export function readStripeWebhook(rawBody: string, signature: string | null, stripe = stripeClient()): ProviderEvent {
  const secret = getEnv().STRIPE_WEBHOOK_SECRET
  if (!secret || !signature) throw new AppError('BAD_REQUEST', 'billing.errors.signature')
  let event: Stripe.Event
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature, secret)
  } catch {
    throw new AppError('BAD_REQUEST', 'billing.errors.signature')
  }
  const object = event.data.object as unknown as Record<string, unknown>
  if (event.type === 'checkout.session.completed') {
    return {
      id: event.id,
      type: event.type,
      subscriptionId: idOf(object.subscription as string | null),
      invoiceId: null,
      companyId: (object.client_reference_id as string | null) ?? null,
    }
  }
  if (event.type.startsWith('customer.subscription.'))
    return { id: event.id, type: event.type, subscriptionId: object.id as string, invoiceId: null, companyId: null }
  if (event.type.startsWith('invoice.'))
    return { id: event.id, type: event.type, subscriptionId: null, invoiceId: object.id as string, companyId: null }
  return { id: event.id, type: event.type, subscriptionId: null, invoiceId: null, companyId: null }
}
