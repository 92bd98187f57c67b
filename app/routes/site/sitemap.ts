import { resolvePublicCompany } from '#app/access/public-visitor.server'
import { visitOf } from '#app/access/visit.server'
import { CRAWLER_FILES_CACHE, sitemapXml } from '#app/features/public/crawler-files'
import { PLATFORM_SITEMAP_PAGES } from '#app/features/public/platform-pages'
import { listSitemapPages } from '#app/features/public/server/list-sitemap-pages.server'
import { refuseReservedSegment } from '#app/features/public/server/reserved-segments.server'
import { joinPublicUrl, subdomainOrigin } from '#app/features/sharing/server/public-url.server'
import { getEnv } from '#app/lib/env.server'
import { toHttpError } from '#app/lib/errors'
import type { Route } from './+types/sitemap'

/**
 * /sitemap.xml: on a company's own host (its subdomain, a verified domain) its fans' pages; on
 * the platform's host its marketing pages. /{slug}/sitemap.xml: a company's pages in the path
 * form, on the platform's host (a sitemap lists addresses of its own host only).
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  try {
    const visit = await visitOf(request)
    const appUrl = getEnv().APP_URL
    if (!params.clientSlug && visit.host.kind === 'platform')
      return sitemapResponse(PLATFORM_SITEMAP_PAGES.map((page) => ({ ...page, url: joinPublicUrl(appUrl, page.path) })))
    refuseReservedSegment(params.clientSlug)
    const context = await resolvePublicCompany(visit, params.clientSlug)
    const base =
      visit.host.kind === 'company'
        ? (visit.host.origin ?? subdomainOrigin(visit.host.label))
        : `${appUrl}/${context.company.slug}`
    const pages = await listSitemapPages(context)
    return sitemapResponse(
      pages.map((page) => ({ url: joinPublicUrl(base, page.path), lastModified: page.lastModified })),
    )
  } catch (error) {
    throw toHttpError(error)
  }
}

function sitemapResponse(entries: Parameters<typeof sitemapXml>[0]) {
  return new Response(sitemapXml(entries), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': CRAWLER_FILES_CACHE },
  })
}
