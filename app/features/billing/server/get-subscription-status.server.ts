import { eq } from 'drizzle-orm'
import { organization, subscription } from '#db/schema'
import { recordAuditEvent } from '#app/features/audit/server/record-audit-event.server'
import { withSystem } from '#app/lib/db.server'
import { AppError } from '#app/lib/errors'
import { actorUserId, type TenantContext } from '#app/lib/tenant.server'
import { effectivePlan } from '../effective-plan'

/** The spec's check-subscription answer (section 3, "Subscription"), field names as it gives them. */
export type SubscriptionStatusAnswer = {
  subscribed: boolean
  subscription_tier: string
  subscription_end: string | null
  trial_active: boolean
  trial_end: string | null
}

/** The company's stored subscription and trial, and the plan they give now. */
export async function readCompanyBilling(companyId: string, now = new Date()) {
  return withSystem(async (tx) => {
    const [company] = await tx
      .select({ trialStartedAt: organization.trialStartedAt, trialEndsAt: organization.trialEndsAt })
      .from(organization)
      .where(eq(organization.id, companyId))
    if (!company) throw new AppError('NOT_FOUND', 'errors.companyNotFound')
    const [stored] = await tx.select().from(subscription).where(eq(subscription.companyId, companyId))
    return { ...company, subscription: stored ?? null, effective: effectivePlan({ subscription: stored ?? null, trialEndsAt: company.trialEndsAt }, now) }
  })
}

/** The spec's answer from the stored subscriber row (the client's fallback reads it with the admin's page). */
export async function readStoredSubscriptionStatus(companyId: string, now = new Date()): Promise<SubscriptionStatusAnswer> {
  const billing = await readCompanyBilling(companyId, now)
  const { effective } = billing
  const paid = effective.source === 'subscription' || effective.source === 'grace'
  return {
    subscribed: paid,
    subscription_tier: effective.plan,
    subscription_end: (paid ? (billing.subscription?.currentPeriodEnd ?? effective.validUntil) : effective.validUntil)?.toISOString() ?? null,
    trial_active: effective.source === 'trial',
    trial_end: billing.trialEndsAt?.toISOString() ?? null,
  }
}

/** POST /api/billing/check-subscription: the same answer, its reading recorded (subscription data access). */
export async function getSubscriptionStatus(context: TenantContext, now = new Date()): Promise<SubscriptionStatusAnswer> {
  const answer = await readStoredSubscriptionStatus(context.company.id, now)
  await recordAuditEvent({ category: 'subscription_data_access', action: 'billing.subscription.check', companyId: context.company.id, actorUserId: actorUserId(context), tableName: 'subscriptions', recordId: context.company.id })
  return answer
}
