import { createHash } from 'node:crypto'
import { CLIENT_IP_HEADER } from './client-ip'
import { countRefusal } from './metrics.server'
import { refusedFor, rememberRefusal } from './rate-limit.server'

/*
 * A rate limit's door: where its attempts arrive and whose they are, told from what a request
 * carries before its body is read (method, host, path, query, headers, address). The server
 * answers an attempt an earlier one already got refused for right there (server/cheap-refusals.ts),
 * so a flood costs no body read, no lookup and no render. Each limit declares its door beside its
 * rule; one piece of code refuses at all of them.
 */

/** What is known of a request before its body is read. */
export type Knock = {
  method: string
  host: string
  /** The form's own address: without React Router's `.data` suffix (`/_root.data` is `/`). */
  path: string
  /** Sent by the page's script (`.data`, or asking for JSON): it waits for the route's own answer, not a page. */
  fromScript: boolean
  search: URLSearchParams
  /** The one client address the HTTP layer put on the request (CLIENT_IP_HEADER). */
  address: string
  header: (name: string) => string
}

export type RefusalDoor = {
  /** Refusals are remembered under this bucket (the rule's own, where the door counts by address). */
  bucket: string
  /** A form a browser posts gets a small fixed page; an API, a problem (application/problem+json). */
  answer: 'page' | 'problem'
  /** The refusal's text, given `minutes` and `retryAfterSeconds`. */
  messageKey: string
  /** Whether the request is an attempt this limit counts. */
  opens: (knock: Knock) => boolean
  /** Whom it is counted against: the address, unless the limit counts more finely (a gallery's PIN, a key). */
  keyOf?: (knock: Knock) => string
}

const DATA_SUFFIX = '.data'

export function knockOf(parts: {
  method: string
  host: string
  url: string
  address: string
  header: (name: string) => string
}): Knock {
  const url = new URL(parts.url, 'http://knock.invalid')
  let path = url.pathname
  const isData = path.endsWith(DATA_SUFFIX)
  const fromScript = isData || parts.header('accept').includes('application/json')
  if (isData) path = path === `/_root${DATA_SUFFIX}` ? '/' : path.slice(0, -DATA_SUFFIX.length)
  return {
    method: parts.method.toUpperCase(),
    host: parts.host,
    path,
    fromScript,
    search: url.searchParams,
    address: parts.address,
    header: parts.header,
  }
}

/**
 * A route's request, as its action sees it. React Router has taken `.data` off its address, so
 * whether a script sent it is unknown there: it is taken as sent by one, the stricter reading
 * (a browser's own post an earlier refusal covers was answered by the server before the action).
 */
export function knockOfRequest(request: Request): Knock {
  const knock = knockOf({
    method: request.method,
    host: request.headers.get('host') ?? '',
    url: request.url,
    address: request.headers.get(CLIENT_IP_HEADER) ?? '',
    header: (name) => request.headers.get(name) ?? '',
  })
  return { ...knock, fromScript: true }
}

const keyOf = (door: RefusalDoor, knock: Knock) => (door.keyOf ? door.keyOf(knock) : knock.address)

function secondsRefused(door: RefusalDoor, knock: Knock, now: number) {
  if (!door.opens(knock)) return null
  return refusedFor(door, keyOf(door, knock), now)
}

/**
 * Seconds until the attempt may be made again, when this process already refused the same one;
 * else null. Asked by the code that then answers the refusal: counted as one (the metrics).
 */
export function refusalAt(door: RefusalDoor, knock: Knock, now = Date.now()): number | null {
  const seconds = secondsRefused(door, knock, now)
  if (seconds) countRefusal(door.bucket)
  return seconds
}

/** The first door among `doors` refusing the attempt, with its seconds; not counted: the caller may pass it on to the route, which asks again. */
export function firstRefusal(doors: readonly RefusalDoor[], knock: Knock, now = Date.now()) {
  for (const door of doors) {
    const seconds = secondsRefused(door, knock, now)
    if (seconds) return { door, seconds }
  }
  return null
}

/**
 * Keeps a refusal the door's limit answered, for a door keyed by more than the address (whose
 * refusals consumeRateLimit keeps itself) or a limit counted outside the table.
 */
export function rememberAt(door: RefusalDoor, knock: Knock, retryAfterSeconds: number, now = Date.now()) {
  if (door.opens(knock)) rememberRefusal(door, keyOf(door, knock), now + retryAfterSeconds * 1000)
}

/** A secret (an API key) as a door's key: kept as a digest, never as it is. */
export function digestOf(secret: string) {
  return createHash('sha256').update(secret).digest('base64url')
}

/** The texts' values every refusal message may use. */
export function refusalParams(retryAfterSeconds: number) {
  return { retryAfterSeconds, minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)) }
}
