import { CONSENT_CHANGE_EVENT, NECESSARY_ONLY, type ConsentState } from './consent'
import { getItem } from './consent-decision'
import { KEYS, readConsent } from './consent-store'

/*
 * Following the visitor's consent as it changes (use-consent.ts) and saying that it changed
 * (consent-choices.ts): loaded with the consent UI, after the page; reading it (consent-store.ts)
 * comes with every page.
 */

/** Calls `listener` after any change to the consent, in this tab or another. Returns the unsubscribe. */
export function onConsentChange(listener: (consent: ConsentState) => void) {
  const onChange = () => listener(readConsent())
  const onStorage = (event: StorageEvent) => {
    // key is null when another tab cleared all storage (sign-out).
    if (event.key !== null && !KEYS.includes(event.key)) return
    snapshot = null
    onChange()
  }
  window.addEventListener(CONSENT_CHANGE_EVENT, onChange)
  window.addEventListener('storage', onStorage)
  return () => {
    window.removeEventListener(CONSENT_CHANGE_EVENT, onChange)
    window.removeEventListener('storage', onStorage)
  }
}

// One object per distinct stored state, as useSyncExternalStore requires.
let snapshot: { raw: string; state: ConsentState } | null = null

/** Tells this tab's listeners that the stored choices changed (other tabs hear a storage event). */
export function announceConsentChange() {
  snapshot = null
  window.dispatchEvent(new CustomEvent<ConsentState>(CONSENT_CHANGE_EVENT, { detail: readConsent() }))
}

export function getConsentSnapshot(): ConsentState {
  const raw = KEYS.map(getItem).join('\u0000')
  if (snapshot?.raw !== raw) snapshot = { raw, state: readConsent() }
  return snapshot.state
}

export const UNSET_CONSENT: ConsentState = { status: null, preferences: NECESSARY_ONLY, bannerSeen: false, timestamp: null, audit: [] }
