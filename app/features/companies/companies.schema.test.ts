import { describe, expect, it } from 'vitest'
import { RESERVED_SLUGS, slugify, ZCompanySlug } from './companies.schema'

describe('company slugs', () => {
  it('suggests a slug from the company name', () => {
    expect(slugify('Rock in Rio — São Paulo!')).toBe('rock-in-rio-sao-paulo')
    expect(slugify('  Ñandú   Fest  ')).toBe('nandu-fest')
  })

  it('refuses every reserved route segment and infrastructure host', () => {
    for (const slug of [
      'auth',
      'admin',
      'event',
      'api',
      'demo',
      'privacy',
      'terms',
      'cookies',
      'www',
      'cdn',
      'static',
      'assets',
      'app',
      'player',
      'termos',
      'privacidade',
      'galeria',
      'evento',
    ]) {
      expect(RESERVED_SLUGS).toContain(slug)
      const result = ZCompanySlug.safeParse(slug)
      expect(result.success, slug).toBe(false)
      expect(result.error?.issues[0].message).toBe('onboarding.errors.slugReserved')
    }
    // Too short to be a slug at all, and reserved besides (public media, downloads, previews, QR codes).
    for (const segment of ['p', 'd', 'og', 'qr']) expect(RESERVED_SLUGS).toContain(segment)
  })

  it('accepts lower-case words joined by single hyphens only', () => {
    expect(ZCompanySlug.safeParse('night-owls-2026').success).toBe(true)
    for (const slug of ['Night', 'night--owls', '-night', 'night_owls', 'noite-são']) {
      expect(ZCompanySlug.safeParse(slug).error?.issues[0].message, slug).toBe('onboarding.errors.slugFormat')
    }
    expect(ZCompanySlug.safeParse('ab').error?.issues[0].message).toBe('onboarding.errors.slugShort')
  })
})
