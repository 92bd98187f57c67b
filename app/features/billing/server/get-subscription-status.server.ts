import type { TenantContext } from '#app/access/context'
import { resolveCompanyPlan } from './resolve-company-plan.server'

/** The spec's check-subscription answer (section 3, "Subscription"), field names as it gives them. */
export type SubscriptionStatusAnswer = {
  subscribed: boolean
  subscription_tier: string
  subscription_end: string | null
  trial_active: boolean
  trial_end: string | null
}

/** The company's stored subscription and trial, and the plan they give now (the same rule the plan sync writes). */
export async function readCompanyBilling(context: TenantContext, now = new Date()) {
  // Its subscription row is fenced like its other tenant rows; its companies row (and its account's) is not.
  const { company, subscription, effective } = await context.withTenant((tx) =>
    resolveCompanyPlan(tx, context.company.id, now),
  )
  return { trialStartedAt: company.trialStartedAt, trialEndsAt: company.trialEndsAt, subscription, effective }
}

/** The spec's answer from the stored subscriber row (the client's fallback reads it with the admin's page). */
export async function readStoredSubscriptionStatus(
  context: TenantContext,
  now = new Date(),
): Promise<SubscriptionStatusAnswer> {
  const billing = await readCompanyBilling(context, now)
  const { effective } = billing
  const ownPlan = effective.source === 'subscription' || effective.source === 'grace'
  return {
    // A brand covered by its account's Enterprise plan is subscribed too, through the account.
    subscribed: ownPlan || effective.source === 'account',
    subscription_tier: effective.plan,
    subscription_end:
      (ownPlan
        ? (billing.subscription?.currentPeriodEnd ?? effective.validUntil)
        : effective.validUntil
      )?.toISOString() ?? null,
    trial_active: effective.source === 'trial',
    trial_end: billing.trialEndsAt?.toISOString() ?? null,
  }
}

/**
 * POST /api/billing/check-subscription: the same answer. The admin asks it in the background on
 * every visit to keep the trial banner true, so it is not a person viewing billing data and is
 * not written to the audit trail (the subscription page's view is, see get-billing-overview).
 */
export async function getSubscriptionStatus(
  context: TenantContext,
  now = new Date(),
): Promise<SubscriptionStatusAnswer> {
  return readStoredSubscriptionStatus(context, now)
}
