import { eq } from 'drizzle-orm'
import { organization, subscription } from '#db/schema'
import type { Transaction } from '#app/lib/db.server'
import { AppError } from '#app/lib/errors'
import { effectivePlan, planInEffect, type EffectivePlan } from '../effective-plan'

/**
 * Writes the plan a company has now (effectivePlan) on its row, where every request reads it.
 * Called whenever its subscription or trial changes and when a trial or grace period runs out;
 * the row is only touched when the answer changed (a change bumps the fans' page version).
 */
export async function syncCompanyPlan(tx: Transaction, companyId: string, now = new Date()): Promise<EffectivePlan> {
  const [company] = await tx
    .select({ plan: organization.plan, planValidUntil: organization.planValidUntil, trialEndsAt: organization.trialEndsAt, parentCompanyId: organization.parentCompanyId })
    .from(organization)
    .where(eq(organization.id, companyId))
    .for('update')
  if (!company) throw new AppError('NOT_FOUND', 'errors.companyNotFound')
  const [stored] = await tx.select().from(subscription).where(eq(subscription.companyId, companyId))
  let next = effectivePlan({ subscription: stored ?? null, trialEndsAt: company.trialEndsAt }, now)
  // A brand of an Enterprise account has Enterprise while the account's company does.
  if (next.plan !== 'enterprise' && company.parentCompanyId) {
    const [parent] = await tx.select({ plan: organization.plan, planValidUntil: organization.planValidUntil }).from(organization).where(eq(organization.id, company.parentCompanyId))
    if (parent && planInEffect(parent, now) === 'enterprise') next = { plan: 'enterprise', validUntil: parent.planValidUntil, source: 'account' }
  }
  if (company.plan !== next.plan || company.planValidUntil?.getTime() !== next.validUntil?.getTime()) {
    await tx.update(organization).set({ plan: next.plan, planValidUntil: next.validUntil }).where(eq(organization.id, companyId))
    // Its brands follow (one level: brands do not have brands of their own).
    const brands = await tx.select({ id: organization.id }).from(organization).where(eq(organization.parentCompanyId, companyId))
    for (const brand of brands) await syncCompanyPlan(tx, brand.id, now)
  }
  return next
}
