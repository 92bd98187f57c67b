import { and, eq, lt, ne } from 'drizzle-orm'
import { customDomain } from '#db/schema'
import type { Fence, PlatformContext } from '#app/access/context'
import { getEnv } from '#app/lib/env.server'
import type { DnsResolver } from './dns-resolver.server'
import { verifyCustomDomain } from './verify-custom-domain.server'

/** The DNS could not be asked: the job is retried with backoff; the last state stands. */
export class DomainCheckFailed extends Error {}

/** When to look again at records that are not right yet: soon at first, then every few hours. */
export const RECHECK_SECONDS = [60, 300, 900, 3600, 6 * 3600] as const

export function nextRecheckSeconds(attempts: number) {
  return RECHECK_SECONDS[Math.min(attempts, RECHECK_SECONDS.length - 1)]
}

/**
 * Checks a custom domain's records and stores what it found. A transient DNS failure never
 * downgrades the domain (a verified one stays verified); it is counted and thrown, so the job
 * tries again with backoff. Returns the stored state, or null when the domain is gone or the
 * operator rejected it (it will not serve, so there is nothing left to check).
 */
export async function checkCustomDomain(
  fence: Fence,
  domainId: string,
  options: { resolver?: DnsResolver; target?: string } = {},
) {
  const [domain] = await fence((tx) =>
    tx
      .select()
      .from(customDomain)
      .where(and(eq(customDomain.id, domainId), ne(customDomain.approval, 'rejected'))),
  )
  if (!domain) return null
  const check = await verifyCustomDomain({
    host: domain.host,
    token: domain.token,
    target: options.target ?? customDomainTarget(),
    resolver: options.resolver,
  })
  const now = new Date()
  if (check.state === 'transient') {
    const error =
      check.problems.map((problem) => problem.found?.join(', ') ?? problem.code).join('; ') || 'DNS did not answer'
    await fence((tx) =>
      tx
        .update(customDomain)
        .set({ attempts: domain.attempts + 1, lastError: error, checkedAt: now })
        .where(eq(customDomain.id, domainId)),
    )
    throw new DomainCheckFailed(error)
  }
  const state = check.state
  await fence((tx) =>
    tx
      .update(customDomain)
      .set({
        state,
        problems: check.problems.map((problem) => problem.code),
        checkedAt: now,
        attempts: domain.attempts + 1,
        lastError: null,
        verifiedAt: state === 'verified' ? (domain.verifiedAt ?? now) : domain.verifiedAt,
      })
      .where(eq(customDomain.id, domainId)),
  )
  return { state, attempts: domain.attempts + 1, host: domain.host, companyId: domain.companyId }
}

/** Where custom domains point their CNAME: the platform's host name. */
export function customDomainTarget() {
  return getEnv().PLATFORM_DOMAIN.replace(/:\d+$/, '')
}

/** Requests still unverified after `days`: reminders and expiry read them. */
export async function findUnverifiedDomains(sweep: PlatformContext, olderThan: Date) {
  return sweep.platform((tx) =>
    tx
      .select()
      .from(customDomain)
      .where(and(ne(customDomain.state, 'verified'), lt(customDomain.createdAt, olderThan))),
  )
}
