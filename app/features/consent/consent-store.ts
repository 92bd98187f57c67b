import {
  CONSENT_AUDIT_LIMIT,
  CONSENT_CHANGE_EVENT,
  CONSENT_STORAGE_KEYS,
  CONSENT_VALIDITY_DAYS,
  CONSENT_VERSION,
  NECESSARY_ONLY,
  type ConsentAuditEntry,
  type ConsentPreferences,
  type ConsentState,
  type StoredConsentStatus,
} from './consent'

/*
 * The visitor's cookie choices, kept in localStorage under the spec's three keys (ADR 019).
 * Everything here runs in the browser only; on the server the state is "unset" and only
 * necessary storage is allowed. Reading lives here, with every page; making a choice lives in
 * consent-choices.ts, loaded when the visitor acts on the banner or the dialog. Stored values
 * are checked by hand rather than with zod so this stays small on every page's first load.
 */

const VALIDITY_MS = CONSENT_VALIDITY_DAYS * 24 * 60 * 60 * 1000
// A decision stamped a little ahead of this clock still counts; one from far in the future does not.
const CLOCK_SKEW_MS = 5 * 60 * 1000
export const KEYS = Object.values(CONSENT_STORAGE_KEYS) as string[]

// Where storage is blocked (some private modes), choices hold for the life of the page.
const memoryStorage = new Map<string, string>()

function getItem(key: string): string | null {
  if (typeof window === 'undefined') return null
  try {
    return window.localStorage.getItem(key)
  } catch {
    return memoryStorage.get(key) ?? null
  }
}

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

function parseJson(raw: string | null): unknown {
  if (raw === null) return null
  try {
    return JSON.parse(raw)
  } catch {
    return null
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isTimestamp(value: unknown): value is string {
  return typeof value === 'string' && !Number.isNaN(Date.parse(value))
}

function toPreferences(value: unknown): ConsentPreferences | null {
  if (!isRecord(value)) return null
  const { functional, analytics, marketing } = value
  if (typeof functional !== 'boolean' || typeof analytics !== 'boolean' || typeof marketing !== 'boolean') return null
  return { necessary: true, functional, analytics, marketing }
}

function toAuditEntry(value: unknown): ConsentAuditEntry | null {
  if (!isRecord(value) || !isTimestamp(value.timestamp) || typeof value.userAgent !== 'string' || typeof value.url !== 'string') return null
  const preferences = toPreferences(value.preferences)
  return preferences ? { timestamp: value.timestamp, preferences, userAgent: value.userAgent, url: value.url } : null
}

/** A record of this version, made less than 365 days before `now`. */
function isCurrent(value: unknown, now: number): value is { version: string; timestamp: string } {
  if (!isRecord(value) || value.version !== CONSENT_VERSION || !isTimestamp(value.timestamp)) return false
  const age = now - Date.parse(value.timestamp)
  return age > -CLOCK_SKEW_MS && age < VALIDITY_MS
}

function readStatus(now: number): StoredConsentStatus | null {
  const value = parseJson(getItem(CONSENT_STORAGE_KEYS.status))
  if (!isCurrent(value, now)) return null
  const status = (value as Record<string, unknown>).status
  return status === 'accepted' || status === 'declined' ? { status, version: value.version, timestamp: value.timestamp } : null
}

export function readPreferences(): { preferences: ConsentPreferences | null; audit: ConsentAuditEntry[] } {
  const value = parseJson(getItem(CONSENT_STORAGE_KEYS.preferences))
  if (!isRecord(value)) return { preferences: null, audit: [] }
  const audit = Array.isArray(value.audit) ? value.audit.map(toAuditEntry).filter((entry) => entry !== null) : []
  const preferences = value.version === CONSENT_VERSION ? toPreferences(value.preferences) : null
  return { preferences, audit: audit.slice(-CONSENT_AUDIT_LIMIT) }
}

/** The stored consent as it applies at `now`; an expired or other-version consent counts as unset. */
export function readConsent(now = Date.now()): ConsentState {
  const status = readStatus(now)
  const { preferences, audit } = readPreferences()
  const bannerSeen = isCurrent(parseJson(getItem(CONSENT_STORAGE_KEYS.bannerSeen)), now)
  if (!status) return { status: null, preferences: NECESSARY_ONLY, bannerSeen, timestamp: null, audit }
  return { status: status.status, preferences: preferences ?? NECESSARY_ONLY, bannerSeen, timestamp: status.timestamp, audit }
}

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
