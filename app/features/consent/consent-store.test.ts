// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  CONSENT_AUDIT_LIMIT,
  CONSENT_BANNER_DELAY_MS,
  CONSENT_CHANGE_EVENT,
  CONSENT_STATUS_CARD_MS,
  CONSENT_STORAGE_KEYS,
  CONSENT_VALIDITY_DAYS,
  CONSENT_VERSION,
  countEnabled,
  type ConsentState,
} from './consent'
import {
  acceptAll,
  acceptNecessaryOnly,
  declineOptional,
  dismissBanner,
  resetConsent,
  savePreferences,
} from './consent-choices'
import { hasConsent, storageFor } from './consent-storage'
import { getConsentSnapshot, onConsentChange } from './consent-changes'
import { readConsent } from './consent-store'

const DAY = 24 * 60 * 60 * 1000
const stored = (key: string) => JSON.parse(localStorage.getItem(key) ?? 'null')

describe('cookie consent store', () => {
  beforeEach(() => localStorage.clear())
  afterEach(() => vi.useRealTimers())

  it('uses the constants of the spec', () => {
    expect(CONSENT_VERSION).toBe('1.0')
    expect(CONSENT_VALIDITY_DAYS).toBe(365)
    expect(CONSENT_AUDIT_LIMIT).toBe(10)
    expect(CONSENT_BANNER_DELAY_MS).toBe(2000)
    expect(CONSENT_STATUS_CARD_MS).toBe(3000)
    expect(CONSENT_STORAGE_KEYS).toEqual({
      status: 'tracking-consent',
      preferences: 'cookie-preferences',
      bannerSeen: 'consent-banner-seen',
    })
  })

  it('starts unset: only necessary storage is allowed', () => {
    expect(readConsent()).toEqual({
      status: null,
      preferences: { necessary: true, functional: false, analytics: false, marketing: false },
      bannerSeen: false,
      timestamp: null,
      audit: [],
    })
    expect(hasConsent('necessary')).toBe(true)
    expect(hasConsent('functional')).toBe(false)
    expect(hasConsent('analytics')).toBe(false)
    expect(hasConsent('marketing')).toBe(false)
  })

  it('accept turns every category on and stores version and timestamp under the three keys', () => {
    const now = new Date('2026-03-01T20:00:00.000Z')
    const consent = acceptAll(now)
    expect(consent.status).toBe('accepted')
    expect(consent.preferences).toEqual({ necessary: true, functional: true, analytics: true, marketing: true })
    expect(countEnabled(consent.preferences)).toBe(4)
    expect(stored('tracking-consent')).toEqual({ status: 'accepted', version: '1.0', timestamp: now.toISOString() })
    expect(stored('cookie-preferences')).toMatchObject({
      version: '1.0',
      timestamp: now.toISOString(),
      preferences: { necessary: true, functional: true, analytics: true, marketing: true },
    })
    expect(stored('consent-banner-seen')).toEqual({ version: '1.0', timestamp: now.toISOString() })
    expect(hasConsent('marketing')).toBe(true)
  })

  it('decline turns analytics and marketing off and keeps functional', () => {
    const consent = declineOptional()
    expect(consent.status).toBe('declined')
    expect(consent.preferences).toEqual({ necessary: true, functional: true, analytics: false, marketing: false })
    expect(hasConsent('functional')).toBe(true)
    expect(hasConsent('analytics')).toBe(false)
  })

  it('only necessary turns every optional category off', () => {
    acceptAll()
    const consent = acceptNecessaryOnly()
    expect(consent.status).toBe('declined')
    expect(countEnabled(consent.preferences)).toBe(1)
    expect(hasConsent('functional')).toBe(false)
  })

  it('save preferences is accepted when analytics is on, declined otherwise; necessary cannot be turned off', () => {
    expect(savePreferences({ functional: false, analytics: true, marketing: false }).status).toBe('accepted')
    const declined = savePreferences({ functional: true, analytics: false, marketing: true })
    expect(declined.status).toBe('declined')
    expect(declined.preferences).toEqual({ necessary: true, functional: true, analytics: false, marketing: true })
    // Even a hand-made value cannot switch necessary off.
    const forced = savePreferences({ necessary: false, functional: false, analytics: false, marketing: false } as never)
    expect(forced.preferences.necessary).toBe(true)
    expect(hasConsent('marketing')).toBe(false)
  })

  it('closing the banner marks it seen with no status', () => {
    const consent = dismissBanner()
    expect(consent.bannerSeen).toBe(true)
    expect(consent.status).toBeNull()
    expect(localStorage.getItem('tracking-consent')).toBeNull()
    expect(hasConsent('functional')).toBe(false)
  })

  it('a consent is valid for 365 days, then counts as unset', () => {
    const given = new Date('2026-01-01T12:00:00.000Z')
    acceptAll(given)
    expect(readConsent(given.getTime() + 364 * DAY).status).toBe('accepted')
    const expired = readConsent(given.getTime() + 365 * DAY)
    expect(expired.status).toBeNull()
    expect(expired.bannerSeen).toBe(false)
    expect(expired.preferences.analytics).toBe(false)
    vi.useFakeTimers({ now: given.getTime() + 366 * DAY, toFake: ['Date'] })
    expect(hasConsent('analytics')).toBe(false)
  })

  it('ignores a consent of another version, a future timestamp and malformed values', () => {
    localStorage.setItem(
      'tracking-consent',
      JSON.stringify({ status: 'accepted', version: '0.9', timestamp: new Date().toISOString() }),
    )
    expect(readConsent().status).toBeNull()
    localStorage.setItem(
      'tracking-consent',
      JSON.stringify({ status: 'accepted', version: '1.0', timestamp: new Date(Date.now() + 30 * DAY).toISOString() }),
    )
    expect(readConsent().status).toBeNull()
    localStorage.setItem('tracking-consent', '{not json')
    localStorage.setItem('cookie-preferences', JSON.stringify({ version: '1.0', preferences: { analytics: 'yes' } }))
    localStorage.setItem('consent-banner-seen', 'true')
    expect(readConsent()).toMatchObject({ status: null, bannerSeen: false, audit: [] })
    expect(hasConsent('analytics')).toBe(false)
  })

  it('audits each decision with timestamp, preferences, user agent and url, keeping the last 10', () => {
    window.history.replaceState(null, '', '/demo?token=secret#top')
    const start = Date.parse('2026-05-01T00:00:00.000Z')
    for (let index = 0; index < 12; index += 1) {
      const at = new Date(start + index * 1000)
      if (index % 2 === 0) acceptAll(at)
      else declineOptional(at)
    }
    const { audit } = readConsent(start + 12_000)
    expect(audit).toHaveLength(10)
    expect(audit[0].timestamp).toBe(new Date(start + 2000).toISOString())
    expect(audit[9]).toEqual({
      timestamp: new Date(start + 11_000).toISOString(),
      preferences: { necessary: true, functional: true, analytics: false, marketing: false },
      userAgent: navigator.userAgent,
      url: `${location.origin}/demo`,
    })
    expect(stored('cookie-preferences').audit).toHaveLength(10)
    // Closing the banner is not a decision.
    dismissBanner()
    expect(readConsent().audit).toHaveLength(10)
  })

  it('reset clears every stored consent, audit included', () => {
    acceptAll()
    resetConsent()
    for (const key of ['tracking-consent', 'cookie-preferences', 'consent-banner-seen'])
      expect(localStorage.getItem(key)).toBeNull()
    expect(readConsent()).toMatchObject({ status: null, bannerSeen: false, audit: [] })
  })

  it('announces every change, and changes made in another tab', () => {
    const seen: Array<ConsentState['status']> = []
    const unsubscribe = onConsentChange((consent) => seen.push(consent.status))
    const fromEvent = vi.fn()
    window.addEventListener(CONSENT_CHANGE_EVENT, fromEvent)
    acceptAll()
    declineOptional()
    resetConsent()
    localStorage.setItem(
      'tracking-consent',
      JSON.stringify({ status: 'accepted', version: '1.0', timestamp: new Date().toISOString() }),
    )
    window.dispatchEvent(new StorageEvent('storage', { key: 'tracking-consent' }))
    window.dispatchEvent(new StorageEvent('storage', { key: 'unrelated' }))
    expect(seen).toEqual(['accepted', 'declined', null, 'accepted'])
    expect(fromEvent).toHaveBeenCalledTimes(3)
    unsubscribe()
    window.removeEventListener(CONSENT_CHANGE_EVENT, fromEvent)
    acceptAll()
    expect(seen).toHaveLength(4)
  })

  it('storageFor keeps data of a category off the device until that category is allowed', () => {
    sessionStorage.clear()
    storageFor('analytics', 'session').setItem('afterglow:viewed:1', '1')
    expect(sessionStorage.getItem('afterglow:viewed:1')).toBeNull()
    // Still remembered for the life of the page.
    expect(storageFor('analytics', 'session').getItem('afterglow:viewed:1')).toBe('1')
    declineOptional()
    storageFor('analytics', 'session').setItem('afterglow:viewed:2', '1')
    expect(sessionStorage.getItem('afterglow:viewed:2')).toBeNull()
    storageFor('functional').setItem('remembered', 'yes')
    expect(localStorage.getItem('remembered')).toBe('yes')
    acceptAll()
    storageFor('analytics', 'session').setItem('afterglow:viewed:3', '1')
    expect(sessionStorage.getItem('afterglow:viewed:3')).toBe('1')
    storageFor('necessary').setItem('always', 'ok')
    resetConsent()
    expect(localStorage.getItem('always')).toBe('ok')
  })

  it('gives the same snapshot object until the stored consent changes', () => {
    const first = getConsentSnapshot()
    expect(getConsentSnapshot()).toBe(first)
    acceptAll()
    const second = getConsentSnapshot()
    expect(second).not.toBe(first)
    expect(second.status).toBe('accepted')
    expect(getConsentSnapshot()).toBe(second)
  })
})
