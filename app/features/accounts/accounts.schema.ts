import { z } from 'zod'
import { hasControlCharacter } from '#app/lib/control-characters'

/*
 * Messages are i18n keys; forms and the server translate them into the visitor's language.
 * One password rule serves the sign-up form, the reset form and the server-side hook.
 */

export const ZPassword = z
  .string({ error: 'validation.required' })
  .min(8, 'validation.password.minLength')
  .regex(/[a-z]/, 'validation.password.lowercase')
  .regex(/[A-Z]/, 'validation.password.uppercase')
  .regex(/[0-9]/, 'validation.password.number')
  .regex(/[^A-Za-z0-9]/, 'validation.password.special')
  .max(128, 'validation.password.maxLength')

export const ZEmail = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .pipe(z.email('validation.email'))
  .transform((value) => value.toLowerCase())

/** Display names are shown to others: script blocks and tags go, whitespace is trimmed. */
export function sanitizeDisplayName(value: string) {
  return value
    .replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, '')
    .replace(/<\/?script\b[^>]*>/gi, '')
    .trim()
}

/** A person's name, as others see it on one line, in mail and in exports: no line break or control character inside it. */
export const ZDisplayName = z
  .string({ error: 'validation.required' })
  .transform(sanitizeDisplayName)
  .pipe(
    z
      .string()
      .min(1, 'validation.required')
      .max(100, 'validation.nameTooLong')
      .refine((value) => !hasControlCharacter(value), 'validation.displayName.oneLine'),
  )

export const ZSignUp = z.object({ name: ZDisplayName, email: ZEmail, password: ZPassword })
export type TSignUp = z.infer<typeof ZSignUp>

export const ZSignIn = z.object({ email: ZEmail, password: z.string().min(1, 'validation.required') })
export type TSignIn = z.infer<typeof ZSignIn>

export const ZForgotPassword = z.object({ email: ZEmail })

export const ZResetPassword = z
  .object({ password: ZPassword, confirmPassword: z.string() })
  .refine((value) => value.password === value.confirmPassword, {
    message: 'validation.password.mismatch',
    path: ['confirmPassword'],
  })
