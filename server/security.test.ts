import { describe, expect, it } from 'vitest'
import { isCrossSiteRequest, isLocalRequest, isLoopbackAddress, securityHeaders } from './security'

const appUrl = 'https://afterglow.example'
const base = { host: 'afterglow.example', appUrl }

describe('CSRF origin check', () => {
  it('lets reads through whatever their origin', () => {
    expect(isCrossSiteRequest({ ...base, method: 'GET', origin: 'https://evil.example' })).toBe(false)
  })

  it('accepts writes from the same host or the public URL', () => {
    expect(isCrossSiteRequest({ ...base, method: 'POST', origin: 'https://afterglow.example' })).toBe(false)
    expect(
      isCrossSiteRequest({
        ...base,
        method: 'POST',
        host: 'band.afterglow.example',
        origin: 'https://band.afterglow.example',
      }),
    ).toBe(false)
    expect(
      isCrossSiteRequest({ ...base, method: 'DELETE', host: '127.0.0.1:3000', origin: 'https://afterglow.example' }),
    ).toBe(false)
  })

  it('refuses writes from other sites, opaque origins and cross-site fetches without Origin', () => {
    expect(isCrossSiteRequest({ ...base, method: 'POST', origin: 'https://evil.example' })).toBe(true)
    expect(isCrossSiteRequest({ ...base, method: 'POST', origin: 'https://afterglow.example.evil.test' })).toBe(true)
    expect(isCrossSiteRequest({ ...base, method: 'POST', origin: 'null' })).toBe(true)
    expect(isCrossSiteRequest({ ...base, method: 'PUT', secFetchSite: 'cross-site' })).toBe(true)
    expect(isCrossSiteRequest({ ...base, method: 'POST', origin: 'not a url' })).toBe(true)
  })

  it('lets non-browser clients without Origin or Sec-Fetch-Site through', () => {
    expect(isCrossSiteRequest({ ...base, method: 'POST' })).toBe(false)
    expect(isCrossSiteRequest({ ...base, method: 'POST', secFetchSite: 'same-origin' })).toBe(false)
  })
})

describe('security headers', () => {
  function headersFor(appUrl: string, path = '/') {
    const headers: Record<string, string> = {}
    const res = {
      locals: {} as Record<string, unknown>,
      setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = value),
    }
    let nextCalled = false
    securityHeaders({ appUrl, isDevelopment: false })({ path } as never, res as never, () => (nextCalled = true))
    return { headers, nonce: res.locals.nonce as string, nextCalled }
  }

  it('sets a nonce-based CSP, anti-framing, nosniff and a referrer policy', () => {
    const { headers, nonce, nextCalled } = headersFor('http://localhost:3000')
    expect(nextCalled).toBe(true)
    expect(headers['content-security-policy']).toContain(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`)
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(headers['strict-transport-security']).toBeUndefined()
  })

  it("lets only this site's pages frame a published file's stream (the player's PDF viewer)", () => {
    const stream = headersFor('http://localhost:3000', '/p/0b5e4d3c-1a2b-4c3d-8e9f-0123456789ab/stream').headers
    expect(stream['content-security-policy']).toContain("frame-ancestors 'self'")
    expect(stream['content-security-policy']).not.toContain("frame-ancestors 'none'")
    expect(stream['x-frame-options']).toBe('SAMEORIGIN')
    for (const path of [
      '/demo/player/0b5e4d3c-1a2b-4c3d-8e9f-0123456789ab',
      '/p/0b5e4d3c-1a2b-4c3d-8e9f-0123456789ab/w1200.webp',
      '/p/x/stream',
      '/admin',
    ]) {
      const headers = headersFor('http://localhost:3000', path).headers
      expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'")
      expect(headers['x-frame-options'], path).toBe('DENY')
    }
  })

  it('adds HSTS only when the public URL is https', () => {
    expect(headersFor('https://afterglow.example').headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    )
  })
})

describe('what counts as this machine', () => {
  it('is the loopback block and ::1, never another address', () => {
    for (const address of ['127.0.0.1', '127.4.5.6', '::1', '::ffff:127.0.0.1'])
      expect(isLoopbackAddress(address), address).toBe(true)
    for (const address of ['10.0.0.1', '192.168.1.127', '::ffff:10.0.0.1', '2001:db8::1', '', undefined])
      expect(isLoopbackAddress(address), String(address)).toBe(false)
  })

  it("is a request made here for this machine, not a visitor's the proxy in front passed on", () => {
    expect(isLocalRequest('127.0.0.1', { host: '127.0.0.1:3000' })).toBe(true)
    expect(isLocalRequest('::1', {})).toBe(true)
    expect(isLocalRequest('203.0.113.7', {})).toBe(false)
    // Caddy and nginx add these to what they forward: from loopback, but from a visitor.
    expect(isLocalRequest('127.0.0.1', { 'x-forwarded-for': '203.0.113.7' })).toBe(false)
    expect(isLocalRequest('127.0.0.1', { forwarded: 'for=203.0.113.7' })).toBe(false)
  })
})
