import { APIError } from 'better-auth/api'
import type { AuthAsCaller } from '#app/access/context'
import { AppError } from '#app/lib/errors'
import { recordAuditEvent } from '#app/features/audit/server/record-audit-event.server'

/** Joins the inviting company and makes it the active one; the returned headers update the session cookie. */
export async function acceptInvitation(invitationId: string, auth: AuthAsCaller, actorUserId: string) {
  const { api } = auth
  try {
    const accepted = await api.acceptInvitation({ body: { invitationId }, headers: auth.headers })
    const companyId = accepted?.member.organizationId
    if (!companyId) throw new AppError('NOT_FOUND', 'invitation.errors.notFound')
    const { headers } = await api.setActiveOrganization({
      body: { organizationId: companyId },
      headers: auth.headers,
      returnHeaders: true,
    })
    await recordAuditEvent({
      category: 'admin_privileged_action',
      action: 'invitation.accept',
      companyId,
      actorUserId,
      tableName: 'invitations',
      recordId: invitationId,
      details: { role: accepted.member.role },
    })
    return { headers }
  } catch (error) {
    if (error instanceof APIError)
      throw new AppError(error.statusCode === 403 ? 'FORBIDDEN' : 'BAD_REQUEST', 'invitation.errors.cannotAccept')
    throw error
  }
}

export async function rejectInvitation(invitationId: string, auth: AuthAsCaller) {
  try {
    await auth.api.rejectInvitation({ body: { invitationId }, headers: auth.headers })
  } catch (error) {
    if (error instanceof APIError) throw new AppError('BAD_REQUEST', 'invitation.errors.cannotAccept')
    throw error
  }
}
