import { APIError } from 'better-auth/api'
import { eq } from 'drizzle-orm'
import { organization } from '#db/schema'
import type { AuthAsCaller, TenantContext } from '#app/access/context'
import { syncCompanyPlan } from '#app/features/billing/server/sync-company-plan.server'
import { AppError } from '#app/lib/errors'
import { recordAuditEvent } from '#app/features/audit/server/record-audit-event.server'
import type { TCreateCompany } from '../companies.schema'

const slugTaken = () => new AppError('CONFLICT', 'onboarding.errors.slugTaken', { field: 'slug' })

/**
 * Creates the company, makes the user its first admin and its active company. A further brand of
 * an Enterprise account (`coveredBy`) is attached to that company and shares its plan, through the
 * new company's context (`openCompany`, from the access module: the person was no member before).
 */
export async function createCompany(
  input: TCreateCompany,
  auth: AuthAsCaller,
  actorUserId: string,
  coveredBy: { companyId: string; openCompany: (companyId: string) => Promise<TenantContext | null> } | null = null,
) {
  await auth.api
    .checkOrganizationSlug({ body: { slug: input.slug }, headers: auth.headers })
    .catch((error: unknown) => {
      throw error instanceof APIError && error.status === 'BAD_REQUEST' ? slugTaken() : error
    })
  const { response: company, headers } = await auth.api
    .createOrganization({
      body: { name: input.name, slug: input.slug },
      headers: auth.headers,
      returnHeaders: true,
    })
    .catch((error: unknown) => {
      // Two people racing for the same slug: the unique index decides.
      if (error instanceof APIError && error.status === 'BAD_REQUEST') throw slugTaken()
      throw error
    })
  if (!company) throw new AppError('INTERNAL', 'errors.generic')
  if (coveredBy) {
    const created = await coveredBy.openCompany(company.id)
    if (!created) throw new AppError('INTERNAL', 'errors.generic')
    await created.withTenant(async (tx) => {
      await tx.update(organization).set({ parentCompanyId: coveredBy.companyId }).where(eq(organization.id, company.id))
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
