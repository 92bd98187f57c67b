import { describe, expect, it } from 'vitest'
import { isCrossSiteRequest } from './security'

const appUrl = 'https://afterglow.example'
const base = { host: 'afterglow.example', appUrl }

describe('CSRF origin check', () => {
  it('lets reads through whatever their origin', () => {
    expect(isCrossSiteRequest({ ...base, method: 'GET', origin: 'https://evil.example' })).toBe(false)
  })

  it('accepts writes from the same host or the public URL', () => {
    expect(isCrossSiteRequest({ ...base, method: 'POST', origin: 'https://afterglow.example' })).toBe(false)
    expect(isCrossSiteRequest({ ...base, method: 'POST', host: 'band.afterglow.example', origin: 'https://band.afterglow.example' })).toBe(false)
    expect(isCrossSiteRequest({ ...base, method: 'DELETE', host: '127.0.0.1:3000', origin: 'https://afterglow.example' })).toBe(false)
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
