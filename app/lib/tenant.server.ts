import { redirect } from 'react-router'
import { asc, eq } from 'drizzle-orm'
import { member, organization } from '#db/schema'
import { can, isRole, type Permission, type Role } from '#app/features/members/permissions'
import { getSession, type AuthSession } from './auth.server'
import { getDb, withTenant, type Transaction } from './db.server'
import { AppError, toHttpError } from './errors'
import { withTimeout } from './with-timeout'

/** How long the admin waits for the user's access profile before saying so. */
export const PROFILE_TIMEOUT_MS = 10_000

export type Membership = { companyId: string; companyName: string; companySlug: string; companyLogo: string | null; role: Role }

export type MemberContext = {
  user: AuthSession['user']
  session: AuthSession['session']
  company: { id: string; name: string; slug: string; logo: string | null }
  role: Role
  /** Runs tenant-table queries fenced to this company (row-level security). */
  withTenant: <T>(work: (tx: Transaction) => Promise<T>) => Promise<T>
}

export async function findMemberships(userId: string): Promise<Membership[]> {
  const rows = await getDb()
    .select({
      companyId: organization.id,
      companyName: organization.name,
      companySlug: organization.slug,
      companyLogo: organization.logo,
      role: member.role,
    })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(eq(member.userId, userId))
    .orderBy(asc(member.createdAt))
  return rows.flatMap((row) => (isRole(row.role) ? [{ ...row, role: row.role }] : []))
}

/** Signed in, or sent to the sign-in screen and brought back afterwards. */
export async function requireUser(request: Request): Promise<AuthSession> {
  const auth = await getSession(request)
  if (!auth) {
    const url = new URL(request.url)
    throw redirect(`/auth?redirectTo=${encodeURIComponent(url.pathname + url.search)}`)
  }
  return auth
}

/**
 * The tenant guard. Every admin loader and action starts here: it authenticates, resolves the
 * company from the session, checks the role against the permission, and hands back a context
 * whose `withTenant` is the only way to reach tenant tables.
 */
export async function requireMember(request: Request, permission: Permission): Promise<MemberContext> {
  const auth = await requireUser(request)
  const memberships = await withTimeout(findMemberships(auth.user.id), PROFILE_TIMEOUT_MS, () => toHttpError(new AppError('INTERNAL', 'admin.error.profileTimeout')))
  if (memberships.length === 0) throw redirect('/onboarding')
  const wanted = auth.session.activeOrganizationId
  const membership = wanted ? memberships.find((m) => m.companyId === wanted) : memberships[0]
  if (!membership) {
    // The session points at a company this user does not belong to (any more).
    throw toHttpError(new AppError('FORBIDDEN', 'errors.forbidden', { companyId: wanted, status: 'not_a_member' }))
  }
  if (!can(membership.role, permission)) {
    throw toHttpError(
      new AppError('FORBIDDEN', 'errors.forbidden', { role: membership.role, companyId: membership.companyId, status: 'insufficient_role' }),
    )
  }
  const companyId = membership.companyId
  return {
    user: auth.user,
    session: auth.session,
    company: { id: companyId, name: membership.companyName, slug: membership.companySlug, logo: membership.companyLogo },
    role: membership.role,
    withTenant: (work) => withTenant(companyId, work),
  }
}
