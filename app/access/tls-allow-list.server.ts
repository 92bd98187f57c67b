import { and, eq, ne } from 'drizzle-orm'
import { customDomain, organization } from '#db/schema'
import { tenantSlugFromHost } from '#app/features/companies/tenant-host'
import { withSystem } from '#app/lib/db.server'
import { getEnv } from '#app/lib/env.server'
import { logger } from '#app/lib/logger.server'

/*
 * Caddy's on-demand TLS asks, before it requests a certificate for a name, whether that name is
 * ours (GET /api/tls/ask?domain=…). The answer comes from memory, loaded once and dropped when a
 * host changes (the `company_hosts` notification): yes for verified custom domains the operator did
 * not reject and for active subdomains under PLATFORM_DOMAIN; no for anything else (a page
 * address alone, a pending or rejected subdomain or domain, an unknown name). Fail-closed: when the list cannot be loaded, the answer
 * is no.
 */

export type TlsAllowList = { customHosts: Set<string>; subdomains: Set<string> }

export function createTlsAllowList(options: {
  load: () => Promise<TlsAllowList>
  platformDomain: () => string
  onCustomHost?: (host: string) => void
}) {
  let current: Promise<TlsAllowList> | null = null
  const allowList = () => {
    current ??= options.load().catch((error: unknown) => {
      // A failed load is not a list: the next question tries again.
      current = null
      throw error
    })
    return current
  }
  return {
    /** Whether Caddy may get a certificate for `domain`. */
    async mayIssue(domain: string): Promise<boolean> {
      const host = domain.trim().toLowerCase().replace(/\.$/, '')
      if (!/^[a-z0-9.-]{1,253}$/.test(host)) return false
      let list: TlsAllowList
      try {
        list = await allowList()
      } catch (error) {
        logger.error({ err: error }, 'TLS allow-list could not be loaded: refusing certificates')
        return false
      }
      if (list.customHosts.has(host)) {
        options.onCustomHost?.(host)
        return true
      }
      const label = tenantSlugFromHost(host, options.platformDomain())
      return label !== null && list.subdomains.has(label)
    },
    forget() {
      current = null
    },
  }
}

async function load(): Promise<TlsAllowList> {
  return withSystem(async (tx) => {
    const custom = await tx
      .select({ host: customDomain.host })
      .from(customDomain)
      .where(and(eq(customDomain.state, 'verified'), ne(customDomain.approval, 'rejected')))
    const subdomains = await tx
      .select({ label: organization.subdomain })
      .from(organization)
      .where(eq(organization.subdomainStatus, 'active'))
    return {
      customHosts: new Set(custom.map((row) => row.host)),
      subdomains: new Set(subdomains.flatMap((row) => (row.label ? [row.label] : []))),
    }
  })
}

/** Custom domains whose certificate Caddy was allowed to ask for, already recorded as such. */
const tlsMarked = new Set<string>()

/** Caddy asks right before it requests the certificate: from then on the domain's TLS is active. */
function markTlsActive(host: string) {
  if (tlsMarked.has(host)) return
  tlsMarked.add(host)
  withSystem((tx) =>
    tx
      .update(customDomain)
      .set({ tlsState: 'active' })
      .where(and(eq(customDomain.host, host), ne(customDomain.tlsState, 'active'))),
  ).catch((error) => {
    tlsMarked.delete(host)
    logger.warn({ err: error, host }, 'TLS state not recorded')
  })
}

const platformAllowList = createTlsAllowList({
  load,
  platformDomain: () => getEnv().PLATFORM_DOMAIN,
  onCustomHost: markTlsActive,
})

/** Forget the list; the next question loads it again. */
export function forgetTlsHosts() {
  platformAllowList.forget()
}

/** Whether Caddy may get a certificate for `domain`. */
export function mayIssueCertificate(domain: string) {
  return platformAllowList.mayIssue(domain)
}
