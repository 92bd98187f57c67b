import { AppError, toHttpError } from './errors'

/** A posted form as plain fields. */
export type FormFields = Record<string, FormDataEntryValue>

// What no one types: NUL (which PostgreSQL refuses in text) and the other controls but tab and line breaks.
// eslint-disable-next-line no-control-regex
const UNTYPABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g

/** A text without the characters no keyboard types (forms here, the public API's JSON bodies alike). */
export function dropUntypable(text: string) {
  return text.replace(UNTYPABLE, '')
}

/**
 * Every form action reads its body here, once: a body that is not a form (JSON, a broken
 * multipart) is a 400 in the visitor's language, and characters no keyboard types are dropped
 * from text fields before any schema or query sees them.
 */
export async function readForm(request: Request): Promise<FormFields> {
  let form: FormData
  try {
    form = await request.formData()
  } catch {
    throw toHttpError(new AppError('BAD_REQUEST', 'errors.formUnreadable'))
  }
  const fields: FormFields = {}
  for (const [name, value] of form)
    fields[dropUntypable(name)] = typeof value === 'string' ? dropUntypable(value) : value
  return fields
}
