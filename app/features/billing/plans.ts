import { GB } from '#app/features/media/upload-rules'
import { CURRENCIES, PLAN_IDS } from '#db/enums/billing'

export { CURRENCIES, PLAN_IDS }

/**
 * The three plans of docs/product.md and what they unlock. Read through `getEntitlements`
 * (entitlements.ts), never directly: that is where billing decides which plan is in effect.
 */
export const PLANS = {
  starter: {
    storageBytes: 1 * GB,
    photosPerEvent: 50,
    highResolutionDownload: false,
    customBranding: false,
    customTemplate: false,
    customQrCodes: false,
    detailedAnalytics: false,
    customDomain: false,
    apiAccess: false,
    automaticBackup: false,
    galleryProtection: false,
    findMe: false,
    brandsPerAccount: 1,
  },
  professional: {
    storageBytes: 50 * GB,
    photosPerEvent: Infinity,
    highResolutionDownload: true,
    customBranding: true,
    customTemplate: true,
    customQrCodes: true,
    detailedAnalytics: true,
    customDomain: false,
    apiAccess: false,
    automaticBackup: false,
    galleryProtection: true,
    findMe: true,
    brandsPerAccount: 1,
  },
  enterprise: {
    storageBytes: 500 * GB,
    photosPerEvent: Infinity,
    highResolutionDownload: true,
    customBranding: true,
    customTemplate: true,
    customQrCodes: true,
    detailedAnalytics: true,
    customDomain: true,
    apiAccess: true,
    automaticBackup: true,
    galleryProtection: true,
    findMe: true,
    brandsPerAccount: Infinity,
  },
} as const satisfies Record<PlanId, unknown>

/** A plan's id; every plan, cheapest first, is PLAN_IDS (db/enums/, the database's list). */
export type PlanId = (typeof PLAN_IDS)[number]

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && value in PLANS
}

/** A stored plan column as a plan id; anything unknown counts as Starter. */
export function planIdOf(value: unknown): PlanId {
  return isPlanId(value) ? value : 'starter'
}

/** What a plan unlocks. Only billing reads this; everyone else asks `getEntitlements`. */
export function planOf(value: unknown) {
  return PLANS[planIdOf(value)]
}

/** The free trial: days of Professional, once per company. The marketing copy and the trial logic both read it. */
export const TRIAL_DAYS = 14
export const TRIAL_PLAN: PlanId = 'professional'

export type Currency = (typeof CURRENCIES)[number]

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value)
}

/** Monthly prices in whole units of each currency; Starter is free. */
export const MONTHLY_PRICES: Record<PlanId, Record<Currency, number>> = {
  starter: { USD: 0, EUR: 0, BRL: 0 },
  professional: { USD: 12, EUR: 12, BRL: 49 },
  enterprise: { USD: 37, EUR: 37, BRL: 149 },
}

/** A plan's monthly price as the payment provider bills it: in the currency's cents (all three have two decimals). */
export function monthlyAmountInCents(plan: PlanId, currency: Currency) {
  return MONTHLY_PRICES[plan][currency] * 100
}

/** A visitor's currency follows their language until they pick another. */
export function currencyForLanguage(language: string): Currency {
  if (language === 'pt') return 'BRL'
  if (language === 'es' || language === 'fr') return 'EUR'
  return 'USD'
}
