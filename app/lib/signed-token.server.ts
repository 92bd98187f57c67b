import { createHmac, timingSafeEqual } from 'node:crypto'
import { getSessionSecret } from './session-secret.server'

/*
 * Links and cookies that carry their own proof: an HMAC of the value under a key derived from
 * the session secret and the purpose, so a signature made for one purpose is worthless for
 * another and rotating the secret voids them all.
 */

function keyFor(purpose: string) {
  return createHmac('sha256', getSessionSecret()).update(`afterglow:${purpose}`).digest()
}

export function signValue(purpose: string, value: string): string {
  return createHmac('sha256', keyFor(purpose)).update(value).digest('base64url')
}

export function hasValidSignature(purpose: string, value: string, signature: string): boolean {
  const expected = Buffer.from(signValue(purpose, value))
  const actual = Buffer.from(signature)
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}
