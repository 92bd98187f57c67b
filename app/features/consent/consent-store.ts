import {
  CONSENT_AUDIT_LIMIT,
  CONSENT_STORAGE_KEYS,
  NECESSARY_ONLY,
  type ConsentAuditEntry,
  type ConsentPreferences,
  type ConsentState,
} from './consent'
import {
  chosenPreferences,
  getItem,
  isCurrent,
  isRecord,
  isTimestamp,
  memoryStorage,
  parseJson,
  readStatus,
  toPreferences,
} from './consent-decision'

/*
 * The visitor's cookie choices, kept in localStorage under the spec's three keys (ADR 019).
 * Everything here runs in the browser only; on the server the state is "unset" and only
 * necessary storage is allowed. The decision in force, which every page reads, is in
 * consent-decision.ts; the whole state (audit trail, banner seen) and writing it are here,
 * following changes in consent-changes.ts and making a choice in consent-choices.ts, all loaded
 * with the consent UI.
 */

export const KEYS = Object.values(CONSENT_STORAGE_KEYS) as string[]

export function setItem(key: string, value: string) {
  try {
    window.localStorage.setItem(key, value)
  } catch {
    memoryStorage.set(key, value)
  }
}

export function removeItem(key: string) {
  memoryStorage.delete(key)
  try {
    window.localStorage.removeItem(key)
  } catch {
    // Nothing stored there, then.
  }
}

function toAuditEntry(value: unknown): ConsentAuditEntry | null {
  if (
    !isRecord(value) ||
    !isTimestamp(value.timestamp) ||
    typeof value.userAgent !== 'string' ||
    typeof value.url !== 'string'
  )
    return null
  const preferences = toPreferences(value.preferences)
  return preferences ? { timestamp: value.timestamp, preferences, userAgent: value.userAgent, url: value.url } : null
}

export function readPreferences(): { preferences: ConsentPreferences | null; audit: ConsentAuditEntry[] } {
  const value = parseJson(getItem(CONSENT_STORAGE_KEYS.preferences))
  if (!isRecord(value)) return { preferences: null, audit: [] }
  const audit = Array.isArray(value.audit) ? value.audit.map(toAuditEntry).filter((entry) => entry !== null) : []
  const preferences = chosenPreferences(value)
  return { preferences, audit: audit.slice(-CONSENT_AUDIT_LIMIT) }
}

/** The stored consent as it applies at `now`; an expired or other-version consent counts as unset. */
export function readConsent(now = Date.now()): ConsentState {
  const status = readStatus(now)
  const { preferences, audit } = readPreferences()
  const bannerSeen = isCurrent(parseJson(getItem(CONSENT_STORAGE_KEYS.bannerSeen)), now)
  if (!status) return { status: null, preferences: NECESSARY_ONLY, bannerSeen, timestamp: null, audit }
  return {
    status: status.status,
    preferences: preferences ?? NECESSARY_ONLY,
    bannerSeen,
    timestamp: status.timestamp,
    audit,
  }
}
