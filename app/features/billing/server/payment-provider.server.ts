import { getEnv } from '#app/lib/env.server'
import type { Currency, PlanId } from '../plans'
import type { BillingProvider } from '../subscription-states'

/*
 * The card payment provider behind one interface: Stripe when STRIPE_SECRET_KEY is set, else the
 * built-in test provider (its own checkout and portal pages inside the app), so the whole flow
 * works after `npm start`. Both feed the same event processing (process-billing-event.server.ts).
 */

/** A subscription as the provider holds it now (refetched on every event). */
export type ProviderSubscription = {
  id: string
  customerId: string
  /** Set at checkout (subscription metadata), so every later event finds its company. */
  companyId: string | null
  plan: PlanId | null
  status: string
  currency: Currency
  unitAmount: number
  currentPeriodEnd: Date | null
  cancelAtPeriodEnd: boolean
  billingEmail: string | null
}

export type ProviderInvoice = {
  id: string
  subscriptionId: string | null
  customerId: string | null
  number: string | null
  amount: number
  currency: Currency
  status: string
  hostedUrl: string | null
  pdfUrl: string | null
  issuedAt: Date
}

/** What an event says, reduced to what processing needs: which objects to refetch. */
export type ProviderEvent = {
  id: string
  type: string
  subscriptionId: string | null
  invoiceId: string | null
  companyId: string | null
}

export type CheckoutInput = {
  companyId: string
  customerId: string | null
  customerEmail: string
  plan: PlanId
  currency: Currency
  successUrl: string
  cancelUrl: string
  /** A trial under way keeps its days: the subscription is first charged then (effective-plan.ts); null charges at once. */
  firstChargeAt: Date | null
}

export interface PaymentProvider {
  readonly name: BillingProvider
  createCheckout(input: CheckoutInput): Promise<{ url: string }>
  createPortal(input: { customerId: string; returnUrl: string }): Promise<{ url: string }>
  fetchSubscription(id: string): Promise<ProviderSubscription | null>
  fetchInvoice(id: string): Promise<ProviderInvoice | null>
  /**
   * Stops a subscription from renewing: at the end of the period already paid for, or at once.
   * False when the provider has no such subscription (or it had ended). Its event follows, as
   * after a change in the portal.
   */
  cancelSubscription(id: string, options: { atPeriodEnd: boolean }): Promise<boolean>
}

/** The events handled (issue 13); others are acknowledged and ignored. */
export const HANDLED_EVENTS = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.trial_will_end',
  'invoice.paid',
  'invoice.payment_failed',
])

/** The Stripe Price of a plan in a currency is found by this lookup key (npm run billing:setup creates them). */
export const priceLookupKey = (plan: PlanId, currency: Currency) =>
  `afterglow_${plan}_${currency.toLowerCase()}_monthly`

export function paymentProviderName(): BillingProvider {
  return getEnv().STRIPE_SECRET_KEY ? 'stripe' : 'test'
}

let provider: Promise<PaymentProvider> | null = null

/** The provider in use, created once (the Stripe SDK is only loaded when configured). */
export function getPaymentProvider(): Promise<PaymentProvider> {
  provider ??=
    paymentProviderName() === 'stripe'
      ? import('./stripe-provider.server').then((module) => module.stripeProvider())
      : import('./test-provider.server').then((module) => module.testProvider)
  return provider
}
