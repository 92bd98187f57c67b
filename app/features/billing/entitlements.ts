import { planInEffect } from './effective-plan'
import { planIdOf, planOf, type PlanId } from './plans'

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
  brandsPerAccount: number
}

/** The entitlements of a company, from its row's plan in effect (effective-plan.ts). */
export function getEntitlements(company: { plan: string | null | undefined; planValidUntil?: Date | string | null }, now = new Date()): Entitlements {
  const plan = planIdOf(planInEffect(company, now))
  return { plan, ...planOf(plan) }
}
