import { eq } from 'drizzle-orm'
import { organization } from '#db/schema'
import type { TenantContext } from '#app/access/context'
import { accountDeletionDate } from '../account-closure'

/** Whether an admin closed the account, and when it will be deleted: its team sees it on every admin page. */
export async function getCompanyClosure(context: TenantContext) {
  const [row] = await context.companyRecords((db) =>
    db.select({ closedAt: organization.closedAt }).from(organization).where(eq(organization.id, context.company.id)),
  )
  return row?.closedAt ? { closedAt: row.closedAt, deletesOn: accountDeletionDate(row.closedAt) } : null
}
