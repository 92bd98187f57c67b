import type { RefusalDoor } from '#app/lib/refusal-door.server'

const AUTH_PREFIX = '/api/auth/'

/**
 * Better Auth's endpoints (sign-in, sign-up, reset, two-factor), limited by the library per
 * address and path in the database. A refusal it answered is kept for its `X-Retry-After`
 * (routes/api/auth.ts), and the same path's next posts from that address are refused before the
 * library reads them or asks the database again.
 */
export const AUTH_DOOR: RefusalDoor = {
  bucket: 'auth-endpoint',
  answer: 'problem',
  messageKey: 'auth.errors.rateLimited',
  opens: (knock) => knock.method === 'POST' && knock.path.startsWith(AUTH_PREFIX),
  keyOf: (knock) => `${knock.address}\u0000${knock.path}`,
}

/** Seconds Better Auth's refusal gives (its `X-Retry-After`), or null when it did not refuse. */
export function authRetryAfter(response: Response) {
  if (response.status !== 429) return null
  const seconds = Number(response.headers.get('x-retry-after'))
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : null
}
