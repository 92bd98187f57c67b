import { RESERVED_SLUGS } from '#app/features/companies/companies.schema'
import type { RequestKind } from '#app/lib/metrics.server'

/*
 * What a request was for, told from its address alone (and whether it came to a company's own
 * host), for the metrics' `kind`: asked for every request, fans' kept pages among them, so it
 * reads the first segment or two and nothing else: no host look-up, no database.
 */

/** First segments that say what the request is for, whatever follows. */
const KIND_OF_SEGMENT = new Map<string, RequestKind>([
  ['admin', 'admin'],
  ['operator', 'admin'],
  ['auth', 'auth'],
  ['reset-password', 'auth'],
  ['email-confirmation', 'auth'],
  ['onboarding', 'auth'],
  ['invitations', 'auth'],
  // Fans' photos and streams, renditions, share images.
  ['p', 'photo'],
  ['media', 'photo'],
  ['og', 'photo'],
  // A company's pages on its own host, and the platform's links to fans' pages.
  ['galeria', 'fan_page'],
  ['evento', 'fan_page'],
  ['event', 'fan_page'],
  ['player', 'fan_page'],
  ['wall', 'fan_page'],
  ['termos', 'fan_page'],
  ['privacidade', 'fan_page'],
])

/** The platform's own segments (the catalogs' and the test payment provider's too); any other single word (a slug) is a company's page. */
const PLATFORM_SEGMENTS = new Set<string>(RESERVED_SLUGS.filter((segment) => segment !== 'demo'))
PLATFORM_SEGMENTS.add('i18n')
PLATFORM_SEGMENTS.add('billing')

// React Router's data request for a page (`/demo.data`, `/_root.data` for `/`) is of that page.
const DATA_SUFFIX = '.data'

/**
 * The kind of a request for `url` (path and query, as the request line has it). `companyHost`:
 * the request came to a company's subdomain or domain, where `/` is its landing page.
 */
export function requestKindOf(url: string, companyHost: boolean): RequestKind {
  const mark = url.indexOf('?')
  let path = mark < 0 ? url : url.slice(0, mark)
  if (path.endsWith(DATA_SUFFIX)) path = path === `/_root${DATA_SUFFIX}` ? '/' : path.slice(0, -DATA_SUFFIX.length)
  const end = path.indexOf('/', 1)
  const first = (end < 0 ? path.slice(1) : path.slice(1, end)).toLowerCase()
  if (first === '') return companyHost ? 'fan_page' : 'other'
  if (first === 'api') return path.startsWith('/api/auth/') || path === '/api/auth' ? 'auth' : 'api'
  // A file of one company's gallery, or its ZIP: the bytes of fans' photos; the download's forms are pages.
  if (first === 'download') return /^\/download\/(?:file|content)\//.test(path) ? 'photo' : 'fan_page'
  const kind = KIND_OF_SEGMENT.get(first)
  if (kind) return kind
  // Files at the root (favicon.ico, robots.txt) and the platform's own pages; a slug has no dot.
  if (first.includes('.') || PLATFORM_SEGMENTS.has(first)) return 'other'
  return 'fan_page'
}

/** Whether `host` (a request's Host header) is a company's, not the platform's own (APP_URL's). */
export function isCompanyHost(host: string | undefined, platformHost: string) {
  return host !== undefined && host !== platformHost && host.toLowerCase() !== platformHost
}
