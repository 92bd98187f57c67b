/** Cookie consent: the spec's constants (section 9) and the shapes stored in this browser (ADR 019). */

// What reading a stored decision and knowing when the UI is due need is in consent-record.ts: every page loads it, the rest comes with the consent UI.
export {
  CONSENT_BANNER_DELAY_MS,
  CONSENT_CHANGE_EVENT,
  CONSENT_STORAGE_KEYS,
  CONSENT_VALIDITY_DAYS,
  CONSENT_VERSION,
  NECESSARY_ONLY,
} from './consent-record'

export const CONSENT_AUDIT_LIMIT = 10
export const CONSENT_STATUS_CARD_MS = 3000

export const CONSENT_CATEGORIES = ['necessary', 'functional', 'analytics', 'marketing'] as const
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number]
export type ConsentPreferences = { necessary: true; functional: boolean; analytics: boolean; marketing: boolean }
export type ConsentStatus = 'accepted' | 'declined'

/** `tracking-consent`: the decision, whose timestamp starts the 365 days. */
export type StoredConsentStatus = { status: ConsentStatus; version: string; timestamp: string }
export type ConsentAuditEntry = { timestamp: string; preferences: ConsentPreferences; userAgent: string; url: string }
/** `cookie-preferences`: the categories chosen, and the last ten decisions (oldest first). */
export type StoredCookiePreferences = {
  version: string
  timestamp: string
  preferences: ConsentPreferences
  audit: ConsentAuditEntry[]
}
/** `consent-banner-seen`: the banner was answered or closed. */
export type StoredBannerSeen = { version: string; timestamp: string }

export type ConsentState = {
  /** null while unset: never chosen, chosen under another version, or older than 365 days. */
  status: ConsentStatus | null
  preferences: ConsentPreferences
  bannerSeen: boolean
  /** When the current decision was made (ISO 8601), null while unset. */
  timestamp: string | null
  audit: ConsentAuditEntry[]
}

export const ALL_ACCEPTED: ConsentPreferences = { necessary: true, functional: true, analytics: true, marketing: true }
/** The banner's Decline keeps functional cookies (spec section 4). */
export const OPTIONAL_DECLINED: ConsentPreferences = {
  necessary: true,
  functional: true,
  analytics: false,
  marketing: false,
}

export function countEnabled(preferences: ConsentPreferences) {
  return CONSENT_CATEGORIES.filter((category) => preferences[category]).length
}
