import { needs, type AuthAsCaller } from '#app/access/context'
import type { TenantContext } from '#app/access/context'
import { ensureAnotherAdminRemains, fromAuthError, getCompanyMember, recordTeamChange } from './team-changes.server'

/** Takes someone out of the company; the company always keeps an admin. */
export const removeMember = needs(
  'team.manage',
  async function removeMember(context: TenantContext, memberId: string, auth: AuthAsCaller) {
    const companyId = context.company.id
    const target = await getCompanyMember(context, memberId)
    if (target.role === 'admin') await ensureAnotherAdminRemains(context)
    await auth.api
      .removeMember({ body: { memberIdOrEmail: target.id, organizationId: companyId }, headers: auth.headers })
      .catch(fromAuthError)
    await recordTeamChange(context, 'member.remove', target.id, { role: target.role })
  },
)
