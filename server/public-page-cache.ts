import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { NextFunction, Request, Response } from 'express'
import { getPool } from '#app/lib/db.server'
import { isDatabaseUnavailable } from '#app/lib/errors'
import { countPageCache } from '#app/lib/metrics.server'
import { LANGUAGE_COOKIE } from '#app/lib/i18n'
import { CHANGES_AT_HEADER } from '#app/lib/page-changes-at'
import { PLATFORM_PAGES } from '#app/lib/i18n-areas'
import { resolveHost, type HostMatch } from '#app/access/resolve-host.server'
import { ACCESS_COOKIE_PREFIX } from '#app/features/galleries/protection/server/access-cookie.server'
import { isReservedSegment } from '#app/features/public/server/reserved-segments.server'
import { withCompanyVersionRead, type CompanyVersionRead } from '#app/access/company-version-read.server'
import { nameRoute } from './request-log'
import { noteCaller } from '#app/lib/log-context.server'
import { LeastRecentlyUsed } from './least-recently-used'
import { visitorLanguage } from './visitor-language'

/*
 * Fans arrive in bursts right after a show, all asking for the same few pages. Those pages are
 * the same for every fan of one language, so each process keeps the rendered HTML, with its
 * gzip and brotli bytes made once (on its first hit), and serves it again until the company
 * changes something fans can see (migration 0008 says what counts).
 *
 * Every fan gets the cached page, whatever cookies they carry: a page in the cache's scope is
 * rendered from a request stripped of every cookie but the language one, so nothing personal
 * (a lead, a session) can reach a shared entry. What differs per fan is asked by the page itself
 * (a download checks with the server whether the fan's details are needed).
 *
 * Freshness: the company's versions are read from the database before each page is served, but
 * one read serves every request that arrived before it started (see `VersionReader`). An edit
 * shows on the very next request; photos that finish processing during an upload are folded into
 * at most one new page per second (`MEDIA_FOLD_MS`); while that page renders, fans get the one
 * it replaces. Concurrent misses of one page wait for a single render. The player is not kept:
 * it was left out while it counted views itself; views now come from fans' events (ADR 040), so
 * nothing stands in the way of keeping it but the work.
 */

const SLUG = '[a-z0-9]+(?:-[a-z0-9]+)*'
const PAGE_SLUG = '[A-Za-z0-9._~%-]+'
// A gallery's further pages of photos (`/fotos`, JSON) are kept with it.
const COMPANY_PAGE_ON_PLATFORM = new RegExp(
  `^/(${SLUG})(?:/galeria/${PAGE_SLUG}(?:/fotos)?|/evento/${PAGE_SLUG}|/termos|/privacidade)?/?$`,
)
const COMPANY_PAGE_ON_SUBDOMAIN = new RegExp(
  `^/(?:galeria/${PAGE_SLUG}(?:/fotos)?|evento/${PAGE_SLUG}|termos|privacidade)?/?$`,
)
const KEPT_TYPES = /^(?:text\/html|application\/json)/

// What a hit is sent with: the page's own headers and the security headers of its render (whose
// script policy is replaced, see cachedPagePolicy); hits are answered before those middlewares run.
const STORED_HEADERS = [
  'content-type',
  'cache-control',
  'content-language',
  'link',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'permissions-policy',
  'cross-origin-opener-policy',
  'strict-transport-security',
]
const MAX_ENTRY_BYTES = 2 * 1024 * 1024
/** Photos finishing processing change a company's pages at most this often. */
export const MEDIA_FOLD_MS = 1000

type Scope = { kind: 'platform' } | { kind: 'company'; slug: string }

/** What a page was rendered from: the company's edits and its processed media, counted apart. */
export type PageVersion = { edits: string; media: number }

type Bodies = { identity: Buffer; gzip?: Buffer; br?: Buffer }

export type Entry = {
  version: PageVersion
  /** Compressed copies are made on the entry's first hit: a page asked for once never pays for them. */
  compressing?: Promise<void>
  /** The policy the page was rendered with, until its first hit works out the one it is kept with (same reason). */
  renderedPolicy?: string
  renderedAt: number
  /** When the page changes by itself (a gallery it shows ends): kept until then at most. */
  changesAt?: number
  status: number
  headers: Record<string, string>
  /** The headers as sent, by state and encoding (see headersOf); made once the entry's policy is known. */
  sentHeaders?: Map<string, { length: number; headers: string[] }>
  bodies: Bodies
  bytes: number
}

