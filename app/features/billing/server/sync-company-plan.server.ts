import { eq } from 'drizzle-orm'
import { organization, subscription } from '#db/schema'
import type { Transaction } from '#app/lib/db.server'
import { AppError } from '#app/lib/errors'
import { effectivePlan, type EffectivePlan } from '../effective-plan'

/**
 * Writes the plan a company has now (effectivePlan) on its row, where every request reads it.
 * Called whenever its subscription or trial changes and when a trial or grace period runs out;
 * the row is only touched when the answer changed (a change bumps the fans' page version).
 */
export async function syncCompanyPlan(tx: Transaction, companyId: string, now = new Date()): Promise<EffectivePlan> {
  const [company] = await tx.select({ plan: organization.plan, planValidUntil: organization.planValidUntil, trialEndsAt: organization.trialEndsAt }).from(organization).where(eq(organization.id, companyId)).for('update')
  if (!company) throw new AppError('NOT_FOUND', 'errors.companyNotFound')
  const [stored] = await tx.select().from(subscription).where(eq(subscription.companyId, companyId))
  const next = effectivePlan({ subscription: stored ?? null, trialEndsAt: company.trialEndsAt }, now)
  if (company.plan !== next.plan || company.planValidUntil?.getTime() !== next.validUntil?.getTime()) {
    await tx.update(organization).set({ plan: next.plan, planValidUntil: next.validUntil }).where(eq(organization.id, companyId))
  }
  return next
}
