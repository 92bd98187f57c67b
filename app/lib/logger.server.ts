import pino from 'pino'

export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
  base: undefined,
  redact: ['req.headers.cookie', 'req.headers.authorization', 'password', '*.password'],
})

/**
 * What a lost database connection's error says happened, for the log. pg attaches the client it
 * came from (its settings and every statement it prepared): a restart of the database logged
 * kilobytes a connection, and the password's neighbours with them.
 */
export function connectionErrorFields(error: Error) {
  return { err: { message: error.message, code: (error as { code?: unknown }).code } }
}
