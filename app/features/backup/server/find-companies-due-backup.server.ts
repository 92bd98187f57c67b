import { eq } from 'drizzle-orm'
import { organization } from '#db/schema'
import { getEntitlements } from '#app/features/billing/entitlements'
import type { PlatformContext } from '#app/access/context'

/** Companies whose plan in effect includes automatic backups (Enterprise, and brands it covers). */
export async function findCompaniesDueBackup(sweep: PlatformContext, now = new Date()) {
  const rows = await sweep.platform((tx) =>
    tx
      .select({ id: organization.id, plan: organization.plan, planValidUntil: organization.planValidUntil })
      .from(organization)
      .where(eq(organization.plan, 'enterprise')),
  )
  return rows.filter((row) => getEntitlements(row, now).automaticBackup).map((row) => row.id)
}
