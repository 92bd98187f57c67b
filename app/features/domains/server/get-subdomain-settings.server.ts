import { eq } from 'drizzle-orm'
import { organization } from '#db/schema'
import { getEnv } from '#app/lib/env.server'
import { AppError } from '#app/lib/errors'
import { actorCan, type TenantContext } from '#app/access/context'
import { subdomainOrigin } from '#app/features/sharing/server/public-url.server'
import { DNS_PROPAGATION_HOURS } from './check-subdomain-dns.server'

/** The company's subdomain as its settings page shows it. */
export async function getSubdomainSettings(context: TenantContext) {
  const [row] = await context.companyRecords((db) =>
    db
      .select({
        slug: organization.slug,
        label: organization.subdomain,
        status: organization.subdomainStatus,
        requestedAt: organization.subdomainRequestedAt,
        decidedAt: organization.subdomainDecidedAt,
        rejectionReason: organization.subdomainRejectionReason,
        dnsState: organization.subdomainDnsState,
        dnsCheckedAt: organization.subdomainDnsCheckedAt,
        attempts: organization.subdomainAttempts,
        lastError: organization.subdomainLastError,
      })
      .from(organization)
      .where(eq(organization.id, context.company.id)),
  )
  if (!row) throw new AppError('NOT_FOUND', 'errors.companyNotFound')
  return {
    subdomain: { ...row, url: row.label ? subdomainOrigin(row.label) : null },
    platformDomain: getEnv().PLATFORM_DOMAIN,
    propagationHours: DNS_PROPAGATION_HOURS,
    canEdit: actorCan(context, 'company.manage'),
  }
}
