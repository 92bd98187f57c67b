import { describe, expect, it } from 'vitest'
import { brandingVariables } from '#app/features/companies/branding'
import { DEFAULT_TEMPLATE } from '#app/features/companies/page-template'
import { buildWebManifest, shortNameOf } from './web-app-manifest.server'

const company = {
  id: 'c1',
  name: 'Night Owls Collective',
  slug: 'night-owls',
  logo: null,
  branding: brandingVariables({ primary: '#ff3366', accent: null }),
  template: DEFAULT_TEMPLATE,
  showPlatformBadge: false,
  platformUrl: 'http://localhost:3000',
}

describe('buildWebManifest', () => {
  it('opens the company’s landing in its colours, with both icon sizes', () => {
    const manifest = buildWebManifest({ company, basePath: '/night-owls' })
    expect(manifest).toMatchObject({
      id: '/night-owls',
      name: 'Night Owls Collective',
      short_name: 'Night',
      start_url: '/night-owls',
      scope: '/night-owls',
      display: 'standalone',
      theme_color: company.branding!['--accent'],
      background_color: '#0b0b0c',
    })
    expect(manifest.icons.map((icon) => [icon.sizes, icon.type])).toEqual([
      ['192x192', 'image/png'],
      ['512x512', 'image/png'],
    ])
    expect(manifest.icons[1].src).toMatch(/^\/night-owls\/icon-512\.png\?v=/)
  })
  it('starts at the root of a company’s own host', () => {
    expect(buildWebManifest({ company, basePath: '' })).toMatchObject({ start_url: '/', scope: '/' })
  })
})

describe('shortNameOf', () => {
  it('keeps a name that fits under an icon, else its first word, cut to fit', () => {
    expect(shortNameOf('Night Owls')).toBe('Night Owls')
    expect(shortNameOf('Night Owls Collective')).toBe('Night')
    expect(shortNameOf('Supercalifragilistic Band')).toBe('Supercalifra')
  })
})
