/*
 * Value lists of billing (app/features/billing) that the database constrains its columns
 * to (db/schema.ts): the app reads the same lists, so what it writes and what the database
 * accepts cannot drift apart. Plain arrays, one file a domain: fans' pages may import them.
 */

/** Every plan, cheapest first (their features: app/features/billing/plans.ts). */
export const PLAN_IDS = ['starter', 'professional', 'enterprise'] as const

export const CURRENCIES = ['USD', 'EUR', 'BRL'] as const
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
/** `stripe` with STRIPE_SECRET_KEY; `test`, the built-in provider of the zero-configuration start. */
export const BILLING_PROVIDERS = ['stripe', 'test'] as const
