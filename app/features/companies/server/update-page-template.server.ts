import { eq } from 'drizzle-orm'
import { organization } from '#db/schema'
import { recordAuditEvent } from '#app/features/audit/server/record-audit-event.server'
import type { PageTemplate } from '#app/features/companies/page-template'
import { AppError } from '#app/lib/errors'
import { actorUserId, type TenantContext } from '#app/access/context'
import { assertCanEditSettings } from './settings-access.server'

/**
 * Saves how the company's fans' pages look. Kept on every plan (a Starter admin may prepare it)
 * and shown to fans where the plan includes templates; the row's change bumps the public
 * version (migration 0006), so fans see it on their next request.
 */
export async function updatePageTemplate(context: TenantContext, template: PageTemplate) {
  assertCanEditSettings(context)
  const [saved] = await context.withTenant((tx) =>
    tx
      .update(organization)
      .set({ template })
      .where(eq(organization.id, context.company.id))
      .returning({ id: organization.id }),
  )
  if (!saved) throw new AppError('NOT_FOUND', 'errors.companyNotFound')
  await recordAuditEvent({
    category: 'admin_privileged_action',
    action: 'company.template.update',
    companyId: context.company.id,
    actorUserId: actorUserId(context),
    tableName: 'companies',
    recordId: context.company.id,
    details: { ...template },
  })
}
