import type { NextFunction, Request, Response } from 'express'
import { getPool } from '#app/lib/db.server'
import { detectLanguage, LANGUAGE_COOKIE } from '#app/lib/i18n'
import { PLATFORM_PAGES } from '#app/lib/i18n-areas'
import { resolveHost, type HostMatch } from '#app/features/companies/server/resolve-host.server'
import { isReservedSegment } from '#app/features/public/server/reserved-segments.server'

/*
 * Fans arrive in bursts right after a show, all asking for the same few pages. Those pages are
 * the same for every anonymous visitor of one language, so each process keeps the rendered HTML
 * and serves it again until the company's `public_version` changes (database triggers bump it on
 * every edit fans could see; see migration 0006). The version is read before rendering, so an edit
 * made during a render can only make the stored copy look older, never newer.
 *
 * Only anonymous requests are cached: any cookie besides the language one (a session, a lead
 * cookie) bypasses the cache, as do responses that set cookies or are not 200 HTML.
 * The player is left out on purpose: it counts a view per visit.
 */

const SLUG = '[a-z0-9]+(?:-[a-z0-9]+)*'
const PAGE_SLUG = '[A-Za-z0-9._~%-]+'
const COMPANY_PAGE_ON_PLATFORM = new RegExp(`^/(${SLUG})(?:/(?:galeria|evento)/${PAGE_SLUG}|/termos|/privacidade)?/?$`)
const COMPANY_PAGE_ON_SUBDOMAIN = new RegExp(`^/(?:(?:galeria|evento)/${PAGE_SLUG}|termos|privacidade)?/?$`)

const STORED_HEADERS = ['content-type', 'cache-control', 'content-language', 'vary', 'link']
const MAX_ENTRY_BYTES = 2 * 1024 * 1024

type Scope = { kind: 'platform' } | { kind: 'company'; slug: string }

type Entry = {
  version: string
  status: number
  headers: Record<string, string>
  /** The HTML bytes split where the nonce of the response that rendered it appeared. */
  parts: Buffer[]
  bytes: number
}

/** Which cache a request to `host` belongs to, or null when it must always be rendered. */
export function cacheScope(host: HostMatch, pathname: string): Scope | null {
  if (host.kind === 'company') return host.company && COMPANY_PAGE_ON_SUBDOMAIN.test(pathname) ? { kind: 'company', slug: host.company.slug } : null
  if (PLATFORM_PAGES.has(pathname)) return { kind: 'platform' }
  const match = COMPANY_PAGE_ON_PLATFORM.exec(pathname)
  if (!match || isReservedSegment(match[1])) return null
  return { kind: 'company', slug: match[1] }
}

/** True when the request carries nothing but the language choice, i.e. any visitor would get the same page. */
export function isAnonymous(cookieHeader: string | undefined) {
  if (!cookieHeader) return true
  return cookieHeader.split(';').every((part) => {
    const name = part.trim().split('=')[0]
    return name === '' || name === LANGUAGE_COOKIE
  })
}

export class PageCache {
  private entries = new Map<string, Entry>()
  private totalBytes = 0

  constructor(private readonly limits: { maxBytes: number }) {}

  get(key: string, version: string) {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (entry.version !== version) {
      this.delete(key)
      return undefined
    }
    // Least recently used goes first: re-inserting moves the key to the end.
    this.entries.delete(key)
    this.entries.set(key, entry)
    return entry
  }

  set(key: string, entry: Entry) {
    this.delete(key)
    this.entries.set(key, entry)
    this.totalBytes += entry.bytes
    for (const [oldest] of this.entries) {
      if (this.totalBytes <= this.limits.maxBytes) break
      this.delete(oldest)
    }
  }

  get size() {
    return this.entries.size
  }

  private delete(key: string) {
    const entry = this.entries.get(key)
    if (!entry) return
    this.totalBytes -= entry.bytes
    this.entries.delete(key)
  }
}

/** Asked on every request, so a named (prepared once per connection) statement on the pool. */
async function companyVersion(slug: string) {
  const { rows } = await getPool().query<{ public_version: number }>({ name: 'public-page-version', text: 'select public_version from companies where slug = $1', values: [slug] })
  return rows[0] ? `c${rows[0].public_version}` : null
}

function splitAt(html: Buffer, separator: string) {
  if (!separator) return [html]
  const needle = Buffer.from(separator)
  const parts: Buffer[] = []
  let start = 0
  for (let at = html.indexOf(needle); at !== -1; at = html.indexOf(needle, start)) {
    parts.push(html.subarray(start, at))
    start = at + needle.length
  }
  parts.push(html.subarray(start))
  return parts
}

function joinWith(parts: Buffer[], separator: string) {
  if (parts.length === 1) return parts[0]
  const glue = Buffer.from(separator)
  const pieces: Buffer[] = []
  parts.forEach((part, index) => {
    if (index > 0) pieces.push(glue)
    pieces.push(part)
  })
  return Buffer.concat(pieces)
}

export function publicPageCache(options: { buildId: string; maxBytes?: number }) {
  const cache = new PageCache({ maxBytes: options.maxBytes ?? 64 * 1024 * 1024 })

  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next()
      const url = new URL(req.originalUrl, 'http://cache.invalid')
      const scope = cacheScope(await resolveHost(req.headers.host), url.pathname)
      if (!scope || !isAnonymous(req.headers.cookie)) return next()
      const version = scope.kind === 'platform' ? `b${options.buildId}` : await companyVersion(scope.slug)
      if (!version) return next()
      const language = detectLanguage({ headers: new Headers({ cookie: req.headers.cookie ?? '', 'accept-language': req.headers['accept-language'] ?? '' }) })
      const key = `${req.headers.host}|${url.pathname}${url.search}|${language}`
      const nonce = String(res.locals.nonce ?? '')

      const hit = cache.get(key, version)
      if (hit) {
        const body = joinWith(hit.parts, nonce)
        res.status(hit.status)
        for (const [name, value] of Object.entries(hit.headers)) res.setHeader(name, value)
        res.setHeader('Content-Length', body.length)
        res.setHeader('X-Afterglow-Cache', 'hit')
        res.end(req.method === 'HEAD' ? undefined : body)
        return
      }
      if (req.method === 'HEAD') return next()

      res.setHeader('X-Afterglow-Cache', 'miss')
      captureResponse(res, (status, body) => {
        const headers: Record<string, string> = {}
        for (const name of STORED_HEADERS) {
          const value = res.getHeader(name)
          if (value !== undefined) headers[name] = String(value)
        }
        const cacheable = status === 200 && !res.getHeader('set-cookie') && headers['content-type']?.startsWith('text/html') && body.length <= MAX_ENTRY_BYTES
        if (!cacheable) return
        cache.set(key, { version, status, headers, parts: splitAt(body, nonce), bytes: body.length })
      })
      next()
    } catch (error) {
      next(error)
    }
  }
}

/** Lets the response through untouched and hands over its bytes once it has finished. */
function captureResponse(res: Response, onFinished: (status: number, body: Buffer) => void) {
  const chunks: Buffer[] = []
  let size = 0
  let overflow = false
  const keep = (chunk: unknown, encoding?: unknown) => {
    if (overflow || chunk === undefined || chunk === null || typeof chunk === 'function') return
    const buffer = Buffer.isBuffer(chunk) ? chunk : typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.from(chunk as Uint8Array)
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
  res.once('finish', () => {
    if (!overflow) onFinished(res.statusCode, Buffer.concat(chunks))
  })
}
