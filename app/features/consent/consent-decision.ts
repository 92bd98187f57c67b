import type { ConsentPreferences, ConsentStatus, StoredConsentStatus } from './consent'
import { CONSENT_STORAGE_KEYS, CONSENT_VALIDITY_DAYS, CONSENT_VERSION, NECESSARY_ONLY } from './consent-record'

/*
 * The visitor's decision as every page reads it before storing or sending anything optional
 * (consent-storage.ts): the choice in force and its categories, from the spec's keys (ADR 019).
 * The whole stored state (audit trail, banner seen) and writing it are in consent-store.ts,
 * loaded with the consent UI. Stored values are checked by hand rather than with zod so this
 * stays small on every page's first load.
 */

const VALIDITY_MS = CONSENT_VALIDITY_DAYS * 24 * 60 * 60 * 1000
// A decision stamped a little ahead of this clock still counts; one from far in the future does not.
const CLOCK_SKEW_MS = 5 * 60 * 1000

// Where storage is blocked (some private modes), choices hold for the life of the page.
export const memoryStorage = new Map<string, string>()

export function getItem(key: string): string | null {
  if (typeof window === 'undefined') return null
  try {
    return window.localStorage.getItem(key)
  } catch {
    return memoryStorage.get(key) ?? null
  }
}

export function parseJson(raw: string | null): unknown {
  if (raw === null) return null
  try {
    return JSON.parse(raw)
  } catch {
    return null
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function isTimestamp(value: unknown): value is string {
  return typeof value === 'string' && !Number.isNaN(Date.parse(value))
}

export function toPreferences(value: unknown): ConsentPreferences | null {
  if (!isRecord(value)) return null
  const { functional, analytics, marketing } = value
  if (typeof functional !== 'boolean' || typeof analytics !== 'boolean' || typeof marketing !== 'boolean') return null
  return { necessary: true, functional, analytics, marketing }
}

/** A record of this version, made less than 365 days before `now`. */
export function isCurrent(value: unknown, now: number): value is { version: string; timestamp: string } {
  if (!isRecord(value) || value.version !== CONSENT_VERSION || !isTimestamp(value.timestamp)) return false
  const age = now - Date.parse(value.timestamp)
  return age > -CLOCK_SKEW_MS && age < VALIDITY_MS
}

export function readStatus(now: number): StoredConsentStatus | null {
  const value = parseJson(getItem(CONSENT_STORAGE_KEYS.status))
  if (!isCurrent(value, now)) return null
  const status = (value as Record<string, unknown>).status
  return status === 'accepted' || status === 'declined'
    ? { status, version: value.version, timestamp: value.timestamp }
    : null
}

/** The categories stored under this version, or null. */
export function chosenPreferences(stored: unknown): ConsentPreferences | null {
  return isRecord(stored) && stored.version === CONSENT_VERSION ? toPreferences(stored.preferences) : null
}

/** The decision in force at `now`: unset (only necessary storage) when expired or of another version. */
export function readDecision(now = Date.now()): { status: ConsentStatus | null; preferences: ConsentPreferences } {
  const status = readStatus(now)
  if (!status) return { status: null, preferences: NECESSARY_ONLY }
  return {
    status: status.status,
    preferences: chosenPreferences(parseJson(getItem(CONSENT_STORAGE_KEYS.preferences))) ?? NECESSARY_ONLY,
  }
}
