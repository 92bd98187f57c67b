import { describe, expect, it } from 'vitest'
import { GB } from '#app/features/media/upload-rules'
import { getEntitlements } from './entitlements'

describe('what each plan unlocks (docs/product.md)', () => {
  it('keeps Starter to the free limits', () => {
    expect(getEntitlements({ plan: 'starter' })).toEqual({
      plan: 'starter',
      storageBytes: 1 * GB,
      photosPerEvent: 50,
      highResolutionDownload: false,
      customBranding: false,
      customTemplate: false,
      customQrCodes: false,
      detailedAnalytics: false,
      customDomain: false,
      apiAccess: false,
      automaticBackup: false,
      galleryProtection: false,
      findMe: false,
      brandsPerAccount: 1,
    })
  })

  it('gives Professional the branding, quality and analytics, but not the Enterprise extras', () => {
    const professional = getEntitlements({ plan: 'professional' })
    expect(professional).toMatchObject({
      plan: 'professional',
      storageBytes: 50 * GB,
      photosPerEvent: Infinity,
      highResolutionDownload: true,
      customBranding: true,
      customTemplate: true,
      customQrCodes: true,
      detailedAnalytics: true,
      findMe: true,
    })
    expect(professional).toMatchObject({
      customDomain: false,
      apiAccess: false,
      automaticBackup: false,
      brandsPerAccount: 1,
    })
  })

  it('gives Enterprise everything', () => {
    expect(getEntitlements({ plan: 'enterprise' })).toMatchObject({
      plan: 'enterprise',
      storageBytes: 500 * GB,
      customDomain: true,
      apiAccess: true,
      automaticBackup: true,
      findMe: true,
      brandsPerAccount: Infinity,
    })
  })

  it('treats a missing or unknown plan as Starter, never as more', () => {
    for (const plan of [null, undefined, '', 'premium', 'basic', 'ENTERPRISE']) {
      expect(getEntitlements({ plan }).plan, String(plan)).toBe('starter')
    }
  })
})
