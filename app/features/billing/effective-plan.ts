import { isPlanId, TRIAL_PLAN, type PlanId } from './plans'
import type { SubscriptionStatus } from './subscription-states'

/*
 * The one rule of which plan a company has (docs/product.md, issue 13): an active or trialing
 * subscription gives its plan; a failed renewal keeps it for a grace period; else the free trial
 * while it lasts; else Starter. Billing's plan sync writes the answer on the company row (plan,
 * plan_valid_until), so every request reads it without another query.
 */

/** Days a paid plan holds after a renewal fails, while the card is put right. */
export const GRACE_DAYS = 7
const DAY_MS = 86_400_000

export type SubscriptionFacts = {
  plan: string
  status: SubscriptionStatus | string
  currentPeriodEnd: Date | null
  cancelAtPeriodEnd: boolean
  pastDueSince: Date | null
}

export type EffectivePlan = {
  plan: PlanId
  /** When this plan stops holding by itself (trial or grace end); null while it holds until told otherwise. */
  validUntil: Date | null
  /** `account`: a brand covered by the Enterprise plan of the company whose account created it. */
  source: 'subscription' | 'grace' | 'trial' | 'account' | 'free'
}

export function effectivePlan(
  input: { subscription: SubscriptionFacts | null; trialEndsAt: Date | null },
  now = new Date(),
): EffectivePlan {
  const { subscription, trialEndsAt } = input
  if (subscription && isPlanId(subscription.plan) && subscription.plan !== 'starter') {
    const { plan, status } = subscription
    if (status === 'active')
      return {
        plan,
        validUntil: subscription.cancelAtPeriodEnd ? subscription.currentPeriodEnd : null,
        source: 'subscription',
      }
    if (status === 'trialing' && (!subscription.currentPeriodEnd || now < subscription.currentPeriodEnd))
      return { plan, validUntil: subscription.currentPeriodEnd, source: 'subscription' }
    if (status === 'past_due') {
      const graceEnd = new Date((subscription.pastDueSince ?? now).getTime() + GRACE_DAYS * DAY_MS)
      if (now < graceEnd) return { plan, validUntil: graceEnd, source: 'grace' }
    }
  }
  if (trialEndsAt && now < trialEndsAt) return { plan: TRIAL_PLAN, validUntil: trialEndsAt, source: 'trial' }
  return { plan: 'starter', validUntil: null, source: 'free' }
}

/** The plan a company row holds now: its stored plan until `planValidUntil`, then Starter. */
export function planInEffect(
  company: { plan: string | null | undefined; planValidUntil?: Date | string | null },
  now = new Date(),
): string | null | undefined {
  if (!company.planValidUntil) return company.plan
  return now < new Date(company.planValidUntil) ? company.plan : 'starter'
}

/** Whole days left until `end`, rounded up, never below 0 (the spec's trial countdown). */
export function daysLeft(end: Date | string | null, now = new Date()) {
  if (!end) return 0
  return Math.max(0, Math.ceil((new Date(end).getTime() - now.getTime()) / DAY_MS))
}

/**
 * The provider's shortest trial: Stripe refuses a subscription trial ending within 48 hours of
 * the checkout; an hour more leaves time between the subscription page and the provider's.
 */
const SHORTEST_TRIAL_MS = 49 * 3_600_000

/**
 * When a subscription bought now is first charged: at the end of the free trial under way, whose
 * days are kept rather than thrown away (at the earliest the provider's shortest trial from now);
 * null when no trial is under way, which means at once.
 */
export function firstChargeAt(trialEndsAt: Date | null, now = new Date()): Date | null {
  if (!trialEndsAt || trialEndsAt <= now) return null
  return new Date(Math.max(trialEndsAt.getTime(), now.getTime() + SHORTEST_TRIAL_MS))
}
