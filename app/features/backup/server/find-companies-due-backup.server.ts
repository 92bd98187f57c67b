import { eq } from 'drizzle-orm'
import { organization } from '#db/schema'
import { getEntitlements } from '#app/features/billing/entitlements'
import { getDb } from '#app/lib/db.server'

/** Companies whose plan in effect includes automatic backups (Enterprise, and brands it covers). */
export async function findCompaniesDueBackup(now = new Date()) {
  const rows = await getDb()
    .select({ id: organization.id, plan: organization.plan, planValidUntil: organization.planValidUntil })
    .from(organization)
    .where(eq(organization.plan, 'enterprise'))
  return rows.filter((row) => getEntitlements(row, now).automaticBackup).map((row) => row.id)
}
