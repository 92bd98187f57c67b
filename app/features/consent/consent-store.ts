import {
  ALL_ACCEPTED,
  CONSENT_AUDIT_LIMIT,
  CONSENT_CHANGE_EVENT,
  CONSENT_STORAGE_KEYS,
  CONSENT_VALIDITY_DAYS,
  CONSENT_VERSION,
  NECESSARY_ONLY,
  OPTIONAL_DECLINED,
  type ConsentAuditEntry,
  type ConsentCategory,
  type ConsentPreferences,
  type ConsentState,
  type ConsentStatus,
  type StoredBannerSeen,
  type StoredConsentStatus,
  type StoredCookiePreferences,
} from './consent'

/*
 * The visitor's cookie choices, kept in localStorage under the spec's three keys (ADR 019).
 * Everything here runs in the browser only; on the server the state is "unset" and only
 * necessary storage is allowed. Stored values are checked by hand rather than with zod so the
 * module stays a few hundred bytes on every public page's first load.
 */

const VALIDITY_MS = CONSENT_VALIDITY_DAYS * 24 * 60 * 60 * 1000
// A decision stamped a little ahead of this clock still counts; one from far in the future does not.
const CLOCK_SKEW_MS = 5 * 60 * 1000
const KEYS = Object.values(CONSENT_STORAGE_KEYS) as string[]

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

function setItem(key: string, value: string) {
  try {
    window.localStorage.setItem(key, value)
  } catch {
    memoryStorage.set(key, value)
  }
}

function removeItem(key: string) {
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

function readPreferences(): { preferences: ConsentPreferences | null; audit: ConsentAuditEntry[] } {
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

/** Whether storing or sending data of this kind is allowed now. Necessary is always allowed. */
export function hasConsent(category: ConsentCategory): boolean {
  if (category === 'necessary') return true
  const consent = readConsent()
  return consent.status !== null && consent.preferences[category]
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

function announce() {
  snapshot = null
  window.dispatchEvent(new CustomEvent<ConsentState>(CONSENT_CHANGE_EVENT, { detail: readConsent() }))
}

function auditUrl() {
  // Path only: query strings can carry one-time tokens that have no business in an audit trail.
  return `${window.location.origin}${window.location.pathname}`
}

function record(preferences: ConsentPreferences, status: ConsentStatus, now: Date): ConsentState {
  const timestamp = now.toISOString()
  const entry: ConsentAuditEntry = { timestamp, preferences: { ...preferences }, userAgent: window.navigator.userAgent, url: auditUrl() }
  const audit = [...readPreferences().audit, entry].slice(-CONSENT_AUDIT_LIMIT)
  const stored: StoredCookiePreferences = { version: CONSENT_VERSION, timestamp, preferences: { ...preferences }, audit }
  const decision: StoredConsentStatus = { status, version: CONSENT_VERSION, timestamp }
  const seen: StoredBannerSeen = { version: CONSENT_VERSION, timestamp }
  setItem(CONSENT_STORAGE_KEYS.preferences, JSON.stringify(stored))
  setItem(CONSENT_STORAGE_KEYS.status, JSON.stringify(decision))
  setItem(CONSENT_STORAGE_KEYS.bannerSeen, JSON.stringify(seen))
  announce()
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
  const chosen: ConsentPreferences = { necessary: true, functional: preferences.functional, analytics: preferences.analytics, marketing: preferences.marketing }
  return record(chosen, chosen.analytics ? 'accepted' : 'declined', now)
}

/** The banner's close button: seen, no decision. */
export function dismissBanner(now = new Date()) {
  const seen: StoredBannerSeen = { version: CONSENT_VERSION, timestamp: now.toISOString() }
  setItem(CONSENT_STORAGE_KEYS.bannerSeen, JSON.stringify(seen))
  announce()
  return readConsent(now.getTime())
}

/** Forgets every stored choice, the audit trail included; the banner asks again. */
export function resetConsent() {
  for (const key of KEYS) removeItem(key)
  announce()
  return readConsent()
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

export function getConsentSnapshot(): ConsentState {
  const raw = KEYS.map(getItem).join('\u0000')
  if (snapshot?.raw !== raw) snapshot = { raw, state: readConsent() }
  return snapshot.state
}

export const UNSET_CONSENT: ConsentState = { status: null, preferences: NECESSARY_ONLY, bannerSeen: false, timestamp: null, audit: [] }
