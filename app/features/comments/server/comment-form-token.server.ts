import { createHmac, timingSafeEqual } from 'node:crypto'
import { getSessionSecret } from '#app/lib/auth.server'

/*
 * When the comment form was handed out, signed so a script cannot claim it waited: `{ms}.{hmac}`.
 * Fans' pages come from the page cache, so the token in their HTML is as old as the cached page;
 * the form's script asks for a fresh one (GET /api/comments/token) when a fan starts writing,
 * which is what the minimum time is measured from (ADR 045).
 */

function signingKey() {
  return createHmac('sha256', getSessionSecret()).update('afterglow:comment-form:v1').digest()
}

function signature(issuedAt: number) {
  return createHmac('sha256', signingKey()).update(String(issuedAt)).digest('base64url')
}

export function issueCommentFormToken(now = Date.now()) {
  return `${now}.${signature(now)}`
}

/** When a genuine token was issued (ms), or null when it is missing, malformed, forged or from the future. */
export function readCommentFormToken(token: unknown, now = Date.now()) {
  if (typeof token !== 'string') return null
  const match = /^(\d{13})\.([A-Za-z0-9_-]{43})$/.exec(token)
  if (!match) return null
  const issuedAt = Number(match[1])
  if (issuedAt > now) return null
  const expected = Buffer.from(signature(issuedAt))
  const given = Buffer.from(match[2])
  return given.length === expected.length && timingSafeEqual(given, expected) ? issuedAt : null
}
