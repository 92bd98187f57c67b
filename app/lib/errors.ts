import { data, isRouteErrorResponse, redirect } from 'react-router'

/*
 * Typed errors of the product. Use-cases throw AppError; `toHttpError` is the one place that
 * maps them to HTTP. Messages are i18n keys, translated where they are shown.
 */

const STATUS = {
  /** A page that lives at another address now (a company's former slug): details.location says where. */
  MOVED: 301,
  /** Somewhere else first (a protected gallery's door): details.location says where, details.headers what goes with it. */
  SEE_OTHER: 303,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  /** The plan does not include it: details.plan names the cheapest plan that does. */
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  /** Signed in, but not a member of any company yet: pages send the person to onboarding. */
  NO_COMPANY: 403,
  NOT_FOUND: 404,
  /** The address exists, not with this method (the public API). */
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  /** Larger than the rule allows (an upload's declared size). */
  TOO_LARGE: 413,
  /** An update whose If-Match names a version that is no longer the current one (the public API). */
  PRECONDITION_FAILED: 412,
  /** Well-formed, but what it holds is refused (an upload whose bytes are not what its name says). */
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** Not available for now (a company the platform operator suspended). */
  UNAVAILABLE: 503,
  /** The platform's own storage has no room left (a full disk), whatever the company's plan allows. */
  STORAGE_FULL: 507,
} as const

export type AppErrorCode = keyof typeof STATUS

export class AppError extends Error {
  constructor(
    public readonly code: AppErrorCode,
    /** i18n key shown to the user */
    public readonly messageKey: string,
    public readonly details: Record<string, unknown> = {},
  ) {
    super(messageKey)
    this.name = 'AppError'
  }

  get status() {
    return STATUS[this.code]
  }
}

export type ErrorPayload = { code: AppErrorCode; messageKey: string; details: Record<string, unknown> }

export function isErrorPayload(value: unknown): value is ErrorPayload {
  return typeof value === 'object' && value !== null && 'code' in value && 'messageKey' in value
}

/** How long a visitor is asked to wait while the database is away (a restart or failover is back within seconds). */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5

// What node-postgres reports when the server cannot be reached or went away: the socket's errors,
// PostgreSQL's own (admin or crash shutdown, cannot connect now, the connection classes 08xxx).
const LOST_CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
])
const LOST_CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|is not queryable|the database system is (starting up|shutting down|in recovery mode)/i

/** Whether `error` (or what it wraps: drizzle's query errors keep pg's as their cause) is the database being out of reach. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 4) return false
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string' && LOST_CONNECTION_CODES.has(code)) return true
  if (LOST_CONNECTION_MESSAGES.test(error.message)) return true
  return isDatabaseUnavailable(error.cause, depth + 1)
}

/** toHttpError's answer to the database away for a moment, as an error boundary receives it. */
export function isUnavailableForNow(error: unknown) {
  return (
    isRouteErrorResponse(error) &&
    error.status === 503 &&
    isErrorPayload(error.data) &&
    error.data.messageKey === 'errors.unavailableForNow'
  )
}

/** For loaders and actions: `catch (e) { throw toHttpError(e) }` renders in the error boundary. */
export function toHttpError(error: unknown) {
  if (error instanceof AppError && error.code === 'MOVED' && typeof error.details.location === 'string')
    return redirect(error.details.location, 301)
  if (error instanceof AppError && error.code === 'SEE_OTHER' && typeof error.details.location === 'string')
    return redirect(error.details.location, { status: 303, headers: error.details.headers as HeadersInit | undefined })
  if (error instanceof AppError) {
    const payload: ErrorPayload = { code: error.code, messageKey: error.messageKey, details: error.details }
    return data(payload, { status: error.status })
  }
  // The database away for a moment (a restart, a failover): "try again shortly", not a failure of the page.
  if (isDatabaseUnavailable(error)) {
    const payload: ErrorPayload = {
      code: 'UNAVAILABLE',
      messageKey: 'errors.unavailableForNow',
      details: { retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS },
    }
    return data(payload, { status: 503, headers: { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS) } })
  }
  return error
}
