import { GB } from '#app/features/media/upload-rules'

/** The three plans of PRODUCT.md and what they unlock. */
export const PLANS = {
  starter: { storageBytes: 1 * GB, photosPerEvent: 50, highResolutionDownload: false },
  professional: { storageBytes: 50 * GB, photosPerEvent: Infinity, highResolutionDownload: true },
  enterprise: { storageBytes: 500 * GB, photosPerEvent: Infinity, highResolutionDownload: true },
} as const

export type PlanId = keyof typeof PLANS

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && value in PLANS
}

export function planOf(value: unknown) {
  return PLANS[isPlanId(value) ? value : 'starter']
}
