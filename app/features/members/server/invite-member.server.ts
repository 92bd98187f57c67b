import { needs, type AuthAsCaller } from '#app/access/context'
import type { TenantContext } from '#app/access/context'
import type { Role } from '../permissions'
import { fromAuthError, recordTeamChange } from './team-changes.server'

/** Invites someone by e-mail with a role; Better Auth sends the invitation as the signed-in admin (`auth`). */
export const inviteMember = needs(
  'team.manage',
  async function inviteMember(context: TenantContext, invite: { email: string; role: Role }, auth: AuthAsCaller) {
    const created = await auth.api
      .createInvitation({
        body: { email: invite.email, role: invite.role, organizationId: context.company.id },
        headers: auth.headers,
      })
      .catch(fromAuthError)
    await recordTeamChange(context, 'member.invite', created.id, { email: invite.email, role: invite.role })
  },
)