/** Which cache a request to `host` belongs to, or null when it must always be rendered. */
export function cacheScope(host: HostMatch, pathname: string): Scope | null {
  if (host.kind === 'company')
    return host.company && COMPANY_PAGE_ON_SUBDOMAIN.test(pathname)
      ? { kind: 'company', slug: host.company.slug }
      : null
  if (PLATFORM_PAGES.has(pathname)) return { kind: 'platform' }
  const match = COMPANY_PAGE_ON_PLATFORM.exec(pathname)
  if (!match || isReservedSegment(match[1])) return null
  return { kind: 'company', slug: match[1] }
}

/** The request's cookies reduced to the one that may change a cached page: the language choice. */
export function sharedCookies(cookieHeader: string | undefined) {
  if (!cookieHeader) return ''
  return cookieHeader
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.split('=')[0] === LANGUAGE_COOKIE)
    .join('; ')
}

/**
 * Parameters that social networks, ads and newsletters add to a shared link (a click id unique
 * to each fan who taps it, campaign tags), and the photo a fan's shared link opens the viewer on
 * (`foto`) or the Find me set it shows (`encontrei`), read by the page's own script. No server render reads them; kept in the key, each
 * would make every fan arriving from a post a miss, and fill the cache with copies of one page.
 */
const LINK_TRACKING_PARAMETER =
  /^(?:foto|encontrei|encontre-me|utm_[a-z_]+|fbclid|gclid|gbraid|wbraid|dclid|msclkid|igshid|igsh|ttclid|twclid|sccid|epik|li_fat_id|mc_cid|mc_eid|_hsenc|_hsmi|mkt_tok|srsltid|yclid|_ga|_gl)$/i

/** A request's query without the link-tracking parameters (the rest kept in their order), '' when nothing is left; as it came when it has none. */
export function withoutLinkTracking(search: string) {
  if (!search) return ''
  const parameters = new URLSearchParams(search)
  const tracking = [...new Set(parameters.keys())].filter((name) => LINK_TRACKING_PARAMETER.test(name))
  if (tracking.length === 0) return search
  for (const name of tracking) parameters.delete(name)
  const kept = parameters.toString()
  return kept ? `?${kept}` : ''
}

/** Whether a request carries a protected gallery's access cookie (see access-cookie.server.ts). */
export function holdsGalleryAccess(cookieHeader: string | undefined) {
  return Boolean(cookieHeader?.split(';').some((part) => part.trim().startsWith(ACCESS_COOKIE_PREFIX)))
}

/** Whether an entry shows what fans saw before something it holds ended (see page-changes-at.ts). */
const outlived = (entry: Pick<Entry, 'changesAt'>, now: number) =>
  entry.changesAt !== undefined && now >= entry.changesAt

/** An entry still shows what fans should see: same edits, nothing in it ended, and its media at most a fold old. */
export function isCurrent(
  entry: Pick<Entry, 'version' | 'renderedAt' | 'changesAt'>,
  version: PageVersion,
  now: number,
) {
  if (entry.version.edits !== version.edits || outlived(entry, now)) return false
  return entry.version.media === version.media || now - entry.renderedAt < MEDIA_FOLD_MS
}

/** An entry's bytes: its page, and its compressed copies once made. */
const bytesOf = (entry: Entry) => entry.bytes

/**
 * The kept pages. A page's plain address and its addresses with a query (`?type=videos`,
 * `?chapter=3`, or parameters anyone can make up, a new one each request) are kept within budgets
 * of their own: a flood of made-up query strings pushes out only pages kept for other query
 * strings, never the plain pages nearly every fan asks for. Keys are `host|path?query|language`
 * (see `serve`): a key holds a `?` when its address has a query.
 */
export class PageCache {
  private plain: LeastRecentlyUsed<Entry>
  private queried: LeastRecentlyUsed<Entry>

