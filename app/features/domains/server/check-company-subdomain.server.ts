import { and, eq, isNull, lt, ne, or, sql } from 'drizzle-orm'
import { organization } from '#db/schema'
import type { PlatformContext, TenantContext } from '#app/access/context'
import { getEnv } from '#app/lib/env.server'
import { checkSubdomainDns } from './check-subdomain-dns.server'
import { DnsUnavailableError, type DnsResolver } from './dns-resolver.server'

/** The DNS could not be asked; the job retries with backoff and the admin sees the attempts. */
export class SubdomainCheckFailed extends Error {}

/**
 * Checks a live subdomain's DNS and records what it found. A failure to ask the DNS is recorded
 * as the setup's last error (the admin sees it, with the number of attempts and a Retry) and
 * thrown, so the job is tried again; it never changes the last state found.
 */
export async function checkCompanySubdomain(
  context: TenantContext,
  options: { resolver?: DnsResolver; now?: Date; platformHost?: string } = {},
) {
  const companyId = context.company.id
  const [company] = await context.companyRecords((db) =>
    db
      .select({
        subdomain: organization.subdomain,
        status: organization.subdomainStatus,
        decidedAt: organization.subdomainDecidedAt,
      })
      .from(organization)
      .where(eq(organization.id, companyId)),
  )
  if (!company?.subdomain || company.status !== 'active') return null
  const platformHost = options.platformHost ?? getEnv().PLATFORM_DOMAIN
  // A platform reached by its address has no names under it (tenant-host.ts): nothing to look up.
  if (/^[\d.]+(?::\d+)?$/.test(platformHost) || platformHost.startsWith('[')) return null
  const now = options.now ?? new Date()
  let failure: string | null = null
  const check = await checkSubdomainDns({
    host: `${company.subdomain}.${platformHost}`,
    platformHost,
    activatedAt: company.decidedAt ?? now,
    now,
    resolver: options.resolver,
  }).catch((error: unknown) => {
    failure =
      error instanceof DnsUnavailableError
        ? `${error.code} (${error.host})`
        : error instanceof Error
          ? error.message
          : String(error)
    return null
  })
  if (check?.transient) failure = check.failure ?? 'DNS did not answer'
  // One statement: the count goes up by one however many checks run at once.
  const attempts = sql`coalesce(${organization.subdomainAttempts}, 0) + 1`
  await context.withTenant((tx) =>
    tx
      .update(organization)
      .set(
        failure || !check
          ? { subdomainAttempts: attempts, subdomainLastError: failure, subdomainDnsCheckedAt: now }
          : {
              subdomainAttempts: attempts,
              subdomainLastError: null,
              subdomainDnsState: check.state,
              subdomainDnsCheckedAt: now,
            },
      )
      .where(eq(organization.id, companyId)),
  )
  if (failure) throw new SubdomainCheckFailed(failure)
  return check
}

/** Live subdomains not yet seen configured, or not checked for a day: the periodic sweep checks them again. */
export async function findSubdomainsToCheck(sweep: PlatformContext, now = new Date()) {
  const dayAgo = new Date(now.getTime() - 24 * 3600_000)
  const rows = await sweep.platform((tx) =>
    tx
      .select({ companyId: organization.id })
      .from(organization)
      .where(
        and(
          eq(organization.subdomainStatus, 'active'),
          or(
            isNull(organization.subdomainDnsState),
            ne(organization.subdomainDnsState, 'configured'),
            lt(organization.subdomainDnsCheckedAt, dayAgo),
          ),
        ),
      ),
  )
  return rows
}
