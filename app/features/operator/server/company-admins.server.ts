import { and, eq } from 'drizzle-orm'
import { member, user } from '#db/schema'
import { withSystem } from '#app/lib/db.server'

/** Who to tell about a decision on the company: its admins' addresses. */
export async function companyAdminEmails(companyId: string) {
  const rows = await withSystem((tx) =>
    tx
      .select({ email: user.email })
      .from(member)
      .innerJoin(user, eq(user.id, member.userId))
      .where(and(eq(member.organizationId, companyId), eq(member.role, 'admin'))),
  )
  return rows.map((row) => row.email)
}
