import { recordAuditEvent } from '#app/features/audit/server/record-audit-event.server'
import type { AuthSession } from '#app/lib/auth.server'
import { getEnv } from '#app/lib/env.server'
import { AppError } from '#app/lib/errors'
import { toPageError } from '#app/lib/member-route.server'
import { requireUser } from '#app/lib/tenant.server'

/*
 * The platform operator: a platform-level role, not a company role, held by the verified accounts
 * named in OPERATOR_EMAILS. Every operator loader and action is written as
 * `withOperator((operator, args) => …)`; every change an operator makes is on the audit trail.
 */

export type OperatorContext = { user: AuthSession['user']; session: AuthSession['session'] }

export function isOperatorEmail(email: string, emailVerified: boolean) {
  return emailVerified && getEnv().OPERATOR_EMAILS.includes(email.toLowerCase())
}

/** The signed-in operator, or UNAUTHENTICATED / FORBIDDEN (company admins included). */
export async function requireOperator(request: Request): Promise<OperatorContext> {
  const auth = await requireUser(request)
  if (!isOperatorEmail(auth.user.email, Boolean(auth.user.emailVerified)))
    throw new AppError('FORBIDDEN', 'operator.errors.forbidden')
  return { user: auth.user, session: auth.session }
}

export function withOperator<Args extends { request: Request }, Result>(
  handler: (operator: OperatorContext, args: Args) => Promise<Result>,
) {
  return async (args: Args): Promise<Result> => {
    try {
      return await handler(await requireOperator(args.request), args)
    } catch (error) {
      throw toPageError(error, args.request)
    }
  }
}

/** An operator's change, on the platform's audit trail (and the company's, when it concerns one). */
export function recordOperatorAction(
  operator: OperatorContext,
  action: string,
  target: { companyId?: string | null; tableName: string; recordId: string; details?: Record<string, unknown> },
) {
  return recordAuditEvent({
    category: 'admin_privileged_action',
    action: `operator.${action}`,
    actorUserId: operator.user.id,
    companyId: target.companyId ?? null,
    tableName: target.tableName,
    recordId: target.recordId,
    details: target.details ?? null,
  })
}
