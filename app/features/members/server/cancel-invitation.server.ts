import { needs, type AuthAsCaller } from '#app/access/context'
import type { TenantContext } from '#app/access/context'
import { fromAuthError, recordTeamChange } from './team-changes.server'

export const cancelInvitation = needs(
  'team.manage',
  async function cancelInvitation(context: TenantContext, invitationId: string, auth: AuthAsCaller) {
    await auth.api.cancelInvitation({ body: { invitationId }, headers: auth.headers }).catch(fromAuthError)
    await recordTeamChange(context, 'member.cancel-invitation', invitationId, {})
  },
)
