import { and, desc, eq, sql } from 'drizzle-orm'
import { asset, contentItem, customDomain, organization } from '#db/schema'
import { checkPaymentProvider } from '#app/features/billing/server/check-payment-provider.server'
import { checkDnsService } from '#app/features/domains/server/check-dns-service.server'
import { checkReadiness } from '#app/features/health/server/check-health.server'
import { queueStandingOf } from '#app/jobs/queue.server'
import { actorCan, type TenantContext } from '#app/access/context'

export type StatusLevel = 'ok' | 'warning' | 'error'
export type CompanyStatusCheck = {
  key: 'platform' | 'jobs' | 'media' | 'subdomain' | 'dns' | 'customDomain' | 'customDomainRejected'
  level: StatusLevel
  detail: Record<string, string | number>
  checkedAt: string
}

/** How many failed files the page lists by name (the count covers them all). */
const FAILED_SHOWN = 20

/** A part of the platform a company's work leans on, named on its status page only while it is not working. */
export type PlatformPart = 'pages' | 'files' | 'mail' | 'payments' | 'domainChecks'

/**
 * The platform as a company meets it: one line, and the parts of its work that wait while a part
 * is down. How the platform runs (latencies, the dev outbox, the test payment provider, the DNS
 * resolver) is the operator's (get-platform-status.server.ts), not the customer's.
 */
export function platformCheck(parts: {
  database: string
  storage: string
  mail: string
  payments: StatusLevel
  dns: StatusLevel
}): { level: StatusLevel; parts: PlatformPart[] } {
  const down: PlatformPart[] = []
  if (parts.database !== 'ok') down.push('pages')
  if (parts.storage !== 'ok') down.push('files')
  // A part that only slows some work down; the dev outbox and the test provider are how this platform is set up, not a fault.
  const slowed: PlatformPart[] = []
  if (parts.mail === 'error') slowed.push('mail')
  if (parts.payments === 'error') slowed.push('payments')
  if (parts.dns === 'error') slowed.push('domainChecks')
  return { level: down.length ? 'error' : slowed.length ? 'warning' : 'ok', parts: [...down, ...slowed] }
}

/**
 * What the company's product depends on, as its members see it on /admin/status: whether the
 * platform is working for it (platformCheck) and what is its own (its tasks in the queue, its files
 * still processing or failed, its subdomain and DNS, its custom domains). Only this company's rows
 * are read.
 */
export async function getCompanyStatus(context: TenantContext) {
  const checkedAt = new Date().toISOString()
  const companyId = context.company.id
  const [health, payments, dns, queue, media, failedFiles, [company], domains] = await Promise.all([
    // Whether each part answers, not why not: the platform's internals are the operator's.
    checkReadiness({ detailed: false }),
    checkPaymentProvider(),
    checkDnsService(),
    queueStandingOf(companyId),
    context
      .withTenant((tx) =>
        tx
          .select({
            processing: sql<number>`count(*) filter (where ${asset.processingStatus} in ('pending', 'processing'))::int`,
            failed: sql<number>`count(*) filter (where ${asset.processingStatus} = 'failed')::int`,
          })
          .from(asset),
      )
      .then((rows) => rows[0]),
    context.withTenant((tx) =>
      tx
        .select({
          id: asset.id,
          name: asset.originalName,
          error: asset.processingError,
          contentItemId: asset.contentItemId,
          itemTitle: contentItem.title,
        })
        .from(asset)
        .leftJoin(contentItem, eq(contentItem.id, asset.contentItemId))
        .where(and(eq(asset.companyId, companyId), eq(asset.processingStatus, 'failed')))
        .orderBy(desc(asset.updatedAt))
        .limit(FAILED_SHOWN),
    ),
    context.companyRecords((db) =>
      db
        .select({
          subdomain: organization.subdomain,
          status: organization.subdomainStatus,
          dnsState: organization.subdomainDnsState,
          dnsCheckedAt: organization.subdomainDnsCheckedAt,
          lastError: organization.subdomainLastError,
        })
        .from(organization)
        .where(eq(organization.id, companyId)),
    ),
    context.withTenant((tx) =>
      tx
        .select({
          host: customDomain.host,
          state: customDomain.state,
          tlsState: customDomain.tlsState,
          checkedAt: customDomain.checkedAt,
          approval: customDomain.approval,
          rejectionReason: customDomain.rejectionReason,
          decidedAt: customDomain.decidedAt,
        })
        .from(customDomain)
        .where(eq(customDomain.companyId, companyId)),
    ),
  ])
  const platform = platformCheck({
    database: health.checks.database.status,
    storage: health.checks.storage.status,
    mail: health.checks.mail.status,
    payments: payments.level,
    dns: dns.level,
  })
  const checks: CompanyStatusCheck[] = [
    { key: 'platform', level: platform.level, detail: { parts: platform.parts.join(',') }, checkedAt },
    {
      key: 'jobs',
      level: queue.failed > 0 ? 'warning' : 'ok',
      detail: { queued: queue.queued, failed: queue.failed },
      checkedAt,
    },
    {
      key: 'media',
      level: media.failed > 0 ? 'error' : media.processing > 0 ? 'warning' : 'ok',
      detail: { processing: media.processing, failed: media.failed },
      checkedAt,
    },
  ]
  if (company?.subdomain && company.status) {
    checks.push({
      key: 'subdomain',
      level: company.status === 'active' ? 'ok' : company.status === 'pending' ? 'warning' : 'error',
      detail: { label: company.subdomain, state: company.status },
      checkedAt,
    })
    if (company.status === 'active') {
      const level: StatusLevel = company.lastError
        ? 'error'
        : company.dnsState === 'configured'
          ? 'ok'
          : company.dnsState === 'needs-configuration' || company.dnsState === 'not-found'
            ? 'error'
            : 'warning'
      checks.push({
        key: 'dns',
        level,
        detail: { state: company.dnsState ?? 'unchecked' },
        checkedAt: company.dnsCheckedAt?.toISOString() ?? checkedAt,
      })
    }
  }
  for (const domain of domains) {
    if (domain.approval === 'rejected') {
      checks.push({
        key: 'customDomainRejected',
        level: 'error',
        detail: { host: domain.host, reason: domain.rejectionReason ?? '' },
        checkedAt: domain.decidedAt?.toISOString() ?? checkedAt,
      })
      continue
    }
    const level: StatusLevel =
      domain.state === 'verified'
        ? domain.tlsState === 'active'
          ? 'ok'
          : 'warning'
        : domain.state === 'pending'
          ? 'warning'
          : 'error'
    checks.push({
      key: 'customDomain',
      level,
      detail: { host: domain.host, state: domain.state },
      checkedAt: domain.checkedAt?.toISOString() ?? checkedAt,
    })
  }
  return { checks, failedFiles, canRetry: actorCan(context, 'content.write') }
}
