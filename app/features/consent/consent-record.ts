import type { ConsentPreferences } from './consent'

/*
 * The spec's constants (section 9) for reading a stored decision, which every page does
 * (consent-decision.ts); consent.ts re-exports them with the rest, which comes with the consent UI.
 */

export const CONSENT_VERSION = '1.0'
export const CONSENT_VALIDITY_DAYS = 365

/** localStorage keys, exactly as the spec names them. */
export const CONSENT_STORAGE_KEYS = {
  status: 'tracking-consent',
  preferences: 'cookie-preferences',
  bannerSeen: 'consent-banner-seen',
} as const

/** Before any choice only what the site cannot work without is on. */
export const NECESSARY_ONLY: ConsentPreferences = { necessary: true, functional: false, analytics: false, marketing: false }
