import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { customDomain } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import type { AppProcess } from '../support/app-process'
import { PLATFORM, startWithCompanyOnSubdomain } from '../support/company-pages'
import { TestClient } from '../support/http-client'
import { waitUntil } from '../support/wait'

const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1])

describe("what crawlers read: each host's robots.txt and sitemap, tenant by tenant", () => {
  let app: AppProcess
  let url = ''
  const appUrl = inject('baseUrl')
  let company: Awaited<ReturnType<typeof startWithCompanyOnSubdomain>>['company']
  let host: { host: string }
  beforeAll(async () => {
    const started = await startWithCompanyOnSubdomain()
    ;({ app, url, company, host } = started)
  }, 120_000)
  afterAll(async () => {
    await app?.stop()
  })

  it("answers a company's subdomain with its robots.txt and a sitemap of only what every fan may open", async () => {
    const fan = new TestClient(url)
    const origin = `http://${host.host}`
    const robots = await fan.get('/robots.txt', host)
    expect(robots.status).toBe(200)
    expect(robots.headers['content-type']).toMatch(/^text\/plain/)
    expect(robots.headers['cache-control']).toBe('public, max-age=3600')
    const lines = robots.text.split('\n')
    expect(lines).toContain('User-agent: *')
    expect(lines).toContain('Allow: /')
    for (const closed of ['/admin', '/auth', '/api', '/download', '/wall'])
      expect(lines, closed).toEqual(expect.arrayContaining([`Disallow: ${closed}/`, `Disallow: ${closed}$`]))
    expect(lines).toContain(`Sitemap: ${origin}/sitemap.xml`)
    // Nothing of the fans' pages is closed.
    expect(lines.filter((line) => /^Disallow: \/(galeria|evento|player)/.test(line))).toEqual([])

    const sitemap = await fan.get('/sitemap.xml', host)
    expect(sitemap.status).toBe(200)
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/)
    expect(sitemap.headers['cache-control']).toBe('public, max-age=3600')
    expect(sitemap.text).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    expect(locsOf(sitemap.text).sort()).toEqual(
      [
        `${origin}/`,
        `${origin}/galeria/open-night`,
        `${origin}/evento/open-show`,
        `${origin}/player/${company.ids['Open clip']}`,
      ].sort(),
    )
    // Each page says when it last changed, the landing with its newest page.
    const openNight = /<url>\s*<loc>[^<]*\/galeria\/open-night<\/loc>\s*<lastmod>([^<]+)<\/lastmod>/.exec(sitemap.text)
    expect(Number.isNaN(Date.parse(openNight?.[1] ?? ''))).toBe(false)
    expect(sitemap.text).toMatch(new RegExp(`<loc>${origin}/</loc>\\s*<lastmod>`))
    for (const hidden of ['locked', 'pin', 'ended', 'draft', 'archived', 'other', 'cancelled', 'Locked', 'Draft'])
      expect(sitemap.text, hidden).not.toContain(hidden)
    expect(sitemap.text).not.toContain(company.ids['Draft clip'])
    expect(sitemap.text).not.toContain(company.ids['Locked clip'])

    // A subdomain that names no company has neither.
    expect((await fan.get('/robots.txt', { host: `nobody-here.${PLATFORM}` })).status).toBe(404)
    expect((await fan.get('/sitemap.xml', { host: `nobody-here.${PLATFORM}` })).status).toBe(404)
  })
  it("answers a company's verified custom domain with its own origin in both", async () => {
    const fan = new TestClient(url)
    const domain = `photos.${company.admin.company.slug}.example`
    await withSystem((tx) =>
      tx.insert(customDomain).values({
        companyId: company.admin.company.id,
        host: domain,
        token: randomBytes(8).toString('hex'),
        state: 'verified',
        verifiedAt: new Date(),
      }),
    )
    const origin = `http://${domain}`
    const robots = await waitUntil(async () => {
      const answer = await fan.get('/robots.txt', { host: domain })
      return answer.text.includes(`Sitemap: ${origin}/sitemap.xml`) ? answer : null
    })
    expect(robots.status).toBe(200)
    const sitemap = await fan.get('/sitemap.xml', { host: domain })
    expect(locsOf(sitemap.text)).toContain(`${origin}/galeria/open-night`)
    expect(sitemap.text).not.toContain('locked-night')
  })

  it("lists the path form's pages at /{slug}/sitemap.xml, and the platform's marketing pages on its own host", async () => {
    const fan = new TestClient(url)
    const slug = company.admin.company.slug
    const base = `${appUrl}/${slug}`
    const sitemap = await fan.get(`/${slug}/sitemap.xml`, { host: PLATFORM })
    expect(sitemap.status).toBe(200)
    expect(locsOf(sitemap.text).sort()).toEqual(
      [
        base,
        `${base}/galeria/open-night`,
        `${base}/evento/open-show`,
        `${base}/player/${company.ids['Open clip']}`,
      ].sort(),
    )
    for (const hidden of ['locked', 'pin', 'ended', 'draft', 'archived', 'other', 'cancelled'])
      expect(sitemap.text, hidden).not.toContain(hidden)
    expect((await fan.get('/nobody-at-all-here/sitemap.xml', { host: PLATFORM })).status).toBe(404)

    const robots = await fan.get('/robots.txt', { host: PLATFORM })
    expect(robots.status).toBe(200)
    const lines = robots.text.split('\n')
    for (const closed of ['/admin', '/auth', '/api', '/operator'])
      expect(lines, closed).toEqual(expect.arrayContaining([`Disallow: ${closed}/`, `Disallow: ${closed}$`]))
    expect(lines).toContain(`Sitemap: ${appUrl}/sitemap.xml`)
    // Companies' pages on the platform's host stay open, whatever their slug starts with.
    expect(lines).not.toContain('Disallow: /auth')
    const platform = await fan.get('/sitemap.xml', { host: PLATFORM })
    expect(platform.status).toBe(200)
    expect(locsOf(platform.text)).toEqual([
      `${appUrl}/`,
      `${appUrl}/privacy`,
      `${appUrl}/terms`,
      `${appUrl}/cookies`,
      `${appUrl}/docs/api`,
    ])
    expect(platform.text).toMatch(/<loc>[^<]*\/privacy<\/loc>\s*<lastmod>\d{4}-\d\d-\d\dT/)
    expect(platform.text).not.toContain(slug)
  })
})
