import { eq } from 'drizzle-orm'
import { customDomain } from '#db/schema'
import { recordAuditEvent } from '#app/features/audit/server/record-audit-event.server'
import { assertCanEditSettings } from '#app/features/companies/server/settings-access.server'
import { AppError } from '#app/lib/errors'
import { actorUserId, type TenantContext } from '#app/access/context'
import { queueDomainCheck } from './add-custom-domain.server'
import { checkCustomDomain, DomainCheckFailed } from './check-custom-domain.server'

async function ownDomain(context: TenantContext, domainId: string) {
  const [domain] = await context.withTenant((tx) =>
    tx
      .select({ id: customDomain.id, host: customDomain.host, approval: customDomain.approval })
      .from(customDomain)
      .where(eq(customDomain.id, domainId)),
  )
  if (!domain) throw new AppError('NOT_FOUND', 'domains.errors.notFound')
  return domain
}

/** The admin's "Check now": the records are read at once; if the DNS cannot answer, the job keeps trying. */
export async function checkCustomDomainNow(context: TenantContext, domainId: string) {
  assertCanEditSettings(context)
  const domain = await ownDomain(context, domainId)
  // The operator's rejection stands whatever the records say.
  if (domain.approval === 'rejected') throw new AppError('CONFLICT', 'domains.errors.rejected')
  try {
    return { state: (await checkCustomDomain(context.withTenant, domain.id))?.state ?? null }
  } catch (error) {
    if (!(error instanceof DomainCheckFailed)) throw error
    await queueDomainCheck(domain.id, 60)
    return { unavailable: true as const }
  }
}

/** Disconnects a host name: its pages stop answering there at once (every process forgets it). */
export async function removeCustomDomain(context: TenantContext, domainId: string) {
  assertCanEditSettings(context)
  const domain = await ownDomain(context, domainId)
  await context.withTenant((tx) => tx.delete(customDomain).where(eq(customDomain.id, domain.id)))
  await recordAuditEvent({
    category: 'admin_privileged_action',
    action: 'domain.remove',
    companyId: context.company.id,
    actorUserId: actorUserId(context),
    tableName: 'custom_domains',
    recordId: domain.id,
    details: { host: domain.host },
  })
}
