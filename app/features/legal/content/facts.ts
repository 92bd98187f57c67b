import type { RetentionPeriod, RetentionPeriods, RetentionUnit } from '#app/features/privacy/retention-periods'
import { VISITOR_COOKIE } from '#app/features/analytics/analytics-events'
import { formatDay } from '#app/lib/format-date'
import { POLICY_LAST_UPDATED, type LegalDocument } from '../legal-document'

/** What the policy texts state as facts, taken from the code that makes them true. */
export type LegalFacts = {
  /** Where privacy requests and questions go (OPERATOR_EMAIL). */
  contactEmail: string
  /** The platform's public address (APP_URL). */
  siteUrl: string
  trialDays: number
  consentValidityDays: number
  sessionIdleMinutes: number
  formRateLimitMinutes: number
  /** How long a fan's signed lead cookie lasts. */
  leadCookieDays: number
  /** How long the analytics visitor cookie (only with analytics consent) lasts. */
  visitorCookieMonths: number
  /** How long each kind of data is kept: the table the retention job enforces. */
  retention: RetentionPeriods
}

/** `companyBasePath` is what the company's own links start with: `/{slug}`, or empty on its subdomain. */
export type CompanyLegalFacts = LegalFacts & { companyName: string; companyBasePath: string }

export type LegalContent = {
  privacy: (facts: LegalFacts) => LegalDocument
  terms: (facts: LegalFacts) => LegalDocument
  cookies: (facts: LegalFacts) => LegalDocument
  companyTerms: (facts: CompanyLegalFacts) => LegalDocument
  companyPrivacy: (facts: CompanyLegalFacts) => LegalDocument
}

/** Browser storage the product uses: names exactly as stored; the texts describe them per language. */
export const STORAGE_ITEMS = [
  { id: 'session', name: 'afterglow.session_token', type: 'cookie', category: 'necessary' },
  { id: 'twoFactor', name: 'afterglow.two_factor', type: 'cookie', category: 'necessary' },
  { id: 'lead', name: 'ag_lead_…', type: 'cookie', category: 'necessary' },
  { id: 'lang', name: 'lang', type: 'cookie', category: 'necessary' },
  { id: 'selectedLanguage', name: 'selectedLanguage', type: 'localStorage', category: 'necessary' },
  { id: 'language', name: 'language', type: 'localStorage', category: 'necessary' },
  { id: 'trackingConsent', name: 'tracking-consent', type: 'localStorage', category: 'necessary' },
  { id: 'cookiePreferences', name: 'cookie-preferences', type: 'localStorage', category: 'necessary' },
  { id: 'bannerSeen', name: 'consent-banner-seen', type: 'localStorage', category: 'necessary' },
  { id: 'visitor', name: VISITOR_COOKIE, type: 'cookie', category: 'analytics' },
] as const

export type StorageItemId = (typeof STORAGE_ITEMS)[number]['id']

/** The cookie table of one language: name, type, category, purpose, duration. */
export function storageRows(
  describe: Record<StorageItemId, { name?: string; purpose: string; duration: string }>,
  labels: { cookie: string; localStorage: string; necessary: string; analytics: string },
) {
  return STORAGE_ITEMS.map((item) => {
    const text = describe[item.id]
    return [text.name ?? `\`${item.name}\``, labels[item.type], labels[item.category], text.purpose, text.duration]
  })
}

/** The policies' date in a policy's language, as every screen writes a date ("21 nov. 2026"…). */
export function policyDate(language: string) {
  return formatDay(POLICY_LAST_UPDATED, language)
}

/** Writes a period in one language ("24 months", "1 dia"): singular and plural word of each unit. */
export function periodWords(words: Record<RetentionUnit, [one: string, other: string]>) {
  return (kept: RetentionPeriod) => `${kept.amount} ${words[kept.unit][kept.amount === 1 ? 0 : 1]}`
}
