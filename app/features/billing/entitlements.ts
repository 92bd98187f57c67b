import { planInEffect } from './effective-plan'
import { AppError } from '#app/lib/errors'
import { PLAN_IDS, PLANS, planIdOf, planOf, type PlanId } from './plans'

/*
 * What a company may do under its plan. Every plan check in the product (quota, photos per
 * event, branding, QR codes, download quality…) asks the entitlements carried by the request
 * context, which are computed here and only here. Billing (trials, paid subscriptions) changes
 * how the effective plan is found; callers do not change.
 */

export type Entitlements = {
  /** The plan in effect. */
  plan: PlanId
  storageBytes: number
  /** Infinity when unlimited. */
  photosPerEvent: number
  highResolutionDownload: boolean
  customBranding: boolean
  /** Template presets other than the default (settings → Template). */
  customTemplate: boolean
  customQrCodes: boolean
  detailedAnalytics: boolean
  customDomain: boolean
  apiAccess: boolean
  automaticBackup: boolean
  /** Password, end date, download switch and PIN per gallery (ADR 059). */
  galleryProtection: boolean
  /** Fans find their photos with a selfie (ADR 103). */
  findMe: boolean
  brandsPerAccount: number
}

/** The entitlements of a company, from its row's plan in effect (effective-plan.ts). */
export function getEntitlements(
  company: { plan: string | null | undefined; planValidUntil?: Date | string | null },
  now = new Date(),
): Entitlements {
  const plan = planIdOf(planInEffect(company, now))
  return { plan, ...planOf(plan) }
}

/** What a plan either includes or not. */
export type GatedFeature =
  | 'customBranding'
  | 'customTemplate'
  | 'customQrCodes'
  | 'highResolutionDownload'
  | 'detailedAnalytics'
  | 'customDomain'
  | 'apiAccess'
  | 'automaticBackup'
  | 'galleryProtection'
  | 'findMe'

/** Where a refused request sends the admin to change plan. */
export const UPGRADE_PATH = '/admin/subscription'

/** The cheapest plan that includes `feature`. */
export function planUnlocking(feature: GatedFeature): PlanId {
  return PLAN_IDS.find((plan) => PLANS[plan][feature]) ?? 'enterprise'
}

/**
 * Refuses what the company's plan does not include: HTTP 402 with the plan that unlocks it and
 * where to get it (`messageKey` says it in the user's words).
 */
export function requireEntitlement(entitlements: Entitlements, feature: GatedFeature, messageKey: string) {
  if (!entitlements[feature])
    throw new AppError('PAYMENT_REQUIRED', messageKey, { plan: planUnlocking(feature), upgradeUrl: UPGRADE_PATH })
}
