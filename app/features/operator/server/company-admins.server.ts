import { and, eq } from 'drizzle-orm'
import { member, user } from '#db/schema'
import type { Database, Transaction } from '#app/lib/db.server'
import { DEFAULT_LANGUAGE, isLanguage } from '#app/lib/i18n'

/**
 * Who to tell about the company: its admins' addresses, each with the language they last used.
 * Read with the handle its caller holds: a company's own records, or the platform's in a sweep.
 */
export async function companyAdmins(db: Database | Transaction, companyId: string) {
  const rows = await db
    .select({ email: user.email, language: user.language })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.organizationId, companyId), eq(member.role, 'admin')))
  return rows.map((row) => ({ email: row.email, language: isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE }))
}
