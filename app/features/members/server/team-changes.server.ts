import { APIError } from 'better-auth/api'
import { and, count, eq } from 'drizzle-orm'
import { member } from '#db/schema'
import { recordAuditEvent } from '#app/features/audit/server/record-audit-event.server'
import { AppError } from '#app/lib/errors'
import { actorUserId, type TenantContext } from '#app/access/context'

/*
 * What the team use-cases (invite, change a role, remove, cancel an invitation) share: Better
 * Auth's errors in the product's terms, the company's own member rows, the last-admin rule and
 * the audit entry of every change.
 */

export function fromAuthError(error: unknown): never {
  if (error instanceof APIError) {
    const code = String((error.body as { code?: string } | undefined)?.code ?? '')
    if (code === 'USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION')
      throw new AppError('CONFLICT', 'team.errors.alreadyMember')
    if (code === 'USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION')
      throw new AppError('CONFLICT', 'team.errors.alreadyInvited')
    if (code.includes('ONLY_OWNER')) throw new AppError('CONFLICT', 'team.errors.lastAdmin')
    if (error.statusCode === 403) throw new AppError('FORBIDDEN', 'errors.forbidden')
    throw new AppError('BAD_REQUEST', 'errors.generic')
  }
  throw error
}

/** The member row, only if it belongs to this company: ids from the form are never trusted. */
export async function getCompanyMember(context: TenantContext, memberId: string) {
  const [row] = await context.companyRecords((db) =>
    db
      .select({ id: member.id, role: member.role, userId: member.userId })
      .from(member)
      .where(and(eq(member.id, memberId), eq(member.organizationId, context.company.id))),
  )
  if (!row) throw new AppError('NOT_FOUND', 'team.errors.memberNotFound')
  return row
}

export async function ensureAnotherAdminRemains(context: TenantContext) {
  const [{ admins }] = await context.companyRecords((db) =>
    db
      .select({ admins: count() })
      .from(member)
      .where(and(eq(member.organizationId, context.company.id), eq(member.role, 'admin'))),
  )
  if (admins <= 1) throw new AppError('CONFLICT', 'team.errors.lastAdmin')
}

export function recordTeamChange(
  context: TenantContext,
  action: string,
  recordId: string,
  details: Record<string, unknown>,
) {
  return recordAuditEvent({
    category: 'admin_privileged_action',
    action,
    companyId: context.company.id,
    actorUserId: actorUserId(context),
    tableName: 'members',
    recordId,
    details,
  })
}
