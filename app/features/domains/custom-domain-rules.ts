import { z } from 'zod'

/** How many own host names one company may connect. */
export const MAX_CUSTOM_DOMAINS = 5
/** An unverified request: reminders after 3 and 10 days, removed after 14. */
export const DOMAIN_REMINDER_DAYS = [3, 10] as const
export const DOMAIN_EXPIRY_DAYS = 14

/** A host name the company owns, e.g. photos.band.com (no scheme, path or port). */
export const ZCustomHost = z
  .string({ error: 'validation.required' })
  .trim()
  .toLowerCase()
  .transform((value) =>
    value
      .replace(/^https?:\/\//, '')
      .replace(/\/.*$/, '')
      .replace(/\.$/, ''),
  )
  .pipe(
    z
      .string()
      .min(1, 'validation.required')
      .max(253, 'validation.maxLength')
      .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'domains.errors.invalidHost'),
  )
