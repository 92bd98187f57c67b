import { describe, expect, it } from 'vitest'
import { brandingVariables } from '#app/features/companies/branding'
import { DEFAULT_TEMPLATE } from '#app/features/companies/page-template'
import { iconVersionOf, initialOf, installColorsOf, installLinksOf, installMetaOf } from './install-links'

const company = {
  id: 'c1',
  name: 'Night Owls',
  slug: 'night-owls',
  logo: null,
  branding: brandingVariables({ primary: '#ff3366', accent: null }),
  template: DEFAULT_TEMPLATE,
  showPlatformBadge: false,
  platformUrl: 'http://localhost:3000',
}

describe('install links', () => {
  it("paints the toolbar in the brand's colour and the splash screen in the canvas", () => {
    expect(installColorsOf(company)).toEqual({
      themeColor: company.branding!['--accent'],
      backgroundColor: '#0b0b0c',
      accentColor: company.branding!['--accent'],
    })
    expect(installColorsOf({ ...company, template: { ...DEFAULT_TEMPLATE, canvas: 'light' } }).backgroundColor).toBe(
      '#fafaf9',
    )
  })
  it('keeps the canvas for the toolbar without custom branding, and draws in its default accent', () => {
    expect(installColorsOf({ ...company, branding: null })).toEqual({
      themeColor: '#0b0b0c',
      backgroundColor: '#0b0b0c',
      accentColor: '#a78bfa',
    })
  })
  it('links the manifest and the touch icon on the host and path form the page was asked on', () => {
    expect(installLinksOf({ company, basePath: '' })).toMatchObject({ manifest: '/manifest.webmanifest' })
    const onPlatform = installLinksOf({ company, basePath: '/night-owls' })
    expect(onPlatform.manifest).toBe('/night-owls/manifest.webmanifest')
    expect(onPlatform.touchIcon).toMatch(/^\/night-owls\/icon-192\.png\?v=[0-9a-z]+$/)
  })
  it("changes the icons' version with what they are drawn from, and only then", () => {
    const version = iconVersionOf(company)
    expect(iconVersionOf({ ...company })).toBe(version)
    expect(iconVersionOf({ ...company, logo: '/p/x/w400.webp' })).not.toBe(version)
    expect(iconVersionOf({ ...company, branding: null })).not.toBe(version)
    expect(iconVersionOf({ ...company, name: 'Moon Owls' })).not.toBe(version)
    // Same initial: the same icons.
    expect(iconVersionOf({ ...company, name: 'Nightingale' })).toBe(version)
  })
  it('takes the first whole letter of the name, upper-cased', () => {
    expect(initialOf('  émile & co')).toBe('É')
    expect(initialOf('🦉 Owls')).toBe('🦉')
    expect(initialOf('')).toBe('?')
  })
  it("gives a fans' page's head its manifest, touch icon and toolbar colour", () => {
    expect(installMetaOf({ company, basePath: '/night-owls' })).toEqual([
      { tagName: 'link', rel: 'manifest', href: '/night-owls/manifest.webmanifest' },
      { tagName: 'link', rel: 'apple-touch-icon', href: expect.stringMatching(/^\/night-owls\/icon-192\.png\?v=/) },
      { name: 'theme-color', content: company.branding!['--accent'] },
    ])
  })
})
