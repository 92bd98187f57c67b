import { LANGUAGE_STORAGE_KEY } from '#app/lib/i18n'
import { getItem, isCurrent, parseJson, readStatus } from './consent-decision'
import { CONSENT_STORAGE_KEYS } from './consent-record'

/*
 * What the consent UI must show when a page loads (spec §4 and §9, ADR 019), read before its code
 * is fetched: the root fetches it only when something is due (consent-when-due.tsx).
 */

/** The spec asks only a visitor whose language is known: picked, stored, or the page's own. */
export function hasLanguage() {
  try {
    if (localStorage.getItem(LANGUAGE_STORAGE_KEY) || localStorage.getItem('language')) return true
  } catch {
    // Storage blocked: the page's own language still counts.
  }
  return Boolean(document.documentElement.lang)
}

/**
 * `card`: a decision is in force, so the status card greets the load; `banner`: no decision, the
 * banner neither answered nor closed, so it shows 2 s after load; null: nothing until asked.
 */
export function consentDueOnLoad(now = Date.now()): 'card' | 'banner' | null {
  if (readStatus(now)) return 'card'
  if (isCurrent(parseJson(getItem(CONSENT_STORAGE_KEYS.bannerSeen)), now) || !hasLanguage()) return null
  return 'banner'
}
