import { pickLocalized, type LocalizedTexts } from './company-settings.schema'
import { brandingVariables } from '#app/features/companies/branding'
import { FALLBACK_CHAIN, type Language } from '#app/lib/i18n'
import type { CompanyLandingData } from '#app/features/companies/landing/components/company-landing'

/*
 * The landing-page form's unsaved values, as the settings page sends them to its live preview
 * (a same-origin frame, so the preview lays out at a real phone or desktop width).
 */

export const LANDING_DRAFT_MESSAGE = 'afterglow:landing-draft'

export type LandingDraft = {
  texts: Pick<LocalizedTexts, 'landingName' | 'landingDescription'>
  displayMode: 'galleries' | 'events'
  promotionUrl: string
  brandPrimaryColor: string
  brandAccentColor: string
  language: Language
}

/** The landing as fans would see it with the draft saved (colours shown whatever the plan: the preview says so). */
export function applyLandingDraft(page: CompanyLandingData, draft: LandingDraft | null): CompanyLandingData {
  if (!draft) return page
  const promotion = draft.promotionUrl.trim()
  return {
    ...page,
    company: {
      ...page.company,
      branding: brandingVariables({ primary: draft.brandPrimaryColor, accent: draft.brandAccentColor }),
    },
    landing: {
      ...page.landing,
      title: pickLocalized(draft.texts.landingName, draft.language, FALLBACK_CHAIN) ?? page.company.name,
      description: pickLocalized(draft.texts.landingDescription, draft.language, FALLBACK_CHAIN),
      displayMode: draft.displayMode,
      promotionUrl: /^https?:\/\/\S+\.\S+/i.test(promotion)
        ? promotion
        : promotion && !/^[a-z]+:/i.test(promotion)
          ? `https://${promotion}`
          : null,
    },
  }
}
