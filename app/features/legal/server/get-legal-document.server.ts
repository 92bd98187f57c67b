import { VISITOR_COOKIE_MONTHS } from '#app/features/analytics/analytics-events'
import { TRIAL_DAYS } from '#app/features/billing/plans'
import { CONSENT_VALIDITY_DAYS } from '#app/features/consent/consent'
import { LEAD_COOKIE_MAX_AGE_SECONDS } from '#app/features/leads/server/lead-cookie.server'
import { retentionPeriods } from '#app/features/privacy/retention-periods'
import { MARKETING_FORM_RATE_LIMIT } from '#app/features/marketing/server/marketing-form-rate-limit.server'
import { SESSION_IDLE_SECONDS } from '#app/features/accounts/session-policy'
import { getEnv } from '#app/lib/env.server'
import type { Language } from '#app/lib/i18n'
import { en } from '../content/en'
import { es } from '../content/es'
import type { LegalContent, LegalFacts } from '../content/facts'
import { fr } from '../content/fr'
import { pt } from '../content/pt'
import type { CompanyPolicy, LegalDocument, PlatformPolicy } from '../legal-document'

/* The texts stay on the server: pages receive one rendered document, not four languages of them. */

const CONTENT: Record<Language, LegalContent> = { en, pt, es, fr }

/** The numbers and addresses the policies state, read from the code and configuration that enforce them. */
function legalFacts(): LegalFacts {
  const env = getEnv()
  return {
    contactEmail: env.OPERATOR_EMAIL,
    siteUrl: env.APP_URL,
    trialDays: TRIAL_DAYS,
    consentValidityDays: CONSENT_VALIDITY_DAYS,
    sessionIdleMinutes: SESSION_IDLE_SECONDS / 60,
    formRateLimitMinutes: MARKETING_FORM_RATE_LIMIT.windowSeconds / 60,
    leadCookieDays: Math.round(LEAD_COOKIE_MAX_AGE_SECONDS / 86_400),
    visitorCookieMonths: VISITOR_COOKIE_MONTHS,
    retention: retentionPeriods(env.ANALYTICS_RETENTION_MONTHS),
  }
}

export function getPlatformPolicy(policy: PlatformPolicy, language: Language): LegalDocument {
  return CONTENT[language][policy](legalFacts())
}

/** A company's terms or privacy notice for its fans, with the company's name filled in. */
export function getCompanyPolicy(
  policy: CompanyPolicy,
  language: Language,
  company: { name: string },
  basePath: string,
): LegalDocument {
  return CONTENT[language][policy]({ ...legalFacts(), companyName: company.name, companyBasePath: basePath })
}
