import { isValidPhoneNumber, parsePhoneNumberWithError } from 'libphonenumber-js/min'
import { z } from 'zod'
import { LANGUAGES, type Language } from '#app/lib/i18n'
import { COUNTRY_CODES } from './countries'
import { ZCompanySlugFormat } from './companies.schema'
import { EMPLOYEE_COUNTS } from '#db/enums/companies'
import { LOCALIZED_FIELDS, type LocalizedField, type LocalizedTexts, type MachineTranslated } from '#db/json-columns'
export { EMPLOYEE_COUNTS }

/*
 * What an admin can say about the company (spec section 3, "Company") and the rules of section 5.
 * Messages are i18n keys. Texts fans read in their language (the description, the landing page's
 * name and description) are kept per language; English is required, the others optional.
 */

export const DISPLAY_MODES = ['galleries', 'events'] as const
export const DESCRIPTION_MAX = 450

/** The social profiles a company can link from its landing page's footer, in display order. */
export const SOCIAL_NETWORKS = [
  'facebook',
  'instagram',
  'linkedin',
  'twitter',
  'youtube',
  'tiktok',
  'spotify',
  'soundcloud',
  'whatsapp',
] as const
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number]

/** The texts kept per language. */
export { LOCALIZED_FIELDS, type LocalizedField, type LocalizedTexts, type MachineTranslated }

const LANGUAGE_CODES = LANGUAGES.map((language) => language.code)

/** Empty inputs are absent values: an optional field left blank is cleared. */
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value)

const optionalText = (max: number, tooLong = 'validation.maxLength') =>
  z.preprocess(blankToUndefined, z.string().trim().max(max, tooLong).optional())

/** An absolute http(s) address; a bare host ("band.com/tickets") is read as https. */
export const ZWebAddress = z.preprocess(
  (value) => {
    const text = blankToUndefined(value)
    if (typeof text !== 'string') return text
    const trimmed = text.trim()
    return /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`
  },
  z
    .string()
    .max(500, 'validation.maxLength')
    .refine((value) => {
      try {
        const url = new URL(value)
        return (url.protocol === 'https:' || url.protocol === 'http:') && /\.[a-z]{2,}$/i.test(url.hostname)
      } catch {
        return false
      }
    }, 'validation.invalidUrl')
    .optional(),
)

/** A phone number in any common format, kept in international form (E.164). */
export const ZPhone = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .refine((value) => isValidPhoneNumber(value), 'validation.invalidPhone')
    .transform((value) => parsePhoneNumberWithError(value).number)
    .optional(),
)

/** A text written in another language needs its English version: English is the default language. */
function requireEnglish(fields: readonly LocalizedField[]) {
  return (value: Record<string, unknown>, context: z.RefinementCtx) => {
    for (const field of fields) {
      const others = LANGUAGE_CODES.some((language) => language !== 'en' && value[`${field}_${language}`])
      if (others && !value[`${field}_en`])
        context.addIssue({ code: 'custom', path: [`${field}_en`], message: 'settings.errors.englishRequired' })
    }
  }
}

/** WhatsApp: a wa.me link, or a phone number made into one. */
const ZWhatsApp = z.preprocess((value) => {
  const text = blankToUndefined(value)
  if (typeof text !== 'string') return text
  const digits = text.replace(/[\s().-]/g, '')
  return /^\+?\d{6,15}$/.test(digits) ? `https://wa.me/${digits.replace(/^\+/, '')}` : text
}, ZWebAddress)

