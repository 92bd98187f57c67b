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

/**
 * A form read into memory only (never a temporary file) and only up to `maxBytes`: a larger body
 * is refused with `tooLargeKey` as it arrives, whether or not it said its length.
 */
export async function readBoundedForm(request: Request, maxBytes: number, tooLargeKey: string): Promise<FormData> {
  if (Number(request.headers.get('content-length') ?? '0') > maxBytes) throw new AppError('TOO_LARGE', tooLargeKey)
  const chunks: Uint8Array[] = []
  let size = 0
  for await (const chunk of (request.body ?? []) as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength
    if (size > maxBytes) throw new AppError('TOO_LARGE', tooLargeKey)
    chunks.push(chunk)
  }
  try {
    return await new Response(Buffer.concat(chunks), {
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
    }).formData()
  } catch {
    throw new AppError('BAD_REQUEST', 'errors.formUnreadable')
  }
}
