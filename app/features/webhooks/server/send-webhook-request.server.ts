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
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  ['64:ff9b::', 96], // NAT64 of any IPv4
] as const)
  blocked.addSubnet(network, prefix, 'ipv6')

/** Whether `address` is on the public internet (not private, loopback, link-local or reserved). */
export function isPublicAddress(address: string) {
  const family = net.isIP(address)
  if (family === 4) return !blocked.check(address, 'ipv4')
  if (family !== 6) return false
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped) return !blocked.check(mapped[1], 'ipv4')
  return !blocked.check(address, 'ipv6')
}

export class WebhookAddressRefused extends Error {
  constructor(host: string, address: string) {
    super(`refused: ${host} is a private, loopback or link-local address (${address})`)
    this.name = 'WebhookAddressRefused'
  }
}

type LookupAnswer = { address: string; family: number }

/** Resolves `host` and refuses it unless every address is public (or private ones are allowed). */
export async function resolvePublicAddresses(host: string, allowPrivate: boolean): Promise<LookupAnswer[]> {
  const bare = host.replace(/^\[|\]$/g, '')
  const answers: LookupAnswer[] = net.isIP(bare)
    ? [{ address: bare, family: net.isIP(bare) }]
    : await dns.promises.lookup(bare, { all: true, verbatim: true })
  if (answers.length === 0) throw new Error(`${host} has no address`)
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
