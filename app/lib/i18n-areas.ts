/*
 * Which translations a page ships to the browser. Staff screens get the whole catalog; fans'
 * pages and the marketing site get only the namespaces they use, so a fan's phone does not
 * download the admin's texts inside every page. The root loader picks the set from the URL and
 * runs again when a navigation crosses from one area to another. Each area's namespaces are in
 * i18n.server.ts: only the server needs them.
 */
const CATALOG_AREAS = ['staff', 'platform', 'fans'] as const
export type CatalogArea = (typeof CATALOG_AREAS)[number]

export function isCatalogArea(value: string): value is CatalogArea {
  return (CATALOG_AREAS as readonly string[]).includes(value)
}

const STAFF_PREFIXES = [
  '/admin',
  '/operator',
  '/auth',
  '/onboarding',
  '/email-confirmation',
  '/reset-password',
  '/invitations',
  '/dev',
  '/billing',
]
/** The marketing site and its policies: the platform's own pages, the same for every visitor. */
export const PLATFORM_PAGES = new Set(['/', '/privacy', '/terms', '/cookies'])

export function catalogArea(pathname: string, onCompanyHost = false): CatalogArea {
  if (STAFF_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))) return 'staff'
  if (!onCompanyHost && PLATFORM_PAGES.has(pathname.replace(/\/$/, '') || '/')) return 'platform'
  return 'fans'
}
