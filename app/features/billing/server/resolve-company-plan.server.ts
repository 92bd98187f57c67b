import { eq } from 'drizzle-orm'
import { organization, subscription } from '#db/schema'
import type { Transaction } from '#app/lib/db.server'
import { AppError } from '#app/lib/errors'
import { effectivePlan, planInEffect, type EffectivePlan } from '../effective-plan'

/**
 * A company's stored billing (trial, subscription) and the plan it gives now: effectivePlan, and
 * for a brand the Enterprise plan of the account's company while that holds. The plan sync writes
 * this answer on the row and the subscription page and check-subscription show it, so both read
 * it here. `lock` holds the company row for the write that follows.
 */
export async function resolveCompanyPlan(
  tx: Transaction,
  companyId: string,
  now = new Date(),
  options: { lock?: boolean } = {},
) {
  const query = tx
    .select({
      plan: organization.plan,
      planValidUntil: organization.planValidUntil,
      trialStartedAt: organization.trialStartedAt,
      trialEndsAt: organization.trialEndsAt,
      parentCompanyId: organization.parentCompanyId,
    })
    .from(organization)
    .where(eq(organization.id, companyId))
  const [company] = await (options.lock ? query.for('update') : query)
  if (!company) throw new AppError('NOT_FOUND', 'errors.companyNotFound')
  const [stored] = await tx.select().from(subscription).where(eq(subscription.companyId, companyId))
  let effective: EffectivePlan = effectivePlan({ subscription: stored ?? null, trialEndsAt: company.trialEndsAt }, now)
  if (effective.plan !== 'enterprise' && company.parentCompanyId) {
    const [parent] = await tx
      .select({ plan: organization.plan, planValidUntil: organization.planValidUntil })
      .from(organization)
      .where(eq(organization.id, company.parentCompanyId))
    if (parent && planInEffect(parent, now) === 'enterprise')
      effective = { plan: 'enterprise', validUntil: parent.planValidUntil, source: 'account' }
  }
  return { company, subscription: stored ?? null, effective }
}
