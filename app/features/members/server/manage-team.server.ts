import { APIError } from 'better-auth/api'
import { and, count, eq } from 'drizzle-orm'
import { member } from '#db/schema'
import { getAuth } from '#app/lib/auth.server'
import { getDb } from '#app/lib/db.server'
import { AppError } from '#app/lib/errors'
import type { MemberContext } from '#app/lib/tenant.server'
import { recordAuditEvent } from '#app/features/audit/server/record-audit-event.server'
import type { TTeamAction } from '../members.schema'

function fromAuthError(error: unknown): never {
  if (error instanceof APIError) {
    const code = String((error.body as { code?: string } | undefined)?.code ?? '')
    if (code === 'USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION') throw new AppError('CONFLICT', 'team.errors.alreadyMember')
    if (code === 'USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION') throw new AppError('CONFLICT', 'team.errors.alreadyInvited')
    if (code.includes('ONLY_OWNER')) throw new AppError('CONFLICT', 'team.errors.lastAdmin')
    if (error.statusCode === 403) throw new AppError('FORBIDDEN', 'errors.forbidden')
    throw new AppError('BAD_REQUEST', 'errors.generic')
  }
  throw error
}

/** The member row, only if it belongs to this company: ids from the form are never trusted. */
async function getCompanyMember(companyId: string, memberId: string) {
  const [row] = await getDb()
    .select({ id: member.id, role: member.role, userId: member.userId })
    .from(member)
    .where(and(eq(member.id, memberId), eq(member.organizationId, companyId)))
  if (!row) throw new AppError('NOT_FOUND', 'team.errors.memberNotFound')
  return row
}

async function ensureAnotherAdminRemains(companyId: string) {
  const [{ admins }] = await getDb()
    .select({ admins: count() })
    .from(member)
    .where(and(eq(member.organizationId, companyId), eq(member.role, 'admin')))
  if (admins <= 1) throw new AppError('CONFLICT', 'team.errors.lastAdmin')
}

/** Invite, change a role, remove a member or cancel an invitation, as the company's admin. */
export async function manageTeam(actor: MemberContext, action: TTeamAction, requestHeaders: Headers) {
  const api = getAuth().api
  const companyId = actor.company.id
  const audit = (name: string, recordId: string, details: Record<string, unknown>) =>
    recordAuditEvent({ category: 'admin_privileged_action', action: name, companyId, actorUserId: actor.user.id, tableName: 'members', recordId, details })

  switch (action.intent) {
    case 'invite': {
      const created = await api
        .createInvitation({ body: { email: action.email, role: action.role, organizationId: companyId }, headers: requestHeaders })
        .catch(fromAuthError)
      await audit('member.invite', created.id, { email: action.email, role: action.role })
      return { messageKey: 'team.toasts.invited' }
    }
    case 'change-role': {
      const target = await getCompanyMember(companyId, action.memberId)
      if (target.role === action.role) return { messageKey: 'team.toasts.roleChanged' }
      if (target.role === 'admin') await ensureAnotherAdminRemains(companyId)
      await api
        .updateMemberRole({ body: { memberId: target.id, role: action.role, organizationId: companyId }, headers: requestHeaders })
        .catch(fromAuthError)
      await audit('member.change-role', target.id, { from: target.role, to: action.role })
      return { messageKey: 'team.toasts.roleChanged' }
    }
    case 'remove': {
      const target = await getCompanyMember(companyId, action.memberId)
      if (target.role === 'admin') await ensureAnotherAdminRemains(companyId)
      await api.removeMember({ body: { memberIdOrEmail: target.id, organizationId: companyId }, headers: requestHeaders }).catch(fromAuthError)
      await audit('member.remove', target.id, { role: target.role })
      return { messageKey: 'team.toasts.removed' }
    }
    case 'cancel-invitation': {
      await api.cancelInvitation({ body: { invitationId: action.invitationId }, headers: requestHeaders }).catch(fromAuthError)
      await audit('member.cancel-invitation', action.invitationId, {})
      return { messageKey: 'team.toasts.invitationCancelled' }
    }
  }
}
