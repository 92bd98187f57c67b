import { randomBytes } from 'node:crypto'
import { count, eq } from 'drizzle-orm'
import { customDomain } from '#db/schema'
import { requireEntitlement } from '#app/features/billing/entitlements'
import { recordAuditEvent } from '#app/features/audit/server/record-audit-event.server'
import { assertCanEditSettings } from '#app/features/companies/server/settings-access.server'
import { tenantSlugFromHost } from '#app/features/companies/tenant-host'
import { checkCustomDomainJob } from '#app/jobs/definitions/domains/check-custom-domain'
import { enqueue } from '#app/jobs/queue.server'
import { getEnv } from '#app/lib/env.server'
import { AppError } from '#app/lib/errors'
import { logger } from '#app/lib/logger.server'
import { actorUserId, type TenantContext } from '#app/access/context'
import { MAX_CUSTOM_DOMAINS } from '../custom-domain-rules'

/**
 * An Enterprise admin connects a host name of their own. The company is told which records to
 * add; a job checks them on a backoff schedule until they are right (or the request expires).
 */
export async function addCustomDomain(context: TenantContext, host: string) {
  assertCanEditSettings(context)
  requireEntitlement(context.entitlements, 'customDomain', 'domains.errors.plan')
  const platform = getEnv().PLATFORM_DOMAIN.replace(/:\d+$/, '')
  // The platform's own names are never a company's.
  if (host === platform || host.endsWith(`.${platform}`) || tenantSlugFromHost(host, platform))
    throw new AppError('BAD_REQUEST', 'domains.errors.platformHost', { field: 'host' })
  const token = randomBytes(16).toString('hex')
  const added = await context.withTenant(async (tx) => {
    const [{ total }] = await tx
      .select({ total: count() })
      .from(customDomain)
      .where(eq(customDomain.companyId, context.company.id))
    if (total >= MAX_CUSTOM_DOMAINS)
      throw new AppError('CONFLICT', 'domains.errors.tooMany', { field: 'host', max: MAX_CUSTOM_DOMAINS })
    const rows = await tx
      .insert(customDomain)
      .values({ companyId: context.company.id, host, token })
      .onConflictDoNothing({ target: customDomain.host })
      .returning({ id: customDomain.id })
    return rows[0]
  })
  // Taken by another company, or by this one already: the unique index says so.
  if (!added) throw new AppError('CONFLICT', 'domains.errors.taken', { field: 'host' })
  await recordAuditEvent({
    category: 'admin_privileged_action',
    action: 'domain.add',
    companyId: context.company.id,
    actorUserId: actorUserId(context),
    tableName: 'custom_domains',
    recordId: added.id,
    details: { host },
  })
  await queueDomainCheck(added.id)
  return added.id
}

export async function queueDomainCheck(domainId: string, startAfterSeconds?: number) {
  await enqueue(checkCustomDomainJob, { domainId }, { singletonKey: domainId, startAfterSeconds }).catch((error) =>
    logger.error({ err: error, domainId }, 'domain check not queued'),
  )
}