  constructor(limits: { maxBytes: number; maxQueryBytes?: number }) {
    this.plain = new LeastRecentlyUsed(limits.maxBytes, bytesOf)
    this.queried = new LeastRecentlyUsed(limits.maxQueryBytes ?? Math.floor(limits.maxBytes / 3), bytesOf)
  }

  private keptFor(key: string) {
    return key.includes('?') ? this.queried : this.plain
  }

  get(key: string, version: PageVersion, now = Date.now()) {
    const kept = this.keptFor(key)
    const entry = kept.peek(key)
    if (!entry) return undefined
    if (entry.version.edits !== version.edits || outlived(entry, now)) {
      kept.delete(key)
      return undefined
    }
    // Older photos only: kept, for fans who come while its successor renders (see `previous`).
    if (!isCurrent(entry, version, now)) return undefined
    kept.touch(key, entry)
    return entry
  }

  /** The page kept with the same edits as `version` and older photos, if any (never after an edit). */
  previous(key: string, version: PageVersion, now = Date.now()) {
    const entry = this.keptFor(key).peek(key)
    return entry?.version.edits === version.edits && !outlived(entry, now) ? entry : undefined
  }

  /** Whatever is kept at `key`, of any version: served while the database cannot say which is current. */
  kept(key: string) {
    return this.keptFor(key).peek(key)
  }

  set(key: string, entry: Entry) {
    this.keptFor(key).set(key, entry)
  }

  /** Adds the compressed bytes once they are made (for the fans waiting for them), counted if the entry is still the same one. */
  addCompressed(key: string, entry: Entry, compressed: { gzip: Buffer; br: Buffer }) {
    entry.bodies.gzip = compressed.gzip
    entry.bodies.br = compressed.br
    const kept = this.keptFor(key)
    if (kept.peek(key) !== entry) return
    entry.bytes += compressed.gzip.length + compressed.br.length
    kept.grow(compressed.gzip.length + compressed.br.length)
  }

  get size() {
    return this.plain.size + this.queried.size
  }
}

/**
 * Reads a company's page version for many requests at once without ever answering older than a
 * request: a request that arrives while a read is under way waits for the next one, which starts
 * when that read ends. Under load one query serves every request of its round trip.
 */
export class VersionReader<T> {
  private reads = new Map<string, { running: Promise<T>; next?: Promise<T> }>()

  constructor(private readonly query: (slug: string) => Promise<T>) {}

  read(slug: string): Promise<T> {
    const state = this.reads.get(slug)
    if (!state) return this.start(slug)
    state.next ??= state.running.then(
      () => this.start(slug),
      () => this.start(slug),
    )
    return state.next
  }

  private start(slug: string): Promise<T> {
    const running = this.query(slug)
    const state = { running }
    this.reads.set(slug, state)
    const settle = () => {
      if (this.reads.get(slug) === state) this.reads.delete(slug)
    }
    running.then(settle, settle)
    return running
  }
}

/** Asked for every page served, so a named (prepared once per connection) statement on the pool. */
async function companyVersion(slug: string): Promise<CompanyVersionRead | null> {
  const { rows } = await getPool().query<{ id: string; public_version: number; public_media_version: number }>({
    name: 'public-page-version',
    text: 'select id, public_version, public_media_version from companies where slug = $1',
    values: [slug],
  })
  return rows[0]
    ? { slug, id: rows[0].id, publicVersion: rows[0].public_version, publicMediaVersion: rows[0].public_media_version }
    : null
}

/**
 * A company's page version: its edits counted with its id, so that a company taking a slug
 * another one gave up never gets that one's pages, whatever their counts.
 */
