import { requestHost } from '#app/access/visit.server'
import { CRAWLER_FILES_CACHE, robotsTxt } from '#app/features/public/crawler-files'
import { subdomainOrigin } from '#app/features/sharing/server/public-url.server'
import { getEnv } from '#app/lib/env.server'
import type { Route } from './+types/robots'

// /robots.txt of whichever host was asked: a company's own (its fans' pages) or the platform's.
export async function loader({ request }: Route.LoaderArgs) {
  const host = await requestHost(request)
  if (host.kind === 'company' && !host.company)
    return new Response('Not found', { status: 404, headers: { 'Cache-Control': 'no-store' } })
  const origin = host.kind === 'company' ? (host.origin ?? subdomainOrigin(host.label)) : getEnv().APP_URL
  return new Response(robotsTxt(`${origin}/sitemap.xml`), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CRAWLER_FILES_CACHE },
  })
}