export const ZCompanyData = z
  .object({
    name: z
      .string({ error: 'validation.required' })
      .trim()
      .min(1, 'validation.required')
      .min(2, 'validation.nameLength')
      .max(100, 'validation.nameLength'),
    // Reserved addresses are refused on a change only: the demo company keeps `demo`.
    slug: ZCompanySlugFormat,
    website: ZWebAddress,
    description_en: optionalText(DESCRIPTION_MAX, 'settings.errors.descriptionTooLong'),
    description_pt: optionalText(DESCRIPTION_MAX, 'settings.errors.descriptionTooLong'),
    description_es: optionalText(DESCRIPTION_MAX, 'settings.errors.descriptionTooLong'),
    description_fr: optionalText(DESCRIPTION_MAX, 'settings.errors.descriptionTooLong'),
    address: optionalText(200),
    city: optionalText(100),
    state: optionalText(100),
    zipCode: optionalText(20),
    country: z.preprocess(blankToUndefined, z.enum(COUNTRY_CODES, { error: 'settings.errors.country' }).optional()),
    phone: ZPhone,
    registrationNumber: optionalText(50),
    industry: optionalText(100),
    employeeCount: z.preprocess(
      blankToUndefined,
      z.enum(EMPLOYEE_COUNTS, { error: 'validation.invalidOption' }).optional(),
    ),
    primaryEmail: z.preprocess(
      blankToUndefined,
      z.email({ error: 'validation.email' }).max(254, 'validation.maxLength').optional(),
    ),
    facebookUrl: ZWebAddress,
    instagramUrl: ZWebAddress,
    linkedinUrl: ZWebAddress,
    twitterUrl: ZWebAddress,
    youtubeUrl: ZWebAddress,
    tiktokUrl: ZWebAddress,
    spotifyUrl: ZWebAddress,
    soundcloudUrl: ZWebAddress,
    whatsappUrl: ZWhatsApp,
  })
  .superRefine(requireEnglish(['description']))
export type TCompanyData = z.infer<typeof ZCompanyData>

export const ZLandingSettings = z
  .object({
    landingName_en: optionalText(100),
    landingName_pt: optionalText(100),
    landingName_es: optionalText(100),
    landingName_fr: optionalText(100),
    landingDescription_en: optionalText(DESCRIPTION_MAX, 'settings.errors.descriptionTooLong'),
    landingDescription_pt: optionalText(DESCRIPTION_MAX, 'settings.errors.descriptionTooLong'),
    landingDescription_es: optionalText(DESCRIPTION_MAX, 'settings.errors.descriptionTooLong'),
    landingDescription_fr: optionalText(DESCRIPTION_MAX, 'settings.errors.descriptionTooLong'),
    // Left out, it is missing; anything else is not one of the choices.
    displayMode: z.enum(DISPLAY_MODES, {
      error: (issue) =>
        issue.input === undefined || issue.input === '' ? 'validation.required' : 'validation.invalidOption',
    }),
    promotionUrl: ZWebAddress,
    brandPrimaryColor: z.preprocess(
      blankToUndefined,
      z
        .string()
        .regex(/^#[0-9a-f]{6}$/i, 'settings.errors.color')
        .optional(),
    ),
    brandAccentColor: z.preprocess(
      blankToUndefined,
      z
        .string()
        .regex(/^#[0-9a-f]{6}$/i, 'settings.errors.color')
        .optional(),
    ),
  })
  .superRefine(requireEnglish(['landingName', 'landingDescription']))
export type TLandingSettings = z.infer<typeof ZLandingSettings>

/** A form's `field_lang` inputs gathered into the stored shape, blank languages left out. */
export function collectLocalized(values: Record<string, unknown>, fields: readonly LocalizedField[]): LocalizedTexts {
  const texts: LocalizedTexts = {}
  for (const field of fields) {
    const languages: Partial<Record<Language, string>> = {}
    for (const language of LANGUAGE_CODES) {
      const text = values[`${field}_${language}`]
      if (typeof text === 'string' && text.trim() !== '') languages[language] = text.trim()
    }
    texts[field] = languages
  }
  return texts
}

/** The text in the reader's language, along the fallback chain (spec section 1). */
export function pickLocalized(
  texts: Partial<Record<Language, string>> | undefined,
  language: Language,
  chain: readonly Language[],
): string | null {
  if (!texts) return null
  for (const candidate of [language, ...chain]) {
    const text = texts[candidate]
    if (text) return text
  }
  return null
}

/** The social links set, in display order. */
export function socialLinks(values: Partial<Record<`${SocialNetwork}Url`, string | null>>) {
  return SOCIAL_NETWORKS.flatMap((network) => {
    const url = values[`${network}Url`]
    return url ? [{ network, url }] : []
  })
}
