import { eq } from 'drizzle-orm'
import { organization } from '#db/schema'
import { recordAuditEvent } from '#app/features/audit/server/record-audit-event.server'
import { AppError } from '#app/lib/errors'
import { requirePermission, actorUserId, type TenantContext } from '#app/access/context'
import { TRIAL_DAYS, TRIAL_PLAN } from '../plans'
import { syncCompanyPlan } from './sync-company-plan.server'

const DAY_MS = 86_400_000

export type StartTrialResult =
  | { trialStarted: true; trialEnd: Date }
  | { trialStarted: false; reason: 'billing.trial.alreadyUsed' | 'billing.trial.alreadySubscribed' }

/** The spec's "only admins manage billing" (docs/product.md). */
export function assertCanManageBilling(context: TenantContext) {
  requirePermission(context, 'billing.manage', 'billing.errors.adminOnly')
}

/**
 * 14 days of Professional, no card: once per company, ever. A company already paying for a
 * plan has nothing to try. The row is locked, so two clicks cannot start two trials.
 */
export async function startTrial(context: TenantContext, now = new Date()): Promise<StartTrialResult> {
  assertCanManageBilling(context)
  const result = await context.withTenant(async (tx): Promise<StartTrialResult> => {
    const [company] = await tx
      .select({ trialStartedAt: organization.trialStartedAt })
      .from(organization)
      .where(eq(organization.id, context.company.id))
      .for('update')
    if (!company) throw new AppError('NOT_FOUND', 'errors.companyNotFound')
    if (company.trialStartedAt) return { trialStarted: false, reason: 'billing.trial.alreadyUsed' }
    const current = await syncCompanyPlan(tx, context.company.id, now)
    if (current.source === 'subscription' || current.source === 'grace' || current.source === 'account')
      return { trialStarted: false, reason: 'billing.trial.alreadySubscribed' }
    const trialEnd = new Date(now.getTime() + TRIAL_DAYS * DAY_MS)
    await tx
      .update(organization)
      .set({ trialStartedAt: now, trialEndsAt: trialEnd })
      .where(eq(organization.id, context.company.id))
    await syncCompanyPlan(tx, context.company.id, now)
    return { trialStarted: true, trialEnd }
  })
  if (result.trialStarted) {
    await recordAuditEvent({
      category: 'admin_privileged_action',
      action: 'billing.trial.start',
      companyId: context.company.id,
      actorUserId: actorUserId(context),
      tableName: 'companies',
      recordId: context.company.id,
      details: { plan: TRIAL_PLAN, days: TRIAL_DAYS },
    })
  }
  return result
}
