import type Stripe from 'stripe'
import { EnvError, ZEnv } from '#app/lib/env.server'
import { getFixedT } from '#app/lib/i18n.server'
import { CURRENCIES, monthlyAmountInCents, PLAN_IDS, type Currency, type PlanId } from '../plans'
import { priceLookupKey } from './payment-provider.server'
import type { StripeConfig } from './stripe-provider.server'

/*
 * `npm run billing:setup`: the Stripe products and monthly prices checkout looks up, one product
 * per paid plan and one price per plan and currency, made from the app's own plan table. Safe to
 * run again: what exists and matches is kept; a price whose amount no longer matches the table is
 * replaced by a new one that takes over its lookup key (Stripe prices cannot change amount), and
 * the old one is archived, so new checkouts pay the new amount and existing subscribers keep theirs.
 */

export type SetupStep = {
  kind: 'product' | 'price'
  id: string
  label: string
  outcome: 'created' | 'found' | 'replaced'
  replacedId?: string
}

/** The plans Stripe bills: those with a price (Starter is free). */
export const PAID_PLANS = PLAN_IDS.filter((plan) =>
  CURRENCIES.some((currency) => monthlyAmountInCents(plan, currency) > 0),
)

/** Products get ids of our own, so finding one again is a lookup, not a search. */
export const stripeProductId = (plan: PlanId) => `afterglow_${plan}`

/** STRIPE_SECRET_KEY (required here) and STRIPE_API_URL, checked as the app checks them at start. */
export function readStripeSetupConfig(source: Record<string, string | undefined>): StripeConfig {
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''))
  const result = ZEnv.pick({ STRIPE_SECRET_KEY: true, STRIPE_API_URL: true }).safeParse(present)
  const problems = result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`)
  if (result.success && !result.data.STRIPE_SECRET_KEY)
    problems.push('STRIPE_SECRET_KEY is required: the secret key (sk_…) of the Stripe account to set up')
  if (!result.success || problems.length > 0) throw new EnvError(problems)
  return result.data
}

function isStripeMissing(error: unknown) {
  return typeof error === 'object' && error !== null && (error as { statusCode?: number }).statusCode === 404
}

async function ensureProduct(stripe: Stripe, plan: PlanId): Promise<SetupStep> {
  const id = stripeProductId(plan)
  const t = getFixedT('en')
  const label = `Afterglow ${t(`home.pricing.plans.${plan}.name`)}`
  try {
    await stripe.products.retrieve(id)
    return { kind: 'product', id, label, outcome: 'found' }
  } catch (error) {
    if (!isStripeMissing(error)) throw error
  }
  await stripe.products.create({
    id,
    name: label,
    description: t(`home.pricing.plans.${plan}.description`),
    metadata: { plan },
  })
  return { kind: 'product', id, label, outcome: 'created' }
}

function matches(price: Stripe.Price, productId: string, currency: Currency, amount: number) {
  const product = typeof price.product === 'string' ? price.product : price.product.id
  return (
    price.active &&
    product === productId &&
    price.currency === currency.toLowerCase() &&
    price.unit_amount === amount &&
    price.recurring?.interval === 'month' &&
    price.recurring.interval_count === 1
  )
}

async function ensurePrice(stripe: Stripe, plan: PlanId, currency: Currency): Promise<SetupStep> {
  const lookupKey = priceLookupKey(plan, currency)
  const productId = stripeProductId(plan)
  const amount = monthlyAmountInCents(plan, currency)
  const label = `${lookupKey} (${(amount / 100).toFixed(2)} ${currency} a month)`
  const { data } = await stripe.prices.list({ lookup_keys: [lookupKey], limit: 1 })
  const existing = data[0]
  if (existing && matches(existing, productId, currency, amount))
    return { kind: 'price', id: existing.id, label, outcome: 'found' }
  const created = await stripe.prices.create({
    product: productId,
    currency: currency.toLowerCase(),
    unit_amount: amount,
    recurring: { interval: 'month' },
    lookup_key: lookupKey,
    // The key moves to the new price; the old one keeps billing whoever subscribed to it.
    transfer_lookup_key: Boolean(existing),
    nickname: label,
    metadata: { plan, currency },
  })
  if (!existing) return { kind: 'price', id: created.id, label, outcome: 'created' }
  if (existing.active) await stripe.prices.update(existing.id, { active: false })
  return { kind: 'price', id: created.id, label, outcome: 'replaced', replacedId: existing.id }
}

/** Creates what is missing, in order, telling `onStep` about each product and price as it goes. */
export async function setUpStripePrices(stripe: Stripe, onStep: (step: SetupStep) => void = () => {}) {
  const steps: SetupStep[] = []
  const record = (step: SetupStep) => {
    steps.push(step)
    onStep(step)
  }
  for (const plan of PAID_PLANS) {
    record(await ensureProduct(stripe, plan))
    for (const currency of CURRENCIES) record(await ensurePrice(stripe, plan, currency))
  }
  return steps
}
