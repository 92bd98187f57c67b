import type { ConsentCategory } from './consent'
import { readDecision } from './consent-decision'

/*
 * What the rest of the product asks before storing or sending anything that is not strictly
 * necessary (spec section 4): nothing reaches the device until the visitor allowed its category.
 */

/** Whether storing or sending data of this kind is allowed now. Necessary is always allowed. */
export function hasConsent(category: ConsentCategory): boolean {
  if (category === 'necessary') return true
  const decision = readDecision()
  return decision.status !== null && decision.preferences[category]
}

export type SimpleStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>
const pageMemory = { local: new Map<string, string>(), session: new Map<string, string>() }

/**
 * Browser storage for data of one category: the real localStorage/sessionStorage once the
 * visitor allowed that category, otherwise a store that lasts only as long as the page, so
 * nothing reaches the device without consent (e.g. `storageFor('analytics', 'session')`).
 */
export function storageFor(category: ConsentCategory, kind: 'local' | 'session' = 'local'): SimpleStorage {
  if (hasConsent(category)) {
    try {
      return kind === 'local' ? window.localStorage : window.sessionStorage
    } catch {
      // Blocked storage: fall through to the page's memory.
    }
  }
  const memory = pageMemory[kind]
  return {
    getItem: (key) => memory.get(key) ?? null,
    setItem: (key, value) => void memory.set(key, String(value)),
    removeItem: (key) => void memory.delete(key),
  }
}
