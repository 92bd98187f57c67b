import type { OperatorContext } from './context'
import { withSystem } from '#app/lib/db.server'
import { getEnv } from '#app/lib/env.server'
import { AppError } from '#app/lib/errors'
import { requireUser } from './tenant.server'

/*
 * The platform operator: a platform-level role, not a company role, held by the verified accounts
 * named in OPERATOR_EMAILS. Every operator loader and action is written as
 * `withActor({ kind: 'operator' }, (operator, args) => …)`; every change an operator makes is on
 * the audit trail.
 */

export function isOperatorEmail(email: string, emailVerified: boolean) {
  return emailVerified && getEnv().OPERATOR_EMAILS.includes(email.toLowerCase())
}

/** The signed-in operator, or UNAUTHENTICATED / FORBIDDEN (company admins included). */
export async function requireOperator(request: Request): Promise<OperatorContext> {
  const auth = await requireUser(request)
  if (!isOperatorEmail(auth.user.email, Boolean(auth.user.emailVerified)))
    throw new AppError('FORBIDDEN', 'operator.errors.forbidden')
  return { user: auth.user, session: auth.session, platform: withSystem }
}
