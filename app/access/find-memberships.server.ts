import { asc, eq } from 'drizzle-orm'
import { member, organization } from '#db/schema'
import type { Membership } from '#app/access/context'
import { isRole } from '#app/features/members/permissions'
import { getDb } from '#app/lib/db.server'

/** Every company a person belongs to, oldest membership first (the admin's brand switcher, the guard's default). */
export async function findMemberships(userId: string): Promise<Membership[]> {
  const rows = await getDb()
    .select({
      companyId: organization.id,
      companyName: organization.name,
      companySlug: organization.slug,
      companyLogo: organization.logo,
      plan: organization.plan,
      planValidUntil: organization.planValidUntil,
      role: member.role,
    })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(eq(member.userId, userId))
    .orderBy(asc(member.createdAt))
  return rows.flatMap((row) => (isRole(row.role) ? [{ ...row, role: row.role }] : []))
}
