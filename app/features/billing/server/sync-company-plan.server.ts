import { eq } from 'drizzle-orm'
import { organization } from '#db/schema'
import { emitWebhookEvent } from '#app/features/webhooks/server/emit-webhook-event.server'
import type { Transaction } from '#app/lib/db.server'
import type { EffectivePlan } from '../effective-plan'
import { resolveCompanyPlan } from './resolve-company-plan.server'

/**
 * Writes the plan a company has now (resolveCompanyPlan) on its row, where every request reads it.
 * Called whenever its subscription or trial changes and when a trial or grace period runs out;
 * the row is only touched when the answer changed (a change bumps the fans' page version).
 */
export async function syncCompanyPlan(tx: Transaction, companyId: string, now = new Date()): Promise<EffectivePlan> {
  const { company, effective: next } = await resolveCompanyPlan(tx, companyId, now, { lock: true })
  if (company.plan !== next.plan || company.planValidUntil?.getTime() !== next.validUntil?.getTime()) {
    await tx
      .update(organization)
      .set({ plan: next.plan, planValidUntil: next.validUntil })
      .where(eq(organization.id, companyId))
    await emitWebhookEvent(tx, companyId, 'subscription.changed', {
      plan: next.plan,
      previousPlan: company.plan,
      validUntil: next.validUntil?.toISOString() ?? null,
    })
    // Its brands follow (one level: brands do not have brands of their own).
    const brands = await tx
      .select({ id: organization.id })
      .from(organization)
      .where(eq(organization.parentCompanyId, companyId))
    for (const brand of brands) await syncCompanyPlan(tx, brand.id, now)
  }
  return next
}
