import { z } from 'zod'
import { AppError } from '#app/lib/errors'
import { getFixedT } from '#app/lib/i18n.server'
import type { Language } from '#app/lib/i18n'
import { logger } from '#app/lib/logger.server'

/*
 * Every refusal of the public API is an RFC 9457 problem (`application/problem+json`) carrying
 * the app's own error code, its status, and a message in the caller's language
 * (Accept-Language), with the error's details (plan, scope, retry time, fields) beside them.
 */

export const PROBLEM_CONTENT_TYPE = 'application/problem+json'

export const ZProblem = z
  .object({
    type: z.string().meta({
      description: 'Identifies the kind of problem: this reference, at the error code.',
      example: '/docs/api#problem-not_found',
    }),
    title: z.string().meta({ description: 'The error code in words (the same for every problem of this type).' }),
    status: z.int(),
    detail: z.string().meta({ description: "What went wrong, in the caller's language (Accept-Language)." }),
    instance: z.string().meta({ description: 'The path that was asked for.' }),
    code: z.string().meta({
      description:
        "The app's error code: BAD_REQUEST, UNAUTHENTICATED, PAYMENT_REQUIRED, FORBIDDEN, NOT_FOUND, METHOD_NOT_ALLOWED, CONFLICT, PRECONDITION_FAILED, RATE_LIMITED, INTERNAL…",
    }),
    errors: z
      .array(z.object({ field: z.string(), message: z.string() }))
      .optional()
      .meta({ description: 'Per field, for a body or query the schema refused.' }),
    plan: z.string().optional().meta({ description: 'With 402: the plan that unlocks the request.' }),
    upgradeUrl: z.string().optional(),
    scope: z.string().nullable().optional().meta({ description: 'With 403: the scope the key lacks.' }),
    retryAfterSeconds: z.int().optional().meta({ description: 'With 429: also in the Retry-After header.' }),
  })
  .meta({ id: 'Problem', description: 'RFC 9457 problem details.' })
export type TProblem = z.infer<typeof ZProblem>

const TITLES: Record<string, string> = {
  BAD_REQUEST: 'Bad request',
  UNAUTHENTICATED: 'Unauthenticated',
  PAYMENT_REQUIRED: 'Plan upgrade required',
  FORBIDDEN: 'Forbidden',
  NO_COMPANY: 'Forbidden',
  NOT_FOUND: 'Not found',
  METHOD_NOT_ALLOWED: 'Method not allowed',
  CONFLICT: 'Conflict',
  PRECONDITION_FAILED: 'Precondition failed',
  RATE_LIMITED: 'Too many requests',
  INTERNAL: 'Internal error',
  UNAVAILABLE: 'Unavailable',
}

/** What a problem is about: the path asked for, and the caller's language (Accept-Language). */
export type ProblemScope = { path: string; language: Language }

/** What an operation answers: JSON (`body`), stored text (`raw`, a replay) or a stream (`stream`, a CSV export). */
export type ApiAnswer = {
  status: number
  body?: unknown
  headers?: Record<string, string>
  raw?: { contentType: string; text: string }
  stream?: { contentType: string; body: ReadableStream<Uint8Array> }
}

/** A key's standing in its per-minute allowance, as `RateLimit-*` headers (every answer to a known key carries them). */
export function rateLimitHeaderValues({
  limit,
  remaining,
  resetSeconds,
}: {
  limit: number
  remaining: number
  resetSeconds: number
}): Record<string, string> {
  return {
    'RateLimit-Limit': String(limit),
    'RateLimit-Remaining': String(remaining),
    'RateLimit-Reset': String(resetSeconds),
    'RateLimit-Policy': `${limit};w=60`,
  }
}

/** The problem for an error; anything but an AppError is logged and answered as INTERNAL without its message. */
export function problemOf(
  asked: ProblemScope,
  error: unknown,
  fieldErrors?: Array<{ field: string; messageKey: string }>,
): ApiAnswer {
  const appError = error instanceof AppError ? error : new AppError('INTERNAL', 'errors.generic')
  if (!(error instanceof AppError)) logger.error({ err: error, path: asked.path }, 'public API request failed')
  const t = getFixedT(asked.language)
  const { status, code } = appError
  const { retryAfterSeconds, limit, plan, upgradeUrl, scope } = appError.details as Record<string, unknown>
  const body: TProblem = {
    type: `/docs/api#problem-${code.toLowerCase()}`,
    title: TITLES[code] ?? code,
    status,
    detail: t(appError.messageKey, appError.details as Record<string, string>),
    instance: asked.path,
    code,
    ...(fieldErrors ? { errors: fieldErrors.map(({ field, messageKey }) => ({ field, message: t(messageKey) })) } : {}),
    ...(typeof plan === 'string' ? { plan } : {}),
    ...(typeof upgradeUrl === 'string' ? { upgradeUrl } : {}),
    ...(scope !== undefined ? { scope: typeof scope === 'string' ? scope : null } : {}),
    ...(typeof retryAfterSeconds === 'number' ? { retryAfterSeconds } : {}),
  }
  const headers: Record<string, string> = {}
  if (typeof retryAfterSeconds === 'number') headers['Retry-After'] = String(retryAfterSeconds)
  // A key past its allowance is told its standing as on every other answer: none left until the reset.
  if (code === 'RATE_LIMITED' && typeof limit === 'number' && typeof retryAfterSeconds === 'number') {
    Object.assign(headers, rateLimitHeaderValues({ limit, remaining: 0, resetSeconds: retryAfterSeconds }))
  }
  return { status, body, headers }
}

/** A schema's refusal as one problem listing each field (messages are i18n keys or zod's own words). */
export function invalidInput(asked: ProblemScope, error: z.ZodError, where: 'body' | 'query') {
  const fields = error.issues.map((issue) => ({
    field: [where, ...issue.path.map(String)].join('.'),
    messageKey: issue.message,
  }))
  return problemOf(asked, new AppError('BAD_REQUEST', 'api.errors.invalid'), fields)
}
