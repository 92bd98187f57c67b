import { getEnv } from '#app/lib/env.server'
import { bareHost, defaultResolver, DnsUnavailableError, recordsOrEmpty, type DnsResolver } from './dns-resolver.server'

/** What a lookup of the platform's own name says about the DNS the domain checks ask. */
export type DnsServiceCheck = {
  level: 'ok' | 'warning' | 'error'
  /** local: a platform on localhost or an address, nothing to ask; no-record: the DNS answers, without an address for the name. */
  result: 'local' | 'resolved' | 'no-record' | 'failed'
  host: string
  addresses: string[]
  /** The DNS error code when it could not answer (ETIMEOUT, ECONNREFUSED…). */
  error: string | null
  checkedAt: string
}

/** The status pages refresh every 30 s: the DNS is asked at most once a minute. */
const CACHE_MS = 60_000
let cached: { at: number; check: DnsServiceCheck } | null = null

/**
 * Can the subdomain and custom-domain checks ask the DNS at all? A lookup of the platform's own
 * name through the configured resolvers (`DNS_SERVERS`), for the operator's and the companies'
 * status pages.
 */
export async function checkDnsService(
  options: { host?: string; resolver?: DnsResolver; now?: number } = {},
): Promise<DnsServiceCheck> {
  const now = options.now ?? Date.now()
  const defaults = !options.host && !options.resolver
  if (defaults && cached && now - cached.at < CACHE_MS) return cached.check
  const host = bareHost(options.host ?? getEnv().PLATFORM_DOMAIN)
  const checkedAt = new Date(now).toISOString()
  let check: DnsServiceCheck
  if (host === 'localhost' || /^[\d.]+$/.test(host) || host.startsWith('[')) {
    check = { level: 'ok', result: 'local', host, addresses: [], error: null, checkedAt }
  } else {
    try {
      const addresses = await recordsOrEmpty(host, (options.resolver ?? defaultResolver()).resolve4(host))
      check =
        addresses.length > 0
          ? { level: 'ok', result: 'resolved', host, addresses, error: null, checkedAt }
          : { level: 'warning', result: 'no-record', host, addresses, error: null, checkedAt }
    } catch (error) {
      check = {
        level: 'error',
        result: 'failed',
        host,
        addresses: [],
        error: error instanceof DnsUnavailableError ? error.code : String(error),
        checkedAt,
      }
    }
  }
  if (defaults) cached = { at: now, check }
  return check
}
