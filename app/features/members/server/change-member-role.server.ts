import { needs, type AuthAsCaller } from '#app/access/context'
import type { TenantContext } from '#app/access/context'
import type { Role } from '../permissions'
import { ensureAnotherAdminRemains, fromAuthError, getCompanyMember, recordTeamChange } from './team-changes.server'

/** A member's new role; the company always keeps an admin. */
export const changeMemberRole = needs(
  'team.manage',
  async function changeMemberRole(
    context: TenantContext,
    change: { memberId: string; role: Role },
    auth: AuthAsCaller,
  ) {
    const companyId = context.company.id
    const target = await getCompanyMember(context, change.memberId)
    if (target.role === change.role) return
    if (target.role === 'admin') await ensureAnotherAdminRemains(context)
    await auth.api
      .updateMemberRole({
        body: { memberId: target.id, role: change.role, organizationId: companyId },
        headers: auth.headers,
      })
      .catch(fromAuthError)
    await recordTeamChange(context, 'member.change-role', target.id, { from: target.role, to: change.role })
  },
)
