import { describe, expect, it } from 'vitest'
import { robotsTxt, sitemapXml } from './crawler-files'

describe('robotsTxt', () => {
  const lines = robotsTxt('https://owls.afterglow.example/sitemap.xml').split('\n')
  it('closes the platform’s doors, each with what is under it, and names the sitemap', () => {
    expect(lines[0]).toBe('User-agent: *')
    for (const path of ['/admin', '/auth', '/api', '/download', '/wall', '/operator'])
      expect(lines).toEqual(expect.arrayContaining([`Disallow: ${path}$`, `Disallow: ${path}?`, `Disallow: ${path}/`]))
    expect(lines).toContain('Sitemap: https://owls.afterglow.example/sitemap.xml')
  })
  it('leaves open a company whose slug starts like a closed path', () => {
    // A bare `Disallow: /auth` would close /authentic-band on the platform's host.
    expect(lines.filter((line) => line.startsWith('Disallow:') && !/[$?/]$/.test(line))).toEqual([])
  })
})

describe('sitemapXml', () => {
  it('lists each address with its last change, escaped', () => {
    const xml = sitemapXml([
      { url: 'https://owls.example/', lastModified: new Date('2026-11-30T20:00:00Z') },
      { url: 'https://owls.example/galeria/a&b', lastModified: null },
    ])
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    expect(xml).toContain(
      '<url>\n    <loc>https://owls.example/</loc>\n    <lastmod>2026-11-30T20:00:00.000Z</lastmod>\n  </url>',
    )
    expect(xml).toContain('<loc>https://owls.example/galeria/a&#38;b</loc>\n  </url>')
  })
})
