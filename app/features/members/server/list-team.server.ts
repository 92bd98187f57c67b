import { and, asc, eq, gt } from 'drizzle-orm'
import { invitation, member, user } from '#db/schema'
import { needs, type TenantContext } from '#app/access/context'

/** Members and pending invitations of the company, for the team page. */
export const listTeam = needs('team.manage', async function listTeam(context: TenantContext) {
  const companyId = context.company.id
  const [members, invitations] = await context.companyRecords((db) =>
    Promise.all([
      db
        .select({
          id: member.id,
          userId: user.id,
          name: user.name,
          email: user.email,
          role: member.role,
          joinedAt: member.createdAt,
        })
        .from(member)
        .innerJoin(user, eq(user.id, member.userId))
        .where(eq(member.organizationId, companyId))
        .orderBy(asc(member.createdAt)),
      db
        .select({ id: invitation.id, email: invitation.email, role: invitation.role, expiresAt: invitation.expiresAt })
        .from(invitation)
        .where(
          and(
            eq(invitation.organizationId, companyId),
            eq(invitation.status, 'pending'),
            gt(invitation.expiresAt, new Date()),
          ),
        )
        .orderBy(asc(invitation.createdAt)),
    ]),
  )
  return { members, invitations }
})
