import { getAuth } from '#app/access/auth.server'
import type { TenantContext } from '#app/access/context'
import { fromAuthError, recordTeamChange } from './team-changes.server'

export async function cancelInvitation(context: TenantContext, invitationId: string, authHeaders: Headers) {
  await getAuth().api.cancelInvitation({ body: { invitationId }, headers: authHeaders }).catch(fromAuthError)
  await recordTeamChange(context, 'member.cancel-invitation', invitationId, {})
}
