/*
 * The states a paid subscription goes through at the card payment provider (Stripe's names), and
 * the providers that can hold one. Stored as they come; `effectivePlan` decides what they unlock.
 */
export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'incomplete_expired',
  'paused',
] as const
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number]

/** `stripe` with STRIPE_SECRET_KEY; `test`, the built-in provider of the zero-configuration start. */
export const BILLING_PROVIDERS = ['stripe', 'test'] as const
export type BillingProvider = (typeof BILLING_PROVIDERS)[number]

/** Statuses in which a company has a subscription to manage in the provider's portal, not a plan to buy. */
export const MANAGED_IN_PORTAL: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due', 'unpaid', 'paused'])
