import { z } from 'zod'
import { recordAuditEvent } from '#app/features/audit/server/record-audit-event.server'
import { getEnv } from '#app/lib/env.server'
import { AppError } from '#app/lib/errors'
import { logger } from '#app/lib/logger.server'
import { actorUserId, type MemberContext } from '#app/access/context'
import { CURRENCIES } from '../plans'
import { firstChargeAt } from '../effective-plan'
import { MANAGED_IN_PORTAL } from '../subscription-states'
import { getPaymentProvider } from './payment-provider.server'
import { readCompanyBilling } from './get-subscription-status.server'
import { assertCanManageBilling } from './start-trial.server'

/** The spec's create-checkout body: a paid plan and the currency to pay in. */
export const ZCheckoutRequest = z.object({ plan: z.enum(['professional', 'enterprise']), currency: z.enum(CURRENCIES) })

/** A provider call that fails for reasons of its own is the spec's message for that action; ours pass through. */
async function asBillingFailure<T>(messageKey: string, work: () => Promise<T>) {
  try {
    return await work()
  } catch (error) {
    if (error instanceof AppError && error.status < 500) throw error
    logger.error({ err: error }, messageKey)
    throw new AppError('INTERNAL', messageKey)
  }
}

/**
 * POST /api/billing/create-checkout: the provider's checkout page for the plan, opened in a new tab.
 * Bought during the free trial, the plan is first charged when the trial ends.
 */
export async function createCheckout(member: MemberContext, body: unknown) {
  assertCanManageBilling(member)
  const parsed = ZCheckoutRequest.safeParse(body)
  if (!parsed.success) throw new AppError('BAD_REQUEST', 'billing.errors.checkoutChoice')
  const billing = await readCompanyBilling(member)
  if (billing.subscription && MANAGED_IN_PORTAL.has(billing.subscription.status))
    throw new AppError('CONFLICT', 'billing.errors.alreadySubscribed')
  if (billing.effective.source === 'account') throw new AppError('CONFLICT', 'billing.errors.coveredByAccount')
  const back = `${getEnv().APP_URL}/admin/subscription`
  const session = await asBillingFailure('billing.errors.checkout', async () =>
    (await getPaymentProvider()).createCheckout({
      companyId: member.company.id,
      customerId: billing.subscription?.customerId ?? null,
      customerEmail: member.user.email,
      plan: parsed.data.plan,
      currency: parsed.data.currency,
      successUrl: `${back}?checkout=success`,
      cancelUrl: `${back}?checkout=cancelled`,
      firstChargeAt: billing.effective.source === 'trial' ? firstChargeAt(billing.trialEndsAt) : null,
    }),
  )
  await recordAuditEvent({
    category: 'admin_privileged_action',
    action: 'billing.checkout.open',
    companyId: member.company.id,
    actorUserId: actorUserId(member),
    tableName: 'subscriptions',
    recordId: member.company.id,
    details: parsed.data,
  })
  return { url: session.url }
}

/** POST /api/billing/customer-portal: the provider's page to change plan, cancel, update the card, see invoices. */
export async function openCustomerPortal(member: MemberContext) {
  assertCanManageBilling(member)
  const billing = await readCompanyBilling(member)
  const provider = await getPaymentProvider()
  if (!billing.subscription || billing.subscription.provider !== provider.name)
    throw new AppError('CONFLICT', 'billing.errors.noSubscription')
  const customerId = billing.subscription.customerId
  const session = await asBillingFailure('billing.errors.portal', () =>
    provider.createPortal({ customerId, returnUrl: `${getEnv().APP_URL}/admin/subscription` }),
  )
  await recordAuditEvent({
    category: 'admin_privileged_action',
    action: 'billing.portal.open',
    companyId: member.company.id,
    actorUserId: actorUserId(member),
    tableName: 'subscriptions',
    recordId: member.company.id,
  })
  return { url: session.url }
}
