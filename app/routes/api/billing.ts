import { getSubscriptionStatus } from '#app/features/billing/server/get-subscription-status.server'
import { createCheckout, openCustomerPortal } from '#app/features/billing/server/open-billing-sessions.server'
import { startTrial } from '#app/features/billing/server/start-trial.server'
import { AppError } from '#app/lib/errors'
import { getRequestT } from '#app/lib/i18n.server'
import { logger } from '#app/lib/logger.server'
import { carriesSessionCookie } from '#app/access/member-route.server'
import { requireMember } from '#app/access/tenant.server'
import { type MemberContext } from '#app/access/context'
import type { Route } from './+types/billing'

/*
 * The spec's subscription calls (section 7), JSON in and out, for the signed-in member's company:
 * POST /api/billing/check-subscription, start-trial, create-checkout and customer-portal. Each names the message the
 * spec gives when it cannot go on: signed out, session expired, or its own failure.
 */

const NO_STORE = { 'Cache-Control': 'private, no-store' }

type Operation = {
  run: (member: MemberContext, request: Request) => Promise<unknown>
  signedOut: string
  failed: string
}

const OPERATIONS: Record<string, Operation> = {
  'check-subscription': {
    run: (member) => getSubscriptionStatus(member),
    signedOut: 'billing.errors.sessionExpired',
    failed: 'billing.errors.check',
  },
  'start-trial': {
    run: (member) => startTrial(member),
    signedOut: 'billing.errors.signInForTrial',
    failed: 'billing.errors.trial',
  },
  'create-checkout': {
    run: async (member, request) => createCheckout(member, await request.json().catch(() => null)),
    signedOut: 'billing.errors.signInToSubscribe',
    failed: 'billing.errors.checkout',
  },
  'customer-portal': {
    run: (member) => openCustomerPortal(member),
    signedOut: 'billing.errors.sessionExpired',
    failed: 'billing.errors.portal',
  },
}

export async function action({ request, params }: Route.ActionArgs) {
  const t = getRequestT(request)
  const operation = OPERATIONS[params.operation]
  const answer = (status: number, messageKey: string, details: Record<string, unknown> = {}) =>
    Response.json({ error: { messageKey, message: t(messageKey, details) } }, { status, headers: NO_STORE })
  if (!operation) return answer(404, 'errors.unknown')
  try {
    const member = await requireMember(request)
    return Response.json(await operation.run(member, request), { headers: NO_STORE })
  } catch (error) {
    if (error instanceof AppError && error.code === 'UNAUTHENTICATED') {
      return answer(401, carriesSessionCookie(request) ? 'billing.errors.sessionExpired' : operation.signedOut)
    }
    if (error instanceof AppError && error.status < 500) return answer(error.status, error.messageKey, error.details)
    logger.error({ err: error, operation: params.operation }, 'billing call failed')
    return answer(500, operation.failed)
  }
}
