import { CONSENT_CHANGE_EVENT, NECESSARY_ONLY, type ConsentState } from './consent'
import { getItem } from './consent-decision'
import { KEYS, readConsent } from './consent-store'

/*
 * Following the visitor's consent as it changes (use-consent.ts): loaded with the status card and
 * the settings dialog, not with a first visit's banner, which only records a choice and says so
 * (consent-choices.ts).
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

// One object per distinct stored state, as useSyncExternalStore requires (every choice stores a new timestamp).
let snapshot: { raw: string; state: ConsentState } | null = null

export function getConsentSnapshot(): ConsentState {
  const raw = KEYS.map(getItem).join('\u0000')
  if (snapshot?.raw !== raw) snapshot = { raw, state: readConsent() }
  return snapshot.state
}

export const UNSET_CONSENT: ConsentState = {
  status: null,
  preferences: NECESSARY_ONLY,
  bannerSeen: false,
  timestamp: null,
  audit: [],
}
