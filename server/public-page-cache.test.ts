import { describe, expect, it } from 'vitest'
import { cacheScope, isAnonymous, PageCache } from './public-page-cache.server'

describe('which requests the public page cache serves', () => {
  it('keeps company pages, policy pages and the marketing site; leaves the player and the platform routes out', () => {
    const platform = 'afterglow.test'
    expect(cacheScope('afterglow.test', '/', platform)).toEqual({ kind: 'platform' })
    expect(cacheScope('afterglow.test', '/privacy', platform)).toEqual({ kind: 'platform' })
    expect(cacheScope('afterglow.test', '/night-owls', platform)).toEqual({ kind: 'company', slug: 'night-owls' })
    expect(cacheScope('afterglow.test', '/night-owls/galeria/live-2026', platform)).toEqual({ kind: 'company', slug: 'night-owls' })
    expect(cacheScope('afterglow.test', '/night-owls/evento/tour', platform)).toEqual({ kind: 'company', slug: 'night-owls' })
    expect(cacheScope('afterglow.test', '/night-owls/termos', platform)).toEqual({ kind: 'company', slug: 'night-owls' })
    expect(cacheScope('afterglow.test', '/night-owls/player/123', platform)).toBeNull()
    expect(cacheScope('afterglow.test', '/auth', platform)).toBeNull()
    expect(cacheScope('afterglow.test', '/admin', platform)).toBeNull()
    expect(cacheScope('afterglow.test', '/demo.data', platform)).toBeNull()
    expect(cacheScope('night-owls.afterglow.test', '/', platform)).toEqual({ kind: 'company', slug: 'night-owls' })
    expect(cacheScope('night-owls.afterglow.test', '/galeria/live', platform)).toEqual({ kind: 'company', slug: 'night-owls' })
    expect(cacheScope('night-owls.afterglow.test', '/player/1', platform)).toBeNull()
    expect(cacheScope('night-owls.afterglow.test', '/auth', platform)).toBeNull()
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
