import { GB } from '#app/features/media/upload-rules'

/** The three plans of docs/product.md and what they unlock. */
export const PLANS = {
  starter: { storageBytes: 1 * GB, photosPerEvent: 50, highResolutionDownload: false, customBranding: false, customQrCodes: false },
  professional: { storageBytes: 50 * GB, photosPerEvent: Infinity, highResolutionDownload: true, customBranding: true, customQrCodes: true },
  enterprise: { storageBytes: 500 * GB, photosPerEvent: Infinity, highResolutionDownload: true, customBranding: true, customQrCodes: true },
} as const

export type PlanId = keyof typeof PLANS

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && value in PLANS
}

export function planOf(value: unknown) {
  return PLANS[isPlanId(value) ? value : 'starter']
}

/** The free trial: days of Professional, once per company. The marketing copy and the trial logic both read it. */
export const TRIAL_DAYS = 14
export const TRIAL_PLAN: PlanId = 'professional'

export const CURRENCIES = ['USD', 'EUR', 'BRL'] as const
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

/** A visitor's currency follows their language until they pick another. */
export function currencyForLanguage(language: string): Currency {
  if (language === 'pt') return 'BRL'
  if (language === 'es' || language === 'fr') return 'EUR'
  return 'USD'
}
