import { APIError } from 'better-auth/api'
import { eq } from 'drizzle-orm'
import { organization } from '#db/schema'
import type { AuthAsCaller } from '#app/access/context'
import { getDb, withSystem } from '#app/lib/db.server'
import { syncCompanyPlan } from '#app/features/billing/server/sync-company-plan.server'
import { AppError } from '#app/lib/errors'
import { recordAuditEvent } from '#app/features/audit/server/record-audit-event.server'
import type { TCreateCompany } from '../companies.schema'

/**
 * Creates the company, makes the user its first admin and its active company. A further brand of
 * an Enterprise account (`coveredBy`) is attached to that company and shares its plan.
 */
export async function createCompany(
  input: TCreateCompany,
  auth: AuthAsCaller,
  actorUserId: string,
  coveredBy: string | null = null,
) {
  const taken = await getDb()
    .select({ id: organization.id })
    .from(organization)
    .where(eq(organization.slug, input.slug))
  if (taken.length > 0) throw new AppError('CONFLICT', 'onboarding.errors.slugTaken', { field: 'slug' })
  const { response: company, headers } = await auth.api
    .createOrganization({
      body: { name: input.name, slug: input.slug },
      headers: auth.headers,
      returnHeaders: true,
    })
    .catch((error: unknown) => {
      // Two people racing for the same slug: the unique index decides.
      if (error instanceof APIError && error.status === 'BAD_REQUEST')
        throw new AppError('CONFLICT', 'onboarding.errors.slugTaken', { field: 'slug' })
      throw error
    })
  if (!company) throw new AppError('INTERNAL', 'errors.generic')
  if (coveredBy) {
    await withSystem(async (tx) => {
      await tx.update(organization).set({ parentCompanyId: coveredBy }).where(eq(organization.id, company.id))
      await syncCompanyPlan(tx, company.id)
    })
  }
  await recordAuditEvent({
    category: 'admin_privileged_action',
    action: coveredBy ? 'company.create-brand' : 'company.create',
    companyId: company.id,
    actorUserId,
    tableName: 'companies',
    recordId: company.id,
  })
  return { company, headers }
}
