import type { z } from 'zod'

/**
 * A zod error as i18n keys per field ("form" for problems of the whole form), every problem in
 * order, so each password rule shows its own message. Forms on the client and actions on the
 * server read errors in this one shape.
 */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {}
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form')
    ;(errors[key] ??= []).push(issueKey(issue.message))
  }
  return errors
}

// Schemas name their messages by catalog key; a message of zod's own ("Invalid discriminator
// value…", in English, for a value no form offers) is shown as the catalog's "invalid option".
const I18N_KEY = /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9-]+)+$/

/** The catalog key of a zod issue's message. */
export function issueKey(message: string) {
  return I18N_KEY.test(message) ? message : 'validation.invalidOption'
}
