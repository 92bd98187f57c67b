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
    ;(errors[key] ??= []).push(issue.message)
  }
  return errors
}
