import {
  ALL_ACCEPTED,
  CONSENT_CHANGE_EVENT,
  CONSENT_AUDIT_LIMIT,
  CONSENT_STORAGE_KEYS,
  CONSENT_VERSION,
  NECESSARY_ONLY,
  OPTIONAL_DECLINED,
  type ConsentAuditEntry,
  type ConsentPreferences,
  type ConsentState,
  type ConsentStatus,
  type StoredBannerSeen,
  type StoredConsentStatus,
  type StoredCookiePreferences,
} from './consent'
import { KEYS, readConsent, readPreferences, removeItem, setItem } from './consent-store'

/*
 * The visitor's choices being made: Accept, Decline, Save Preferences, Only Necessary, the
 * banner's close button and reset. Each one is recorded with an audit entry (spec section 4) and
 * announced to the page. Loaded with the banner and the settings dialog (both fetched after the
 * page), so a choice is recorded the moment it is made.
 */

/** Tells this tab's listeners that the stored choices changed (other tabs hear a storage event; consent-changes.ts follows both). */
function announceConsentChange() {
  window.dispatchEvent(new CustomEvent<ConsentState>(CONSENT_CHANGE_EVENT, { detail: readConsent() }))
}

function auditUrl() {
  // Path only: query strings can carry one-time tokens that have no business in an audit trail.
  return `${window.location.origin}${window.location.pathname}`
}

function record(preferences: ConsentPreferences, status: ConsentStatus, now: Date): ConsentState {
  const timestamp = now.toISOString()
  const entry: ConsentAuditEntry = {
    timestamp,
    preferences: { ...preferences },
    userAgent: window.navigator.userAgent,
    url: auditUrl(),
  }
  const audit = [...readPreferences().audit, entry].slice(-CONSENT_AUDIT_LIMIT)
  const stored: StoredCookiePreferences = {
    version: CONSENT_VERSION,
    timestamp,
    preferences: { ...preferences },
    audit,
  }
  const decision: StoredConsentStatus = { status, version: CONSENT_VERSION, timestamp }
  const seen: StoredBannerSeen = { version: CONSENT_VERSION, timestamp }
  setItem(CONSENT_STORAGE_KEYS.preferences, JSON.stringify(stored))
  setItem(CONSENT_STORAGE_KEYS.status, JSON.stringify(decision))
  setItem(CONSENT_STORAGE_KEYS.bannerSeen, JSON.stringify(seen))
  announceConsentChange()
  return readConsent(now.getTime())
}

/** Accept / Accept All: every category on. */
export function acceptAll(now = new Date()) {
  return record(ALL_ACCEPTED, 'accepted', now)
}

/** The banner's Decline: analytics and marketing off, functional stays on. */
export function declineOptional(now = new Date()) {
  return record(OPTIONAL_DECLINED, 'declined', now)
}

/** Only Necessary: every optional category off. */
export function acceptNecessaryOnly(now = new Date()) {
  return record(NECESSARY_ONLY, 'declined', now)
}

/** Save Preferences: accepted when analytics is on, declined otherwise (spec section 4). */
export function savePreferences(preferences: Omit<ConsentPreferences, 'necessary'>, now = new Date()) {
  const chosen: ConsentPreferences = {
    necessary: true,
    functional: preferences.functional,
    analytics: preferences.analytics,
    marketing: preferences.marketing,
  }
  return record(chosen, chosen.analytics ? 'accepted' : 'declined', now)
}

/** The banner's close button: seen, no decision. */
export function dismissBanner(now = new Date()) {
  const seen: StoredBannerSeen = { version: CONSENT_VERSION, timestamp: now.toISOString() }
  setItem(CONSENT_STORAGE_KEYS.bannerSeen, JSON.stringify(seen))
  announceConsentChange()
  return readConsent(now.getTime())
}

/** Forgets every stored choice, the audit trail included; the banner asks again. */
export function resetConsent() {
  for (const key of KEYS) removeItem(key)
  announceConsentChange()
  return readConsent()
}
