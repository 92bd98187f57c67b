import pino from 'pino'
import { logContextFields } from './log-context.server'
import { loggedError } from './log-error.server'
import { prettyLine } from './pretty-log.server'

/**
 * Where the lines go: JSON lines on stdout (one entry a line, for the platform's log collector),
 * or the same entries reformatted for a person when stdout is a terminal (`npm start` on a
 * laptop). LOG_FORMAT=json or pretty decides instead (a container started with a terminal
 * attached would otherwise write the pretty form to its collector).
 *
 * Written as pino writes by default (asynchronously, lines logged meanwhile joined to the next
 * write, the rest flushed at exit), never gathered further: the worker writes to the same pipe,
 * and only a write of whole lines within the pipe's atomic size keeps their lines apart.
 */
function destination(format = process.env.LOG_FORMAT) {
  const pretty = format === 'pretty' || (format !== 'json' && process.stdout.isTTY === true)
  if (!pretty) return pino.destination({ dest: 1, sync: false })
  const colours = process.stdout.hasColors?.() === true && !process.env.NO_COLOR
  return { write: (line: string) => void process.stdout.write(prettyLine(line, colours)) }
}

const level = process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info')
const output = destination()

export const logger = pino(
  {
    level,
    base: undefined,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'password', '*.password'],
    // Every line says which request or job it belongs to (log-context.server.ts).
    mixin: logContextFields,
    serializers: { err: loggedError },
  },
  output,
)

/**
 * The requests' access lines (server/request-log.ts), one per request: to the same output, without
 * the redaction and context the app's own lines need (an access line holds ids and figures the
 * request log chose, its request id among them), which cost a fan's kept page more than the rest.
 */
export const accessLogger = pino({ level, base: undefined }, output)

/**
 * What a lost database connection's error says happened, for the log. pg attaches the client it
 * came from (its settings and every statement it prepared): a restart of the database logged
 * kilobytes a connection, and the password's neighbours with them.
 */
export function connectionErrorFields(error: Error) {
  return { err: { message: error.message, code: (error as { code?: unknown }).code } }
}
