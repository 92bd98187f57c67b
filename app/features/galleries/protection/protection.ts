import { z } from 'zod'

/*
 * What a company can protect a gallery with (Professional and above, ADR 059): a password fans
 * enter once, an end date, what fans may download, and a 4-digit PIN asked before downloads.
 */

export const DOWNLOAD_MODES = ['off', 'web', 'originals'] as const
export type DownloadMode = (typeof DOWNLOAD_MODES)[number]

/** How many days before the end the company is reminded by e-mail. */
export const EXPIRY_REMINDER_DAYS = 3

/** Wrong passwords and PINs: this many tries per visitor and gallery in the window. */
export const UNLOCK_ATTEMPTS = { max: 5, windowSeconds: 15 * 60 }

/** The admin's form. Empty password/PIN fields keep what is set; `clear*` removes it. */
export const ZGalleryProtection = z.object({
  password: z
    .string()
    .trim()
    .max(100, 'protection.errors.passwordLength')
    .refine((value) => value === '' || value.length >= 4, 'protection.errors.passwordLength')
    .optional()
    .default(''),
  clearPassword: z.stringbool().optional().default(false),
  // A date (YYYY-MM-DD) or a date and time from the form's datetime-local field, in UTC.
  expiresAt: z
    .string()
    .trim()
    .optional()
    .default('')
    .refine(
      (value) => value === '' || !Number.isNaN(Date.parse(value.length === 10 ? `${value}T23:59:59Z` : `${value}Z`)),
      'validation.dateTime',
    )
    .transform((value) => (value === '' ? null : new Date(value.length === 10 ? `${value}T23:59:59Z` : `${value}Z`))),
  downloadMode: z.enum(DOWNLOAD_MODES, 'protection.errors.downloadMode'),
  pin: z
    .string()
    .trim()
    .regex(/^(\d{4})?$/, 'protection.errors.pin')
    .optional()
    .default(''),
  clearPin: z.stringbool().optional().default(false),
})
export type TGalleryProtection = z.infer<typeof ZGalleryProtection>

/** What the admin's panel shows (never the secrets themselves). */
export type GalleryProtectionState = {
  hasPassword: boolean
  expiresAt: string | null
  downloadMode: DownloadMode
  hasPin: boolean
  /** The plan includes protection; if not, the panel shows what Professional would give. */
  allowed: boolean
}

export const ZUnlockGallery = z.object({ password: z.string().max(200).default('') })
export const ZUnlockDownloads = z.object({ pin: z.string().trim().max(10).default(''), next: z.string().max(300) })
