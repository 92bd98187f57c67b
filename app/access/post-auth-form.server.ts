import { CLIENT_IP_HEADER } from '#app/lib/client-ip'
import { countRefusal } from '#app/lib/metrics.server'
import { knockOfRequest, refusalAt, rememberAt } from '#app/lib/refusal-door.server'
import { AUTH_DOOR, authRetryAfter } from './auth-door.server'
import { getAuth } from './auth.server'

/** What the auth endpoints answer with when they refuse (their JSON error body, with the HTTP status). */
export type AuthRefusal = { status: number; code?: string; message?: string; retryAfterSeconds?: number }

export type AuthFormOutcome =
  | { ok: true; body: Record<string, unknown>; cookies: Headers }
  | { ok: false; error: AuthRefusal }

// What the endpoint needs to treat the call as the visitor's own: their session, address
// (rate limits), language (mails), and the origin its cross-site check reads.
const FORWARDED_HEADERS = ['cookie', 'user-agent', 'accept-language', 'origin', 'referer', CLIENT_IP_HEADER]

/**
 * Sends an account form posted without JavaScript (a slow phone, a blocked script) through the
 * same Better Auth endpoint the page's script calls, as an HTTP request: the endpoint's rate
 * limits, password rule and cross-site check apply exactly as they do to the script. The
 * cookies it sets come back to be passed on with the page's answer.
 */
export async function postAuthForm(
  request: Request,
  endpoint: string,
  body: Record<string, unknown>,
): Promise<AuthFormOutcome> {
  // The endpoint already refused this address: told so without asking it (or its database) again.
  const knock = { ...knockOfRequest(request), path: `/api/auth${endpoint}` }
  const refused = refusalAt(AUTH_DOOR, knock)
  if (refused) return { ok: false, error: { status: 429, code: 'RATE_LIMITED', retryAfterSeconds: refused } }
  const headers = new Headers({ 'content-type': 'application/json' })
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers.get(name)
    if (value) headers.set(name, value)
  }
  const response = await getAuth().handler(
    new Request(new URL(`/api/auth${endpoint}`, request.url), {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    }),
  )
  const answer = (await response.json().catch(() => ({}))) as Record<string, unknown> | null
  const retryAfterSeconds = authRetryAfter(response)
  if (retryAfterSeconds) {
    rememberAt(AUTH_DOOR, knock, retryAfterSeconds)
    countRefusal(AUTH_DOOR.bucket)
  }
  if (!response.ok) {
    return {
      ok: false,
      error: {
        status: response.status,
        code: typeof answer?.code === 'string' ? answer.code : undefined,
        message: typeof answer?.message === 'string' ? answer.message : undefined,
        ...(retryAfterSeconds ? { retryAfterSeconds } : {}),
      },
    }
  }
  const cookies = new Headers()
  for (const cookie of response.headers.getSetCookie()) cookies.append('Set-Cookie', cookie)
  return { ok: true, body: answer ?? {}, cookies }
}
