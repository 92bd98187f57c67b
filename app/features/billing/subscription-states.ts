import { SUBSCRIPTION_STATUSES } from '#db/enums/billing'
import { BILLING_PROVIDERS } from '#db/enums/billing'
export { BILLING_PROVIDERS }
export { SUBSCRIPTION_STATUSES }
/*
 * The states a paid subscription goes through at the card payment provider (Stripe's names), and
 * the providers that can hold one. Stored as they come; `effectivePlan` decides what they unlock.
 */
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number]

export type BillingProvider = (typeof BILLING_PROVIDERS)[number]

/** Statuses in which a company has a subscription to manage in the provider's portal, not a plan to buy. */
export const MANAGED_IN_PORTAL: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due', 'unpaid', 'paused'])
