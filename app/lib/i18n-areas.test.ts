import { describe, expect, it } from 'vitest'
import { catalogArea } from './i18n-areas'
import { shippedCatalog } from './i18n.server'

describe('translations shipped per area', () => {
  it('tells staff screens, the marketing site and fans’ pages apart', () => {
    expect(catalogArea('/admin')).toBe('staff')
    expect(catalogArea('/admin/leads')).toBe('staff')
    expect(catalogArea('/auth')).toBe('staff')
    expect(catalogArea('/invitations/abc')).toBe('staff')
    expect(catalogArea('/')).toBe('platform')
    expect(catalogArea('/privacy')).toBe('platform')
    expect(catalogArea('/', true)).toBe('fans')
    expect(catalogArea('/demo')).toBe('fans')
    expect(catalogArea('/demo/galeria/night-owls-live')).toBe('fans')
    expect(catalogArea('/player/1')).toBe('fans')
    expect(catalogArea('/administrators')).toBe('fans')
  })

  it('ships fans only the namespaces their pages use, in their language alone', () => {
    const fans = shippedCatalog('pt', 'fans').resources
    expect(Object.keys(fans)).toEqual(['pt'])
    const namespaces = Object.keys(fans.pt)
    expect(namespaces).toEqual(
      expect.arrayContaining(['public', 'downloads', 'consent', 'sharing', 'errors', 'validation']),
    )
    expect(namespaces).not.toContain('leads')
    expect(namespaces).not.toContain('home')
    expect(Object.keys(shippedCatalog('en', 'platform').resources.en)).toContain('home')
    expect(Object.keys(shippedCatalog('en', 'staff').resources.en)).toContain('leads')
  })
})
