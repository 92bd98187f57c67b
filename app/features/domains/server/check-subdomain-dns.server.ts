import type { SubdomainDnsState } from '../subdomain-rules'
import { DnsUnavailableError, bareHost, defaultResolver, recordsOrEmpty, type DnsResolver } from './dns-resolver.server'

/*
 * Does a company's subdomain reach us yet? Subdomains are served through one wildcard record,
 * `*.PLATFORM_DOMAIN`, so nobody edits DNS per company: a subdomain "is configured" when its name
 * resolves to the platform's own addresses. A new wildcard (or a name cached as missing) can
 * take hours to be seen everywhere, hence the waiting state before "not found".
 */

/** The spec's "DNS propagation 4 to 6 hours": the screens quote both; the check waits for the longer. */
export const DNS_PROPAGATION_HOURS = { min: 4, max: 6 } as const

export type SubdomainDnsCheck = {
  state: SubdomainDnsState
  checkedAt: Date
  /** The subdomain's A and AAAA addresses as found (empty without a lookup or when none exist). */
  addresses: string[]
  /** The DNS could not answer: `waiting-verification` says nothing about the records. */
  transient?: true
  /** Why, when it could not: the resolver's error code and the name asked. */
  failure?: string
}

/** `localhost` and `*.localhost` always resolve to loopback in browsers (RFC 6761 §6.3). */
function isLocalhost(host: string) {
  return host === 'localhost' || host.endsWith('.localhost')
}

async function addressesOf(resolver: DnsResolver, host: string) {
  const [v4, v6] = await Promise.all([
    recordsOrEmpty(host, resolver.resolve4(host)),
    recordsOrEmpty(host, resolver.resolve6(host)),
  ])
  return [...v4, ...v6]
}

function isWithinPropagation(activatedAt: Date, now: Date) {
  return now.getTime() - activatedAt.getTime() < DNS_PROPAGATION_HOURS.max * 60 * 60 * 1000
}

export async function checkSubdomainDns(input: {
  /** The subdomain, e.g. `night-owls.afterglow.example` (a port is ignored). */
  host: string
  /** `PLATFORM_DOMAIN` (a port is ignored). */
  platformHost: string
  /** When the subdomain went live: the propagation window starts here. */
  activatedAt: Date
  now?: Date
  resolver?: DnsResolver
}): Promise<SubdomainDnsCheck> {
  const checkedAt = input.now ?? new Date()
  const host = bareHost(input.host)
  const platformHost = bareHost(input.platformHost)
  if (isLocalhost(platformHost)) return { state: 'configured', checkedAt, addresses: [] }

  const resolver = input.resolver ?? defaultResolver()
  let found: [string[], string[]]
  try {
    found = await Promise.all([addressesOf(resolver, host), addressesOf(resolver, platformHost)])
  } catch (error) {
    // Never a false "not found": the next check decides.
    if (error instanceof DnsUnavailableError)
      return {
        state: 'waiting-verification',
        checkedAt,
        addresses: [],
        transient: true,
        failure: `${error.code} (${error.host})`,
      }
    throw error
  }

  const [addresses, platformAddresses] = found
  if (addresses.length === 0) {
    const state = isWithinPropagation(input.activatedAt, checkedAt) ? 'waiting-verification' : 'not-found'
    return { state, checkedAt, addresses }
  }
  const isOurs = addresses.every((address) => platformAddresses.includes(address))
  return { state: isOurs ? 'configured' : 'needs-configuration', checkedAt, addresses }
}
