import { eq } from 'drizzle-orm'
import { organization } from '#db/schema'
import { actorCan, type TenantContext } from '#app/access/context'
import { AppError } from '#app/lib/errors'

/** Everything the settings pages show about the company, and whether this person may change it. */
export async function getCompanySettings(context: TenantContext) {
  const [row] = await context.companyRecords((db) =>
    db.select().from(organization).where(eq(organization.id, context.company.id)),
  )
  if (!row) throw new AppError('NOT_FOUND', 'errors.companyNotFound')
  const {
    publicVersion: _publicVersion,
    publicMediaVersion: _publicMediaVersion,
    metadata: _metadata,
    ...company
  } = row
  return { company, canEdit: actorCan(context, 'company.manage'), entitlements: context.entitlements }
}

export type CompanySettings = Awaited<ReturnType<typeof getCompanySettings>>['company']
