import { recordAuditEvent } from '#app/features/audit/server/record-audit-event.server'
import { actorUserId, type TenantContext } from '#app/access/context'
import { MANAGED_IN_PORTAL } from '../subscription-states'
import { getPaymentProvider } from './payment-provider.server'
import { readCompanyBilling } from './get-subscription-status.server'
import { assertCanManageBilling } from './start-trial.server'

export type CancelledSubscription = { subscriptionId: string; atPeriodEnd: boolean } | null

/**
 * Stops the company's paid subscription from renewing (its account is being closed). A paid-up
 * one (active, trialing) ends with the period already paid for, so the paid features last until
 * then and an admin who reopens the account can resume it in the portal; one behind on payment
 * (past due, unpaid, paused) ends at once, so no further charge is attempted. Null when there is
 * nothing to stop: no subscription, one already ending or ended, or one held by another provider
 * than the one in use. The provider's event updates the stored subscription, as after a change
 * in the portal. A provider that cannot be reached throws: the caller decides what that stops.
 */
export async function cancelSubscription(context: TenantContext): Promise<CancelledSubscription> {
  assertCanManageBilling(context)
  const { subscription } = await readCompanyBilling(context)
  if (!subscription?.subscriptionId || !MANAGED_IN_PORTAL.has(subscription.status)) return null
  const { subscriptionId } = subscription
  const atPeriodEnd = subscription.status === 'active' || subscription.status === 'trialing'
  if (atPeriodEnd && subscription.cancelAtPeriodEnd) return null
  const provider = await getPaymentProvider()
  if (subscription.provider !== provider.name) return null
  if (!(await provider.cancelSubscription(subscriptionId, { atPeriodEnd }))) return null
  await recordAuditEvent({
    category: 'admin_privileged_action',
    action: 'billing.subscription.cancel',
    companyId: context.company.id,
    actorUserId: actorUserId(context),
    tableName: 'subscriptions',
    recordId: context.company.id,
    details: { subscriptionId, atPeriodEnd, reason: 'account-closed' },
  })
  return { subscriptionId, atPeriodEnd }
}
