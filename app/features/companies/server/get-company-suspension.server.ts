import { eq } from 'drizzle-orm'
import { organization } from '#db/schema'
import type { TenantContext } from '#app/access/context'

/** Whether the platform operator suspended the company, and why: its team sees it on every admin page. */
export async function getCompanySuspension(context: TenantContext) {
  const [row] = await context.companyRecords((db) =>
    db
      .select({ at: organization.suspendedAt, reason: organization.suspendedReason })
      .from(organization)
      .where(eq(organization.id, context.company.id)),
  )
  return row?.at ? { at: row.at, reason: row.reason ?? '' } : null
}
