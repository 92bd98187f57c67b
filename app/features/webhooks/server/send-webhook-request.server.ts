import dns from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import net from 'node:net'

/*
 * The one way a webhook leaves the platform. A company types the URL, so it must not reach the
 * platform's own network (SSRF): every address the host resolves to is checked, the connection
 * goes to a checked address (no second lookup an attacker's DNS could answer differently), and
 * redirects are never followed (a 3xx is a failed attempt).
 */

export const WEBHOOK_TIMEOUT_MS = 10_000

const blocked = new net.BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  blocked.addSubnet(network, prefix, 'ipv4')
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible ::a.b.c.d, which reach nothing public
  ['::ffff:0:0:0', 96], // IPv4-translated (SIIT), never a receiver's address
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  ['64:ff9b::', 96], // NAT64 of any IPv4
  ['64:ff9b:1::', 48], // NAT64 for local use
] as const)
  blocked.addSubnet(network, prefix, 'ipv6')

/** An IPv6 address's eight 16-bit groups (`address` is a valid one; a zone `%eth0` is dropped). */
function ipv6Groups(address: string) {
  let text = address.replace(/%.*$/, '')
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text)
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number)
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head, tail] = text.split('::')
  const groups = (part: string | undefined) => (part ? part.split(':').map((group) => Number.parseInt(group, 16)) : [])
  const before = groups(head)
  const after = groups(tail)
  return tail === undefined ? before : [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after]
}

/**
 * The IPv4 address an IPv6 one stands for, where the connection would reach it: IPv4-mapped
 * (`::ffff:127.0.0.1`, which URLs write `[::ffff:7f00:1]`) and 6to4 (`2002:7f00:1::`), or null.
 */
function embeddedIpv4(address: string) {
  const groups = ipv6Groups(address)
  const ipv4 = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) return ipv4(groups[6], groups[7])
  if (groups[0] === 0x2002) return ipv4(groups[1], groups[2])
  return null
}

/** Whether `address` is on the public internet (not private, loopback, link-local or reserved), in any IPv6 spelling. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address)
  if (family === 4) return !blocked.check(address, 'ipv4')
  if (family !== 6) return false
  const ipv4 = embeddedIpv4(address)
  if (ipv4) return isPublicAddress(ipv4)
  return !blocked.check(address.replace(/%.*$/, ''), 'ipv6')
}

export class WebhookAddressRefused extends Error {
  constructor(host: string, address: string) {
    super(`refused: ${host} is a private, loopback or link-local address (${address})`)
    this.name = 'WebhookAddressRefused'
  }
}

export class WebhookHostUnresolved extends Error {
  constructor(host: string, cause?: unknown) {
    const code = (cause as { code?: unknown } | undefined)?.code
    super(`${host} does not resolve${typeof code === 'string' ? ` (${code})` : ''}`)
    this.name = 'WebhookHostUnresolved'
  }
}

type LookupAnswer = { address: string; family: number }

/** How a host name becomes addresses: the system's resolver, or a test's stand-in (no network needed). */
export type HostLookup = (host: string) => Promise<LookupAnswer[]>

const systemLookup: HostLookup = (host) => dns.promises.lookup(host, { all: true, verbatim: true })

/**
 * Resolves `host` and refuses it unless every address is public (or private ones are allowed).
 * A name that does not resolve (no record, or no resolver answering) is WebhookHostUnresolved.
 */
export async function resolvePublicAddresses(
  host: string,
  allowPrivate: boolean,
  lookup: HostLookup = systemLookup,
): Promise<LookupAnswer[]> {
  const bare = host.replace(/^\[|\]$/g, '')
  let answers: LookupAnswer[]
  if (net.isIP(bare)) answers = [{ address: bare, family: net.isIP(bare) }]
  else
    try {
      answers = await lookup(bare)
    } catch (error) {
      throw new WebhookHostUnresolved(host, error)
    }
  if (answers.length === 0) throw new WebhookHostUnresolved(host)
  if (!allowPrivate)
    for (const { address } of answers) if (!isPublicAddress(address)) throw new WebhookAddressRefused(host, address)
  return answers
}

export type WebhookResponse = { status: number | null; durationMs: number; error: string | null }

/** POSTs one signed webhook; answers with the receiver's status or why it could not be reached. */
export async function sendWebhookRequest(
  target: string,
  headers: Record<string, string>,
  body: string,
  options: { allowPrivate: boolean; timeoutMs?: number },
): Promise<WebhookResponse> {
  const started = performance.now()
  const elapsed = () => Math.round(performance.now() - started)
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS
  try {
    const url = new URL(target)
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`unsupported protocol ${url.protocol}`)
    const [first] = await resolvePublicAddresses(url.hostname, options.allowPrivate)
    const status = await new Promise<number>((resolve, reject) => {
      const request = (url.protocol === 'https:' ? https : http).request(
        url,
        {
          method: 'POST',
          headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          // The address already checked, never a fresh lookup; TLS still checks the host's name.
          lookup: (_host, lookupOptions, callback) => {
            if ((lookupOptions as { all?: boolean }).all)
              (callback as unknown as (e: null, a: LookupAnswer[]) => void)(null, [first])
            else callback(null, first.address, first.family)
          },
          // The whole attempt, a slow trickle of an answer included.
          signal: AbortSignal.timeout(timeoutMs),
        },
        (response) => {
          // The answer's body is not kept: drained so the socket is freed.
          response.resume()
          response.on('end', () => resolve(response.statusCode ?? 0))
          response.on('error', reject)
        },
      )
      request.on('error', (error) =>
        reject(
          error.name === 'AbortError' || error.name === 'TimeoutError'
            ? new Error(`no answer within ${timeoutMs / 1000} s`)
            : error,
        ),
      )
      request.end(body)
    })
    return {
      status,
      durationMs: elapsed(),
      error:
        status >= 200 && status < 300
          ? null
          : status >= 300 && status < 400
            ? `redirect (${status}) not followed`
            : `HTTP ${status}`,
    }
  } catch (error) {
    return {
      status: null,
      durationMs: elapsed(),
      error: (error instanceof Error ? error.message : String(error)).slice(0, 500),
    }
  }
}
