import { useState } from 'react'
import type { z } from 'zod'
import { fieldErrors } from '#app/lib/form-errors'

/**
 * Validates FormData against a schema whose messages are i18n keys, and keeps the translated
 * errors per field. Returns the parsed value, or null when something is wrong.
 */
export function useZodForm<S extends z.ZodType>(schema: S, t: (key: string) => string) {
  const [errors, setErrors] = useState<Record<string, string[]>>({})
  function validate(form: HTMLFormElement): z.infer<S> | null {
    const values = Object.fromEntries(new FormData(form))
    const result = schema.safeParse(values)
    if (!result.success) {
      const keyed = fieldErrors(result.error)
      setErrors(Object.fromEntries(Object.entries(keyed).map(([field, keys]) => [field, keys.map((key) => t(key))])))
      return null
    }
    setErrors({})
    return result.data
  }
  return { errors, setErrors, validate }
}

/** Only same-site paths are followed after sign-in. */
export function safeRedirect(target: string | null | undefined, fallback = '/admin') {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback
  return target
}
