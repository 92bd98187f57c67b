/*
 * How an error appears in the log: one bounded object, whatever was thrown. pino's own serializer
 * copies every enumerable field, so an error carrying its pg client (settings, every prepared
 * statement) or a dumped response wrote kilobytes a line. Kept: the type, the message, the stack
 * (bounded), the short scalar fields that say what happened (code, status, detail…) and the cause.
 * Terminal colours are taken out: a line is read by machines as often as by people.
 */

const MAX_MESSAGE = 1_000
const MAX_STACK = 4_000
const MAX_FIELD = 200
const MAX_FIELDS = 12
const MAX_CAUSES = 3

// Escape sequences that colour or move the cursor in a terminal.
// eslint-disable-next-line no-control-regex -- they are what is taken out
const ANSI = /\u001b\[[0-9;?]*[A-Za-z]|\u001b\][^\u0007]*\u0007/g

// Fields whose value is never a scalar worth a line, or is printed on its own already.
const SKIPPED = new Set(['message', 'stack', 'cause', 'name', 'type'])

function bounded(text: string, max: number) {
  const plain = text.replace(ANSI, '')
  return plain.length > max ? `${plain.slice(0, max)}… (${plain.length - max} more characters)` : plain
}

export type LoggedError = {
  type: string
  message: string
  stack?: string
  cause?: LoggedError
  [field: string]: unknown
}

/** `thrown` as one bounded object for the log (see the module). */
export function loggedError(thrown: unknown, depth = 0): LoggedError {
  if (thrown === null || typeof thrown !== 'object')
    return { type: typeof thrown, message: bounded(String(thrown), MAX_MESSAGE) }
  // What the code already cut down to what matters ({ message, code }) is taken by its fields.
  const source = thrown as Record<string, unknown>
  const logged: LoggedError = {
    type: thrown instanceof Error ? thrown.name || thrown.constructor?.name || 'Error' : 'object',
    message: bounded(String(source.message ?? ''), MAX_MESSAGE),
  }
  if (typeof source.stack === 'string') logged.stack = bounded(source.stack, MAX_STACK)
  let fields = 0
  for (const key of Object.keys(source)) {
    if (SKIPPED.has(key) || fields >= MAX_FIELDS) continue
    const value = source[key]
    if (typeof value === 'string') logged[key] = bounded(value, MAX_FIELD)
    else if (typeof value === 'number' || typeof value === 'boolean') logged[key] = value
    else continue
    fields++
  }
  if (source.cause !== undefined && depth < MAX_CAUSES) logged.cause = loggedError(source.cause, depth + 1)
  return logged
}