function pageVersionOf(read: CompanyVersionRead): PageVersion {
  return { edits: `c${read.id}.${read.publicVersion}`, media: read.publicMediaVersion }
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi

/**
 * The policy a stored page is served with: its inline scripts allowed by their hashes and the
 * site's own script files by origin, instead of the nonce of the response that rendered it (a
 * nonce sent to every fan would be no secret). Styles, frames and the rest stay as they were.
 */
export function cachedPagePolicy(policy: string, html: string) {
  const hashes = new Set<string>()
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc\s*=/i.test(attributes) || body.length === 0) continue
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`)
  }
  return policy
    .split(';')
    .map((directive) => {
      const trimmed = directive.trim()
      if (!trimmed.startsWith('script-src ')) return trimmed
      return ['script-src', `'self'`, ...hashes].join(' ')
    })
    .join('; ')
}

const gzip = promisify(zlib.gzip)
const brotli = promisify(zlib.brotliCompress)

async function compress(body: Buffer) {
  const [gzipped, brotlied] = await Promise.all([
    gzip(body, { level: 9 }),
    // A window of 256 KB covers any page kept (the default 4 MB costs memory and time to set up and free).
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
        [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    }),
  ])
  return { gzip: gzipped, br: brotlied }
}

/** The encodings a client takes (an Accept-Encoding header), those it refuses (q=0) left out. */
function acceptedEncodings(acceptEncoding: string | undefined) {
  return (acceptEncoding ?? '')
    .toLowerCase()
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || !/^q=0(?:\.0*)?$/.test(q.trim()))
    .map(([name]) => name)
}

/** The stored bytes a client asked for: brotli, then gzip, else plain. */
function pickEncoding(
  acceptEncoding: string | undefined,
  bodies: Bodies,
): { encoding: 'br' | 'gzip' | null; body: Buffer } {
  const accepted = acceptedEncodings(acceptEncoding)
  if (bodies.br && accepted.includes('br')) return { encoding: 'br', body: bodies.br }
  if (bodies.gzip && accepted.includes('gzip')) return { encoding: 'gzip', body: bodies.gzip }
  return { encoding: null, body: bodies.identity }
}

type Served = 'hit' | 'stale' | 'stale-if-error'

/**
 * What one kept answer is sent with, as Node's writeHead takes it (name, value, name, value…),
 * made once per entry, state and encoding: under a burst every fan's page is the same bytes,
 * and setting fifteen headers one by one, each checked and stored, cost more than writing them.
 */
function headersOf(entry: Entry, state: Served, encoding: 'br' | 'gzip' | null, length: number) {
  const cacheKey = `${state} ${encoding ?? ''}`
  const made = entry.sentHeaders?.get(cacheKey)
  if (made && made.length === length) return made.headers
  const headers: string[] = []
  for (const [name, value] of Object.entries(entry.headers)) headers.push(name, value)
  headers.push('Vary', 'Accept-Encoding', 'X-Afterglow-Cache', state)
  // With Content-Encoding set, the compression middleware leaves the bytes alone.
  if (encoding) headers.push('Content-Encoding', encoding)
  headers.push('Content-Length', String(length))
  entry.sentHeaders ??= new Map()
  entry.sentHeaders.set(cacheKey, { length, headers })
  return headers
}

function send(req: IncomingMessage, res: ServerResponse, entry: Entry, state: Served) {
  countPageCache(state === 'hit' ? 'hit' : 'stale')
  const { encoding, body } = pickEncoding(req.headers['accept-encoding'], entry.bodies)
  res.writeHead(entry.status, headersOf(entry, state, encoding, body.length))
  res.end(req.method === 'HEAD' ? undefined : body)
}

type Pending = { key: string; version: PageVersion }

/**
 * Two middlewares around the app: `serve` answers hits (and fans waiting for a render under way)
 * before anything else runs; `keep`, after the security and compression middlewares, lets a miss
 * be rendered and keeps its bytes on the way out. `first` answers hits before Express.
 */
export function publicPageCache(options: { buildId: string; maxBytes?: number; maxQueryBytes?: number }) {
  // 64 MB in all: 48 for plain addresses, 16 for addresses with a query.
  const cache = new PageCache({
    maxBytes: options.maxBytes ?? 48 * 1024 * 1024,
    maxQueryBytes: options.maxQueryBytes ?? 16 * 1024 * 1024,
  })
  const versions = new VersionReader(companyVersion)
  const platformVersion: PageVersion = { edits: `b${options.buildId}`, media: 0 }
  /** Renders under way, so that a burst of fans on a changed page costs one render. */
  const rendering = new Map<string, { version: PageVersion; done: Promise<Entry | null> }>()

  /**
   * Answers with a kept page; its first hit also makes its compressed copies, and a browser that
   * takes them waits for them (briefly, once per page) rather than getting several times the
   * bytes: after every change, the first fan to come back was sent the page uncompressed.
   */
  const sendKept = async (
    req: IncomingMessage,
    res: ServerResponse,
    key: string,
    entry: Entry,
    state: Served = 'hit',
  ) => {
    nameRoute(res, 'kept page')
    if (entry.renderedPolicy !== undefined) {
      entry.headers['content-security-policy'] = cachedPagePolicy(
        entry.renderedPolicy,
        entry.bodies.identity.toString('utf8'),
      )
      entry.renderedPolicy = undefined
      entry.sentHeaders = undefined
    }
    entry.compressing ??= compress(entry.bodies.identity).then(
      (compressed) => cache.addCompressed(key, entry, compressed),
      () => undefined,
    )
    if (!entry.bodies.gzip) {
      const accepted = acceptedEncodings(req.headers['accept-encoding'])
      if (accepted.includes('br') || accepted.includes('gzip')) await entry.compressing
    }
    send(req, res, entry, state)
  }

  /** Version reads `first` made for requests it passed on to `serve`. */
  const readFor = new WeakMap<IncomingMessage, Promise<CompanyVersionRead | null>>()

  /**
   * Answers a kept page before Express sees the request (the server's listener asks it first,
   * see fans-first.ts): under a burst every fan but the first gets a hit, and a hit then costs
   * the write of its bytes and little else (Express's routing, through every middleware before
   * this one, had cost about as much). Only a current hit is answered here; everything else (a
   * miss, a page under render, the database away, a protected gallery) is `serve`'s: false.
   */
  const first = async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const url = new URL(req.url ?? '/', 'http://cache.invalid')
    const scope = cacheScope(await resolveHost(req.headers.host), url.pathname)
    if (!scope || holdsGalleryAccess(req.headers.cookie)) return false
    // The key `serve` would make: the language cookie is the only one that can change it.
    const key = `${req.headers.host}|${url.pathname}${withoutLinkTracking(url.search)}|${visitorLanguage(req)}`
    let version = platformVersion
    if (scope.kind === 'company') {
      const read = versions.read(scope.slug)
      readFor.set(req, read)
      const companyRead = await read.catch(() => null)
      if (!companyRead) return false
      noteCaller({ companyId: companyRead.id })
      version = pageVersionOf(companyRead)
    }
    const hit = cache.get(key, version)
    if (!hit) return false
    await sendKept(req, res, key, hit)
    return true
  }

  const serve = async (req: Request, res: Response, next: NextFunction) => {
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next()
      const url = new URL(req.originalUrl, 'http://cache.invalid')
      const scope = cacheScope(await resolveHost(req.headers.host), url.pathname)
      if (!scope) return next()
      // A fan who opened a protected gallery sees it as only they may: never a shared page, never kept (ADR 059).
      if (holdsGalleryAccess(req.headers.cookie)) return next()
      // From here on the page is the same for everyone: render it as for a fan without cookies,
      // and as if the link had come without the tags the fan's social network added to it.
      req.headers.cookie = sharedCookies(req.headers.cookie)
      const search = withoutLinkTracking(url.search)
      if (search !== url.search) req.url = req.originalUrl = `${url.pathname}${search}`
      const language = visitorLanguage(req)
      const key = `${req.headers.host}|${url.pathname}${search}|${language}`
      let companyRead: CompanyVersionRead | null = null
      try {
        // The read `first` started for this request, if it passed the request on: a second
        // would wait for the next round of reads.
        companyRead = scope.kind === 'company' ? await (readFor.get(req) ?? versions.read(scope.slug)) : null
      } catch (error) {
        // The database away for a moment (a restart, a failover): fans get the page as it was
        // kept, whatever its version, rather than an error; a page never kept gets the 503.
        const kept = isDatabaseUnavailable(error) ? cache.kept(key) : undefined
        if (!kept) throw error
        return await sendKept(req, res, key, kept, 'stale-if-error')
      }
      if (scope.kind === 'company' && !companyRead) return next()
      const version = companyRead ? pageVersionOf(companyRead) : platformVersion

      const hit = cache.get(key, version)
      if (hit) return await sendKept(req, res, key, hit)
      const underway = rendering.get(key)
      if (underway && underway.version.edits === version.edits) {
        // Photos finished processing since the kept page: one fan's request renders the new page,
        // and the fans who come meanwhile get the page of a moment ago instead of waiting for it
        // (during an upload, once a second). After an edit there is none: everyone waits for it.
        const previous = cache.previous(key, version)
        if (previous) return await sendKept(req, res, key, previous, 'stale')
        if (underway.version.media === version.media) {
          const rendered = await underway.done
          if (rendered) return await sendKept(req, res, key, rendered)
        }
      }
      if (req.method === 'GET') res.locals.pageCache = { key, version } satisfies Pending
      // The render takes the company's row it read under these versions, if it has it.
      if (companyRead) withCompanyVersionRead(companyRead, next)
      else next()
    } catch (error) {
      next(error)
    }
  }

  const keep = (req: Request, res: Response, next: NextFunction) => {
    const pending = res.locals.pageCache as Pending | undefined
    if (!pending) return next()
    const { key, version } = pending
    res.setHeader('X-Afterglow-Cache', 'miss')
    countPageCache('miss')
    let finish: (entry: Entry | null) => void = () => undefined
    const done = new Promise<Entry | null>((resolve) => (finish = resolve))
    const render = { version, done }
    rendering.set(key, render)
    const renderedAt = Date.now()
    // The render's word on when the page changes by itself is for the cache, not for the fan.
    let changesAt: number | undefined
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response
    res.writeHead = ((...args: unknown[]) => {
      const said = Number(res.getHeader(CHANGES_AT_HEADER))
      if (Number.isFinite(said) && said > 0) changesAt = said
      res.removeHeader(CHANGES_AT_HEADER)
      return writeHead(...args)
    }) as Response['writeHead']
    captureResponse(res, (status, body) => {
      if (rendering.get(key) === render) rendering.delete(key)
      const headers: Record<string, string> = {}
      for (const name of STORED_HEADERS) {
        const value = res.getHeader(name)
        if (value !== undefined) headers[name] = String(value)
      }
      const cacheable =
        body !== null &&
        status === 200 &&
        !res.getHeader('set-cookie') &&
        !/no-store|private/.test(headers['cache-control'] ?? '') &&
        KEPT_TYPES.test(headers['content-type'] ?? '') &&
        body.length <= MAX_ENTRY_BYTES
      if (!cacheable) return finish(null)
      const entry: Entry = {
        version,
        renderedAt,
        status,
        headers,
        bodies: { identity: body },
        bytes: body.length,
        changesAt,
        renderedPolicy: String(res.getHeader('content-security-policy') ?? ''),
      }
      cache.set(key, entry)
      finish(entry)
    })
    next()
  }

  return { first, serve, keep }
}

/** Lets the response through untouched and hands over its bytes (null if too big) once it has ended. */
function captureResponse(res: Response, onEnded: (status: number, body: Buffer | null) => void) {
  const chunks: Buffer[] = []
  let size = 0
  let overflow = false
  let ended = false
  const keep = (chunk: unknown, encoding?: unknown) => {
    if (overflow || chunk === undefined || chunk === null || typeof chunk === 'function') return
    const buffer = Buffer.isBuffer(chunk)
      ? chunk
      : typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
        : Buffer.from(chunk as Uint8Array)
    size += buffer.length
    if (size > MAX_ENTRY_BYTES) overflow = true
    else chunks.push(buffer)
  }
  const write = res.write.bind(res) as (...args: unknown[]) => boolean
  const end = res.end.bind(res) as (...args: unknown[]) => Response
  res.write = ((...args: unknown[]) => {
    keep(args[0], args[1])
    return write(...args)
  }) as Response['write']
  res.end = ((...args: unknown[]) => {
    keep(args[0], args[1])
    return end(...args)
  }) as Response['end']
  const settle = (complete: boolean) => {
    if (ended) return
    ended = true
    onEnded(res.statusCode, complete && !overflow ? Buffer.concat(chunks) : null)
  }
  res.once('finish', () => settle(true))
  // A fan who leaves mid-render must not leave the others waiting for it.
  res.once('close', () => settle(false))
}
