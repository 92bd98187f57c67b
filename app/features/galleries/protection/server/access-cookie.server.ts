import { createHash } from 'node:crypto'
import { getEnv } from '#app/lib/env.server'
import { hasValidSignature, signValue } from '#app/lib/signed-token.server'

/*
 * A fan who entered a gallery's password (or its download PIN) is not asked again for 30 days:
 * a cookie per gallery signed over the gallery, the expiry and the secret's hash, so changing
 * the password or PIN locks everyone out again, and a cookie cannot be moved to another gallery.
 */

export const ACCESS_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60
/** Every gallery-access cookie starts so: the page cache never serves a shared page to their holders. */
export const ACCESS_COOKIE_PREFIX = 'ag_gallery_'
const PIN_COOKIE_PREFIX = 'ag_gpin_'

export type AccessKind = 'password' | 'pin'

function suffix(galleryId: string) {
  return createHash('sha256').update(galleryId).digest('hex').slice(0, 16)
}

export function accessCookieName(kind: AccessKind, galleryId: string) {
  return `${kind === 'password' ? ACCESS_COOKIE_PREFIX : PIN_COOKIE_PREFIX}${suffix(galleryId)}`
}

function signed(kind: AccessKind, galleryId: string, secretHash: string, expires: number) {
  return signValue(`gallery-${kind}`, `${galleryId}|${secretHash}|${expires}`)
}

export function accessSetCookie(kind: AccessKind, galleryId: string, secretHash: string, now = Date.now()) {
  const expires = Math.floor(now / 1000) + ACCESS_COOKIE_MAX_AGE_SECONDS
  const secure = getEnv().APP_URL.startsWith('https:') ? '; Secure' : ''
  return `${accessCookieName(kind, galleryId)}=${expires}.${signed(kind, galleryId, secretHash, expires)}; Path=/; Max-Age=${ACCESS_COOKIE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure}`
}

/** Whether the visitor's cookies open this gallery (for this secret). */
export function hasAccess(
  kind: AccessKind,
  galleryId: string,
  secretHash: string | null,
  cookies: ReadonlyMap<string, string>,
  now = Date.now(),
) {
  if (!secretHash) return true
  const [expiresText, signature] = cookies.get(accessCookieName(kind, galleryId))?.split('.') ?? []
  if (!expiresText || !signature || !/^\d{1,12}$/.test(expiresText) || Number(expiresText) * 1000 <= now) return false
  return hasValidSignature(`gallery-${kind}`, `${galleryId}|${secretHash}|${expiresText}`, signature)
}

/** Cookies of a raw header, for the HTTP layers that run before a Visit exists (public files). */
export function parseCookieHeader(header: string | undefined) {
  const cookies = new Map<string, string>()
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=')
    if (index > 0) cookies.set(part.slice(0, index).trim(), decodeURIComponent(part.slice(index + 1).trim()))
  }
  return cookies
}
