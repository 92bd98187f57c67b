import { and, eq } from 'drizzle-orm'
import { member, user } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { DEFAULT_LANGUAGE, isLanguage } from '#app/lib/i18n'

/** Who to tell about the company: its admins' addresses, each with the language they last used. */
export async function companyAdmins(companyId: string) {
  const rows = await withSystem((tx) =>
    tx
      .select({ email: user.email, language: user.language })
      .from(member)
      .innerJoin(user, eq(user.id, member.userId))
      .where(and(eq(member.organizationId, companyId), eq(member.role, 'admin'))),
  )
  return rows.map((row) => ({ email: row.email, language: isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE }))
}
