import type { ConsentPreferences } from './consent'

/*
 * The spec's constants (section 9) for reading a stored decision and knowing when the consent UI
 * is due, which every page does (consent-decision.ts, consent-when-due.tsx); consent.ts re-exports
 * them with the rest, which comes with the consent UI. Importing consent.ts itself from every
 * page's code would bring all of it into the page's first download.
 */

export const CONSENT_VERSION = '1.0'
export const CONSENT_VALIDITY_DAYS = 365
export const CONSENT_BANNER_DELAY_MS = 2000

/** Dispatched on window whenever this tab (or another one) changes the stored consent. */
export const CONSENT_CHANGE_EVENT = 'afterglow:consent-change'

/** localStorage keys, exactly as the spec names them. */
export const CONSENT_STORAGE_KEYS = {
  status: 'tracking-consent',
  preferences: 'cookie-preferences',
  bannerSeen: 'consent-banner-seen',
} as const

/** Before any choice only what the site cannot work without is on. */
export const NECESSARY_ONLY: ConsentPreferences = {
  necessary: true,
  functional: false,
  analytics: false,
  marketing: false,
}
