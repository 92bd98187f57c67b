import { describe, expect, it } from 'vitest'
import { cacheScope, isAnonymous, PageCache } from './public-page-cache'

describe('which requests the public page cache serves', () => {
  it('keeps company pages, policy pages and the marketing site; leaves the player and the platform routes out', () => {
    // What the host resolver answers for the platform's host and for a company's subdomain.
    const platformHost = { kind: 'platform' } as const
    const companyHost = { kind: 'company', label: 'night-owls', company: { id: 'c-night-owls', slug: 'night-owls' } } as const
    expect(cacheScope(platformHost, '/')).toEqual({ kind: 'platform' })
    expect(cacheScope(platformHost, '/privacy')).toEqual({ kind: 'platform' })
    expect(cacheScope(platformHost, '/night-owls')).toEqual({ kind: 'company', slug: 'night-owls' })
    expect(cacheScope(platformHost, '/night-owls/galeria/live-2026')).toEqual({ kind: 'company', slug: 'night-owls' })
    expect(cacheScope(platformHost, '/night-owls/evento/tour')).toEqual({ kind: 'company', slug: 'night-owls' })
    expect(cacheScope(platformHost, '/night-owls/termos')).toEqual({ kind: 'company', slug: 'night-owls' })
    expect(cacheScope(platformHost, '/night-owls/player/123')).toBeNull()
    expect(cacheScope(platformHost, '/auth')).toBeNull()
    expect(cacheScope(platformHost, '/admin')).toBeNull()
    expect(cacheScope(platformHost, '/demo.data')).toBeNull()
    expect(cacheScope(companyHost, '/')).toEqual({ kind: 'company', slug: 'night-owls' })
    expect(cacheScope(companyHost, '/galeria/live')).toEqual({ kind: 'company', slug: 'night-owls' })
    expect(cacheScope(companyHost, '/player/1')).toBeNull()
    expect(cacheScope(companyHost, '/auth')).toBeNull()
  })

  it('treats a visitor as anonymous only when the language is the one cookie', () => {
    expect(isAnonymous(undefined)).toBe(true)
    expect(isAnonymous('lang=pt')).toBe(true)
    expect(isAnonymous('lang=pt; afterglow.session_token=abc')).toBe(false)
    expect(isAnonymous('afterglow_lead=x')).toBe(false)
  })
})

describe('PageCache', () => {
  const entry = (version: string, bytes: number) => ({ version, status: 200, headers: {}, parts: [Buffer.from('x')], bytes })

  it('drops an entry whose company version moved on', () => {
    const cache = new PageCache({ maxBytes: 1000 })
    cache.set('a', entry('c1', 10))
    expect(cache.get('a', 'c1')).toBeDefined()
    expect(cache.get('a', 'c2')).toBeUndefined()
    expect(cache.get('a', 'c1')).toBeUndefined()
  })

  it('evicts the least recently used entries past its byte budget', () => {
    const cache = new PageCache({ maxBytes: 100 })
    cache.set('a', entry('v', 40))
    cache.set('b', entry('v', 40))
    cache.get('a', 'v')
    cache.set('c', entry('v', 40))
    expect(cache.get('b', 'v')).toBeUndefined()
    expect(cache.get('a', 'v')).toBeDefined()
    expect(cache.get('c', 'v')).toBeDefined()
    expect(cache.size).toBe(2)
  })
})
