import { and, eq, ne } from 'drizzle-orm'
import { customDomain, organization } from '#db/schema'
import { tenantSlugFromHost } from '#app/features/companies/tenant-host'
import { withSystem } from '#app/lib/db.server'
import { getEnv, type TEnv } from '#app/lib/env.server'
import { logger } from '#app/lib/logger.server'

/*
 * Caddy's on-demand TLS asks, before it requests a certificate for a name, whether that name is
 * ours (GET /api/tls/ask?domain=…). Yes for the platform's own names, from its configuration
 * (`platformCertificateNames`: PLATFORM_DOMAIN, the host of APP_URL, and www.PLATFORM_DOMAIN with
 * PLATFORM_WWW), so the marketing site, /auth, /admin and every mail link are served over HTTPS;
 * yes for verified custom domains the operator did not reject and for active subdomains under
 * PLATFORM_DOMAIN, from memory, loaded once and dropped when a host changes (the `company_hosts`
 * notification); no for anything else (a page address alone, a pending or rejected subdomain or
 * domain, an unknown name). Fail-closed: when the list cannot be loaded, only the platform's own
 * names get a yes.
 */

export type TlsAllowList = { customHosts: Set<string>; subdomains: Set<string> }

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/

/** A host as Caddy and the configuration may spell it: lower case, no port, no final dot. */
function bareHost(host: string) {
  return host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '')
}

/**
 * The names the platform itself is served at: the apex, APP_URL's host (when the public address is
 * another name, `www.` or `app.` of it), and `www.` of the apex with PLATFORM_WWW. Only names a
 * public certificate can be issued for: never localhost or an address (a development start).
 */
export function platformCertificateNames(env: Pick<TEnv, 'PLATFORM_DOMAIN' | 'APP_URL' | 'PLATFORM_WWW'>) {
  const apex = bareHost(env.PLATFORM_DOMAIN)
  const names = [bareHost(new URL(env.APP_URL).hostname)]
  if (isCertificateName(apex)) names.push(apex, ...(env.PLATFORM_WWW ? [`www.${apex}`] : []))
  return new Set(names.filter(isCertificateName))
}

function isCertificateName(name: string) {
  return (
    name.includes('.') &&
    !IPV4.test(name) &&
    !name.startsWith('[') &&
    name !== 'localhost' &&
    !name.endsWith('.localhost')
  )
}

export function createTlsAllowList(options: {
  load: () => Promise<TlsAllowList>
  platformDomain: () => string
  /** The platform's own names (`platformCertificateNames`): known from the configuration, no list needed. */
  platformNames: () => Set<string>
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
      if (options.platformNames().has(host)) return true
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

let platformNames: Set<string> | undefined

const platformAllowList = createTlsAllowList({
  load,
  platformDomain: () => getEnv().PLATFORM_DOMAIN,
  platformNames: () => (platformNames ??= platformCertificateNames(getEnv())),
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
