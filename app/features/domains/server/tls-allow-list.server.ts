import { and, eq, ne } from 'drizzle-orm'
import { customDomain, organization } from '#db/schema'
import { tenantSlugFromHost } from '#app/features/companies/tenant-host'
import { withSystem } from '#app/lib/db.server'
import { getEnv } from '#app/lib/env.server'
import { logger } from '#app/lib/logger.server'

/*
 * Caddy's on-demand TLS asks, before it requests a certificate for a name, whether that name is
 * ours (GET /api/tls/ask?domain=…). The answer comes from memory, loaded once and dropped when a
 * host changes (the `company_hosts` notification): yes for verified custom domains and for the
 * company labels under PLATFORM_DOMAIN (page addresses and active subdomains), no for anything
 * else. Fail-closed: when the list cannot be loaded, the answer is no.
 */

type AllowList = { customHosts: Set<string>; labels: Set<string> }

let current: Promise<AllowList> | null = null
/** Custom domains whose certificate Caddy was allowed to ask for, already recorded as such. */
const tlsMarked = new Set<string>()

async function load(): Promise<AllowList> {
  return withSystem(async (tx) => {
    const custom = await tx.select({ host: customDomain.host }).from(customDomain).where(eq(customDomain.state, 'verified'))
    const companies = await tx.select({ slug: organization.slug, subdomain: organization.subdomain, status: organization.subdomainStatus }).from(organization)
    const labels = new Set<string>()
    for (const company of companies) {
      labels.add(company.slug)
      if (company.subdomain && company.status === 'active') labels.add(company.subdomain)
    }
    return { customHosts: new Set(custom.map((row) => row.host)), labels }
  })
}

function allowList() {
  current ??= load().catch((error: unknown) => {
    current = null
    throw error
  })
  return current
}

/** Forget the list; the next question loads it again. */
export function forgetTlsHosts() {
  current = null
}

/** Whether Caddy may get a certificate for `domain`. */
export async function mayIssueCertificate(domain: string): Promise<boolean> {
  const host = domain.trim().toLowerCase().replace(/\.$/, '')
  if (!/^[a-z0-9.-]{1,253}$/.test(host)) return false
  let list: AllowList
  try {
    list = await allowList()
  } catch (error) {
    logger.error({ err: error }, 'TLS allow-list could not be loaded: refusing certificates')
    return false
  }
  if (list.customHosts.has(host)) {
    markTlsActive(host)
    return true
  }
  const label = tenantSlugFromHost(host, getEnv().PLATFORM_DOMAIN)
  return label !== null && list.labels.has(label)
}

/** Caddy asks right before it requests the certificate: from then on the domain's TLS is active. */
function markTlsActive(host: string) {
  if (tlsMarked.has(host)) return
  tlsMarked.add(host)
  withSystem((tx) => tx.update(customDomain).set({ tlsState: 'active' }).where(and(eq(customDomain.host, host), ne(customDomain.tlsState, 'active')))).catch((error) => {
    tlsMarked.delete(host)
    logger.warn({ err: error, host }, 'TLS state not recorded')
  })
}
