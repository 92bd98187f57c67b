import { promises as dns } from 'node:dns'
import { getEnv } from '#app/lib/env.server'

/*
 * The DNS lookups behind the subdomain and custom-domain checks (ADR 029). Node's own resolver
 * (c-ares) asks the servers directly, not the operating system's getaddrinfo, so the checks see
 * what the DNS says rather than /etc/hosts, and tests can point them at a server of their own
 * (`DNS_SERVERS`).
 */

/** The lookups the checks need; methods reject with Node's DNS errors (`code` = ENOTFOUND, ESERVFAIL…). */
export type DnsResolver = {
  resolve4(host: string): Promise<string[]>
  resolve6(host: string): Promise<string[]>
  resolveCname(host: string): Promise<string[]>
  /** One entry per TXT record, each the record's character strings (chunks of at most 255 bytes). */
  resolveTxt(host: string): Promise<string[][]>
}

/**
 * 2 s, then one retry: c-ares doubles the timeout for it, so a silent server costs both waits
 * and a little more (seen on Node 20; its Resolver has no `maxTimeout` yet).
 */
const RESOLVER_OPTIONS = { timeout: 2000, tries: 2 }

/** A resolver asking `servers` (`1.1.1.1`, `127.0.0.1:5353`, `[::1]:53`), or the system's when none are given. */
export function createResolver(servers?: string[]): DnsResolver {
  const resolver = new dns.Resolver(RESOLVER_OPTIONS)
  if (servers?.length) resolver.setServers(servers)
  return {
    resolve4: (host) => resolver.resolve4(host),
    resolve6: (host) => resolver.resolve6(host),
    resolveCname: (host) => resolver.resolveCname(host),
    resolveTxt: (host) => resolver.resolveTxt(host),
  }
}

/** The resolver configured by `DNS_SERVERS` (unset: the system's). */
export function defaultResolver(): DnsResolver {
  return createResolver(getEnv().DNS_SERVERS)
}

/**
 * The DNS could not answer (server failure, timeout, refused, unreachable): says nothing about
 * the records, so a check must not conclude "missing" from it.
 */
export class DnsUnavailableError extends Error {
  constructor(
    /** Node's error code: ESERVFAIL, ETIMEOUT, ECONNREFUSED, EREFUSED… */
    public readonly code: string,
    public readonly host: string,
    options?: { cause?: unknown },
  ) {
    super(`DNS lookup of ${host} failed (${code})`, options)
    this.name = 'DnsUnavailableError'
  }
}

/** The answers that mean "this name has no such record": NXDOMAIN, or the name without that type. */
const NO_SUCH_RECORD = new Set(['ENOTFOUND', 'ENODATA'])

/**
 * The records a lookup found: empty when the DNS says there are none, `DnsUnavailableError`
 * when it could not say. Errors without a DNS code (bugs) are passed on unchanged.
 */
export async function recordsOrEmpty<T>(host: string, lookup: Promise<T[]>): Promise<T[]> {
  try {
    return await lookup
  } catch (error) {
    if (error instanceof DnsUnavailableError) throw error
    const code = (error as { code?: unknown } | null)?.code
    if (typeof code !== 'string') throw error
    if (NO_SUCH_RECORD.has(code)) return []
    throw new DnsUnavailableError(code, host, { cause: error })
  }
}

/** A host as DNS knows it: lower case, without a port or a trailing dot. */
export function bareHost(host: string) {
  return host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '')
}

/** Compares host names the way DNS does: case-insensitively, a trailing dot ignored. */
export function isSameHost(a: string, b: string) {
  return bareHost(a) === bareHost(b)
}
