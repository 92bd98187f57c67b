import { and, eq, gt } from 'drizzle-orm'
import { invitation, organization, user } from '#db/schema'
import { getDb } from '#app/lib/db.server'

export type InvitationView = {
  id: string
  email: string
  role: string
  status: string
  isExpired: boolean
  companyName: string
  inviterName: string
}

export async function getInvitation(invitationId: string): Promise<InvitationView | null> {
  const [row] = await getDb()
    .select({
      id: invitation.id,
      email: invitation.email,
      role: invitation.role,
      status: invitation.status,
      expiresAt: invitation.expiresAt,
      companyName: organization.name,
      inviterName: user.name,
    })
    .from(invitation)
    .innerJoin(organization, eq(organization.id, invitation.organizationId))
    .innerJoin(user, eq(user.id, invitation.inviterId))
    .where(eq(invitation.id, invitationId))
  if (!row) return null
  return { ...row, role: row.role ?? 'user', isExpired: row.expiresAt.getTime() < Date.now() }
}

/** Pending, unexpired invitations addressed to this e-mail (shown during onboarding). */
export async function findPendingInvitations(email: string) {
  return getDb()
    .select({ id: invitation.id, role: invitation.role, companyName: organization.name })
    .from(invitation)
    .innerJoin(organization, eq(organization.id, invitation.organizationId))
    .where(
      and(
        eq(invitation.email, email.toLowerCase()),
        eq(invitation.status, 'pending'),
        gt(invitation.expiresAt, new Date()),
      ),
    )
}
