import { hasValidSignature, signValue } from '#app/lib/signed-token.server'

/*
 * When the comment form was handed out, signed so a script cannot claim it waited: `{ms}.{hmac}`.
 * Fans' pages come from the page cache, so the token in their HTML is as old as the cached page;
 * the form's script asks for a fresh one (GET /api/comments/token) when a fan starts writing,
 * which is what the minimum time is measured from (ADR 045).
 */

const PURPOSE = 'comment-form:v1'

export function issueCommentFormToken(now = Date.now()) {
  return `${now}.${signValue(PURPOSE, String(now))}`
}

/** When a genuine token was issued (ms), or null when it is missing, malformed, forged or from the future. */
export function readCommentFormToken(token: unknown, now = Date.now()) {
  if (typeof token !== 'string') return null
  const match = /^(\d{13})\.([A-Za-z0-9_-]{43})$/.exec(token)
  if (!match) return null
  const issuedAt = Number(match[1])
  if (issuedAt > now) return null
  return hasValidSignature(PURPOSE, String(issuedAt), match[2]) ? issuedAt : null
}
