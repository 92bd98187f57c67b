import { escapeHtml } from '#app/lib/escape-html'

/*
 * What search engines read before anything else (issue 44): `robots.txt`, saying which paths
 * are pages for everyone and which are the platform's own doors (the admin, sign-in, the API,
 * downloads, venue walls), and a sitemap of the pages worth listing. A company's own host gets
 * its fans' pages; the platform's host its marketing pages (the `/{slug}` pages on it stay open).
 */

/** Read by crawlers now and then: public, for an hour, like the site's own files. */
export const CRAWLER_FILES_CACHE = 'public, max-age=3600'

/**
 * Paths no search engine should follow on any host: the admin and the operator's console,
 * sign-in and account mail links, the API (fans' events, comments' tokens, health), fans'
 * downloads and their forms, the venue walls' secret links, the test payment pages.
 */
const CLOSED_PATHS = [
  '/admin',
  '/operator',
  '/auth',
  '/onboarding',
  '/email-confirmation',
  '/reset-password',
  '/invitations',
  '/api',
  '/download',
  '/wall',
  '/billing',
  '/dev',
] as const

/**
 * Each closed path as itself, with a query, and everything under it: a bare prefix would also
 * close a company's pages on the platform's host whose slug starts the same (`/authentic-band`).
 */
function disallowLines(path: string) {
  return [`Disallow: ${path}$`, `Disallow: ${path}?`, `Disallow: ${path}/`]
}

/** `robots.txt` of a host: everything open but the closed paths, and where its sitemap is. */
export function robotsTxt(sitemapUrl: string) {
  return ['User-agent: *', 'Allow: /', ...CLOSED_PATHS.flatMap(disallowLines), '', `Sitemap: ${sitemapUrl}`, ''].join(
    '\n',
  )
}

export type SitemapEntry = { url: string; lastModified?: Date | null }

/** A sitemap (sitemaps.org 0.9) of absolute URLs, with each one's last change where known. */
export function sitemapXml(entries: SitemapEntry[]) {
  const urls = entries.map(({ url, lastModified }) =>
    [
      '  <url>',
      `    <loc>${escapeHtml(url)}</loc>`,
      ...(lastModified ? [`    <lastmod>${lastModified.toISOString()}</lastmod>`] : []),
      '  </url>',
    ].join('\n'),
  )
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
}
