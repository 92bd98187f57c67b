import { formatBytes } from '#app/lib/format-bytes'
import { PLANS, type Currency, type PlanId } from './plans'

const NBSP = '\u00a0'
const USD_SYMBOL: Record<string, string> = { en: '$', pt: 'US$', es: 'US$', fr: '$US' }

/**
 * Written out rather than Intl.NumberFormat: Node's and the browser's ICU data disagree on
 * spaces around symbols, which would make the server's and the browser's text differ.
 */
export function formatPrice(amount: number, currency: Currency, language: string) {
  const symbol = currency === 'USD' ? (USD_SYMBOL[language] ?? '$') : currency === 'EUR' ? '€' : 'R$'
  if (language === 'es' || language === 'fr') return `${amount}${NBSP}${symbol}`
  if (language === 'pt') return `${symbol}${NBSP}${amount}`
  return currency === 'BRL' ? `${symbol}${NBSP}${amount}` : `${symbol}${amount}`
}

export type Feature = { key: string; values?: Record<string, string | number> }

/** What a plan includes, as the price list and the subscription page show it (i18n keys and values), sizes in `language`'s units. */
export function planFeatures(plan: PlanId, language: string): { lead?: string; items: Feature[] } {
  const storage = {
    key: 'home.pricing.features.storage',
    values: { size: formatBytes(PLANS[plan].storageBytes, language) },
  }
  if (plan === 'starter') {
    return {
      items: [
        storage,
        { key: 'home.pricing.features.photosPerEvent', values: { limit: PLANS.starter.photosPerEvent } },
        { key: 'home.pricing.features.videos' },
        { key: 'home.pricing.features.analyticsTotals' },
        { key: 'home.pricing.features.webDownloads' },
        { key: 'home.pricing.features.oneBrand' },
      ],
    }
  }
  if (plan === 'professional') {
    return {
      items: [
        storage,
        { key: 'home.pricing.features.unlimitedPhotos' },
        { key: 'home.pricing.features.videos' },
        { key: 'home.pricing.features.branding' },
        { key: 'home.pricing.features.analyticsDetailed' },
        { key: 'home.pricing.features.qr' },
        { key: 'home.pricing.features.findMe' },
        { key: 'home.pricing.features.hiresDownloads' },
        { key: 'home.pricing.features.oneBrand' },
      ],
    }
  }
  return {
    lead: 'home.pricing.everythingInProfessional',
    items: [
      storage,
      { key: 'home.pricing.features.brands' },
      { key: 'home.pricing.features.domain' },
      { key: 'home.pricing.features.api' },
      { key: 'home.pricing.features.backup' },
    ],
  }
}
