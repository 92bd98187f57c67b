import { z } from 'zod'
import { sanitizeDisplayName } from '#app/features/accounts/accounts.schema'
import { hasControlCharacter } from '#app/lib/control-characters'

/*
 * The fan's details before a download (spec §5): the dialog and the no-JavaScript page check
 * them with this schema, and the server checks them again with the same one. Messages are i18n
 * keys; a required field left empty says `validation.required`, which also raises the form's
 * "Required Fields Missing" notice.
 */

export const LEAD_REQUIRED_FIELD = 'validation.required'
/** The version of the consent texts a fan accepted; stored with every consent record. */
export const LEAD_POLICY_VERSION = '1.0'

const checked = z.preprocess(
  (value) => value === true || value === 'on' || value === 'true' || value === '1',
  z.boolean(),
)
const mustBeChecked = (message: string) =>
  z.preprocess(
    (value) => value === true || value === 'on' || value === 'true' || value === '1',
    z.literal(true, { error: message }),
  )

const optionalText = (max: number, message: string) =>
  z
    .string()
    .optional()
    .transform((value) => (value ? sanitizeDisplayName(value) : ''))
    .pipe(z.string().max(max, message))
    .transform((value) => value || null)

export const ZLeadCapture = z.object({
  fullName: z
    .string({ error: LEAD_REQUIRED_FIELD })
    .transform(sanitizeDisplayName)
    .pipe(
      z
        .string()
        .min(1, { message: LEAD_REQUIRED_FIELD, abort: true })
        .min(2, 'validation.nameLength')
        .max(100, 'validation.nameLength')
        // A fan's name goes on one line into the company's list, its CSV export and its webhooks.
        .refine((value) => !hasControlCharacter(value), 'validation.displayName.oneLine'),
    ),
  email: z
    .string({ error: LEAD_REQUIRED_FIELD })
    .trim()
    .min(1, { message: LEAD_REQUIRED_FIELD, abort: true })
    .max(254, 'validation.email')
    .pipe(z.email('validation.email'))
    .transform((value) => value.toLowerCase()),
  phone: optionalText(30, 'validation.invalidPhone').refine(
    (value) => value === null || /^\+?[\d\s().-]{6,}$/.test(value),
    'validation.invalidPhone',
  ),
  organisation: optionalText(100, 'downloads.lead.errors.organisationLength'),
  privacyAccepted: mustBeChecked('downloads.lead.errors.privacy'),
  dataProcessingConsent: mustBeChecked('downloads.lead.errors.dataProcessing'),
  marketingConsent: checked.optional().transform((value) => value ?? false),
})

export type TLeadCapture = z.infer<typeof ZLeadCapture>

/** Whether any required field was left empty (the form then says "Required Fields Missing"). */
export function hasMissingRequired(errors: Record<string, string[]>) {
  return Object.values(errors).some((messages) => messages.includes(LEAD_REQUIRED_FIELD))
}
