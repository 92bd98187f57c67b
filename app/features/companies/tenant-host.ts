/** Labels that are the platform's own, never a company's subdomain. */
const RESERVED_SUBDOMAINS = ['www', 'api', 'admin', 'cdn', 'static', 'assets', 'app']

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/

/**
 * The company a host name belongs to, in subdomain mode: `{slug}.{PLATFORM_DOMAIN}` with at
 * least three labels, not a reserved label, not localhost or an IP address. Otherwise null:
 * the host is the platform itself and companies live under `/{slug}`.
 */
export function tenantSlugFromHost(hostHeader: string | null | undefined, platformDomain: string): string | null {
  if (!hostHeader) return null
  const host = hostHeader.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '')
  const apex = platformDomain.toLowerCase().replace(/:\d+$/, '')
  // A platform on `localhost` (the zero-configuration start) gets `{label}.localhost`, which
  // browsers resolve to this machine (RFC 6761); anywhere else localhost is never a company.
  const onLocalhost = apex === 'localhost'
  if (host === 'localhost' || (host.endsWith('.localhost') && !onLocalhost) || IPV4.test(host) || host.startsWith('['))
    return null
  const labels = host.split('.')
  if (labels.length < (onLocalhost ? 2 : 3) || !host.endsWith(`.${apex}`)) return null
  const sub = host.slice(0, -(apex.length + 1))
  if (sub.includes('.') || RESERVED_SUBDOMAINS.includes(sub) || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(sub)) return null
  return sub
}
