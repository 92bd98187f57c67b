import { useSyncExternalStore } from 'react'
import type { ConsentCategory, ConsentState } from './consent'
import { getConsentSnapshot, onConsentChange, UNSET_CONSENT } from './consent-changes'

function subscribe(onStoreChange: () => void) {
  return onConsentChange(onStoreChange)
}

/**
 * The visitor's consent, kept current across tabs. The server and the hydrating render see
 * "unset" (storage is read only after mount), so markup never differs between them.
 */
export function useConsent(): ConsentState & { has: (category: ConsentCategory) => boolean } {
  const consent = useSyncExternalStore(subscribe, getConsentSnapshot, () => UNSET_CONSENT)
  return {
    ...consent,
    has: (category) => category === 'necessary' || (consent.status !== null && consent.preferences[category]),
  }
}
