import { createHmac } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { configureSessionSecret } from '#app/lib/session-secret.server'
import {
  leadCookieName,
  leadCookieValue,
  verifyLeadCookieValue,
  LEAD_COOKIE_MAX_AGE_SECONDS,
} from './lead-cookie.server'

const LEAD = '0b7c6c1e-8a4f-4d5e-9c1a-2f3e4d5c6b7a'

describe('the lead cookie', () => {
  beforeAll(() => configureSessionSecret('a-test-secret-that-is-long-enough-0123456789'))

  it('vouches for its lead at its company for a year', () => {
    const now = Date.UTC(2026, 0, 1)
    const value = leadCookieValue('company-a', LEAD, now)
    expect(verifyLeadCookieValue('company-a', value, now)).toBe(LEAD)
    expect(verifyLeadCookieValue('company-a', value, now + (LEAD_COOKIE_MAX_AGE_SECONDS - 60) * 1000)).toBe(LEAD)
    expect(verifyLeadCookieValue('company-a', value, now + (LEAD_COOKIE_MAX_AGE_SECONDS + 1) * 1000)).toBeNull()
  })

  it('still vouches for cookies handed out before, signed under the same derived key', () => {
    const secret = 'a-test-secret-that-is-long-enough-0123456789'
    const expires = Math.floor(Date.UTC(2026, 5, 1) / 1000)
    const key = createHmac('sha256', secret).update('afterglow:lead-cookie:v1').digest()
    const signature = createHmac('sha256', key).update(`company-a|${LEAD}|${expires}`).digest('base64url')
    expect(verifyLeadCookieValue('company-a', `${LEAD}.${expires}.${signature}`, Date.UTC(2026, 0, 1))).toBe(LEAD)
  })

  it('is refused when tampered with, moved to another company or unsigned', () => {
    const value = leadCookieValue('company-a', LEAD)
    const [, expires, signature] = value.split('.')
    expect(verifyLeadCookieValue('company-b', value)).toBeNull()
    expect(verifyLeadCookieValue('company-a', `${LEAD.replace('0b7c', '1b7c')}.${expires}.${signature}`)).toBeNull()
    expect(verifyLeadCookieValue('company-a', `${LEAD}.${Number(expires) + 86400}.${signature}`)).toBeNull()
    // One character changed (never the same one: a signature ending in A once made this pass by luck).
    const changed = signature.endsWith('A') ? 'B' : 'A'
    expect(verifyLeadCookieValue('company-a', `${LEAD}.${expires}.${signature.slice(0, -1)}${changed}`)).toBeNull()
    expect(verifyLeadCookieValue('company-a', LEAD)).toBeNull()
    expect(verifyLeadCookieValue('company-a', undefined)).toBeNull()
  })

  it('has a name per company that a cookie may carry', () => {
    expect(leadCookieName('company-a')).toMatch(/^ag_lead_[0-9a-f]{16}$/)
    expect(leadCookieName('company-a')).not.toBe(leadCookieName('company-b'))
  })
})
