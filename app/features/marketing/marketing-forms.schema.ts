import { z } from 'zod'
import { ZEmail } from '#app/features/accounts/accounts.schema'
import { MARKETING_FORM_KINDS } from '#db/enums/marketing'
export { MARKETING_FORM_KINDS }

/*
 * The marketing site's three forms. Messages are i18n keys. Free text is sanitised before it is
 * validated and stored (spec section 5): script blocks, `javascript:` and inline event-handler
 * attributes go, whitespace is trimmed, and the visitor is told when that changed their text.
 */

export type MarketingFormKind = (typeof MARKETING_FORM_KINDS)[number]

export function isMarketingFormKind(value: unknown): value is MarketingFormKind {
  return typeof value === 'string' && (MARKETING_FORM_KINDS as readonly string[]).includes(value)
}

export const CONTACT_NAME_MAX = 100
export const CONTACT_MESSAGE_MAX = 1000

const SANITIZERS: Array<[RegExp, (match: string, ...groups: string[]) => string]> = [
  [/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, () => ''],
  [/<\/?script\b[^>]*>/gi, () => ''],
  [/javascript\s*:/gi, () => ''],
  // onclick="…", onerror='…', onload=x — with or without quotes; the space before goes too.
  [
    /(^|[\s"'/<])on[a-z]+\s*=\s*("[^"]*"?|'[^']*'?|[^\s>]*)/gi,
    (_match, before: string) => (before.trim() ? before : ''),
  ],
]

/** Repeats until nothing changes, so a pattern cannot be rebuilt from the pieces left behind ("javajavascript:script:"). */
export function sanitizeFormText(value: string) {
  let current = value
  for (let round = 0; round < 10; round++) {
    const next = SANITIZERS.reduce((text, [pattern, replace]) => text.replace(pattern, replace), current)
    if (next === current) break
    current = next
  }
  return current.trim()
}

/** Sanitising changed more than surrounding whitespace. */
export function wasSanitized(value: unknown) {
  return typeof value === 'string' && sanitizeFormText(value) !== value.trim()
}

const sanitizedText = (max: number, tooLongKey: string) =>
  z
    .string({ error: 'validation.empty' })
    .transform(sanitizeFormText)
    .pipe(z.string().min(1, 'validation.empty').max(max, tooLongKey))

const ZFormEmail = z.string({ error: 'validation.required' }).max(254, 'validation.email').pipe(ZEmail)

export const ZInterestForm = z.object({ email: ZFormEmail })
export const ZNewsletterForm = z.object({ email: ZFormEmail })
export const ZContactForm = z.object({
  name: sanitizedText(CONTACT_NAME_MAX, 'validation.nameTooLong'),
  email: ZFormEmail,
  message: sanitizedText(CONTACT_MESSAGE_MAX, 'validation.messageTooLong'),
})

export const MARKETING_FORM_SCHEMAS = {
  interest: ZInterestForm,
  newsletter: ZNewsletterForm,
  contact: ZContactForm,
} as const

/** The free-text fields of each form (the ones sanitising applies to). */
export const MARKETING_FORM_TEXT_FIELDS: Record<MarketingFormKind, readonly string[]> = {
  interest: [],
  newsletter: [],
  contact: ['name', 'message'],
}

export type TMarketingSubmission = {
  kind: MarketingFormKind
  name: string | null
  email: string
  message: string | null
}

/** What the page's action answers for one form; `failed` is anything the visitor cannot fix. */
export type MarketingFormResponse =
  | { kind: MarketingFormKind; status: 'success'; sanitized: boolean; id: string }
  | {
      kind: MarketingFormKind
      status: 'invalid'
      sanitized: boolean
      errors: Record<string, string[]>
      values: Record<string, string>
    }
  | { kind: MarketingFormKind; status: 'rate-limited'; retryAfterSeconds: number }
  | { kind: MarketingFormKind; status: 'failed' }
