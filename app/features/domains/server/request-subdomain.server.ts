import { and, eq, ne, or } from 'drizzle-orm'
import { companySlugRedirect, organization } from '#db/schema'
import { recordAuditEvent } from '#app/features/audit/server/record-audit-event.server'
import { assertCanEditSettings } from '#app/features/companies/server/settings-access.server'
import { checkSubdomainJob } from '#app/jobs/definitions/domains/check-subdomain'
import { enqueue } from '#app/jobs/queue.server'
import { getEnv } from '#app/lib/env.server'
import { AppError } from '#app/lib/errors'
import { logger } from '#app/lib/logger.server'
import { actorUserId, type TenantContext } from '#app/access/context'
import { automaticRejection, type SubdomainRejection, type SubdomainStatus } from '../subdomain-rules'

/**
 * An admin asks for `{label}.PLATFORM_DOMAIN`. Reserved and offensive labels are refused on the
 * spot with the reason; a label another company answers to is taken. Otherwise the request waits
 * for the platform operator, or goes live at once where SUBDOMAIN_AUTO_APPROVE is on; a live
 * subdomain's DNS is then checked in the background, retried until the DNS answers.
 */
export async function requestSubdomain(
  context: TenantContext,
  label: string,
): Promise<{ status: SubdomainStatus; rejection: SubdomainRejection | null }> {
  assertCanEditSettings(context)
  const rejection = automaticRejection(label)
  const status: SubdomainStatus = rejection ? 'rejected' : getEnv().SUBDOMAIN_AUTO_APPROVE ? 'active' : 'pending'
  const now = new Date()
  await context.withTenant(async (tx) => {
    // Every host label answers to one company: another's subdomain, page address or former address.
    const [taken] = await tx
      .select({ id: organization.id })
      .from(organization)
      .where(
        and(
          ne(organization.id, context.company.id),
          or(eq(organization.slug, label), eq(organization.subdomain, label)),
        ),
      )
    const [formerAddress] = await tx
      .select({ id: companySlugRedirect.companyId })
      .from(companySlugRedirect)
      .where(and(eq(companySlugRedirect.oldSlug, label), ne(companySlugRedirect.companyId, context.company.id)))
    if (taken || formerAddress) throw new AppError('CONFLICT', 'subdomain.errors.taken', { field: 'label' })
    await tx
      .update(organization)
      .set({
        subdomain: label,
        subdomainStatus: status,
        subdomainRequestedAt: now,
        subdomainDecidedAt: status === 'pending' ? null : now,
        subdomainRejectionReason: rejection,
        subdomainDnsState: null,
        subdomainDnsCheckedAt: null,
        subdomainAttempts: 0,
        subdomainLastError: null,
      })
      .where(eq(organization.id, context.company.id))
  })
  await recordAuditEvent({
    category: 'admin_privileged_action',
    action: 'subdomain.request',
    companyId: context.company.id,
    actorUserId: actorUserId(context),
    tableName: 'companies',
    recordId: context.company.id,
    details: { label, status, rejection },
  })
  if (status === 'active') await queueSubdomainCheck(context.company.id)
  return { status, rejection }
}

/** Asks the workers to check the subdomain's DNS; a lost job is picked up by the periodic sweep. */
export async function queueSubdomainCheck(companyId: string) {
  await enqueue(checkSubdomainJob, { companyId }, { singletonKey: companyId }).catch((error) =>
    logger.error({ err: error, companyId }, 'subdomain check not queued'),
  )
}
