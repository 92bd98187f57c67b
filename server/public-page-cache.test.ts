import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  cachedPagePolicy,
  cacheScope,
  isCurrent,
  MEDIA_FOLD_MS,
  PageCache,
  sharedCookies,
  VersionReader,
  withoutLinkTracking,
  type PageVersion,
} from './public-page-cache'

describe('which requests the public page cache serves', () => {
  it('keeps company pages, policy pages and the marketing site; leaves the player and the platform routes out', () => {
    // What the host resolver answers for the platform's host and for a company's subdomain.
    const platformHost = { kind: 'platform' } as const
    const companyHost = {
      kind: 'company',
      label: 'night-owls',
      company: { id: 'c-night-owls', slug: 'night-owls' },
    } as const
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

  it('renders shared pages from the language cookie alone, whatever else the fan carries', () => {
    expect(sharedCookies(undefined)).toBe('')
    expect(sharedCookies('lang=pt')).toBe('lang=pt')
    expect(sharedCookies('lang=pt; afterglow.session_token=abc')).toBe('lang=pt')
    expect(sharedCookies('afterglow_lead_x=1; tracking=yes')).toBe('')
  })
})

describe('the query a shared page is kept under', () => {
  it('drops what social networks, ads and newsletters add to a link, and keeps what the page reads', () => {
    expect(withoutLinkTracking('')).toBe('')
    expect(withoutLinkTracking('?fbclid=IwAR3xyz')).toBe('')
    expect(withoutLinkTracking('?utm_source=instagram&utm_medium=story&igshid=abc')).toBe('')
    expect(withoutLinkTracking('?type=videos&fbclid=IwAR3xyz')).toBe('?type=videos')
    expect(withoutLinkTracking('?gclid=1&after=abc&UTM_Campaign=x&chapter=2')).toBe('?after=abc&chapter=2')
    // A newsletter's and a search result's own tags.
    expect(withoutLinkTracking('?_hsenc=p2ANqtz&_hsmi=2&srsltid=AfmBOo')).toBe('')
    // Instagram's newer share tag, Snapchat's and Pinterest's ad click ids.
    expect(withoutLinkTracking('?igsh=MWQ1ZGUx&ScCid=7f3&epik=dj0y')).toBe('')
    // The photo a fan's shared link opens the viewer on: the page's script reads it, the render does not.
    expect(withoutLinkTracking('?foto=3f0c&type=photos')).toBe('?type=photos')
    expect(withoutLinkTracking('?encontrei=9d1e&type=photos')).toBe('?type=photos')
    // A query without tags is left exactly as it came.
    expect(withoutLinkTracking('?type=photos&q=a%20b')).toBe('?type=photos&q=a%20b')
    // Only whole names: a parameter that merely starts like one is the page's.
    expect(withoutLinkTracking('?utm=1&fbclidx=2')).toBe('?utm=1&fbclidx=2')
  })
})

describe('PageCache', () => {
  const v = (edits: string, media = 0): PageVersion => ({ edits, media })
  const entry = (version: PageVersion, bytes: number, renderedAt = 0) => ({
    version,
    renderedAt,
    status: 200,
    headers: {},
    bodies: { identity: Buffer.from('x') },
    bytes,
  })

  it('drops an entry at once when the company edited something fans see', () => {
    const cache = new PageCache({ maxBytes: 1000 })
    cache.set('a', entry(v('c1'), 10))
    expect(cache.get('a', v('c1'), 10)).toBeDefined()
    expect(cache.get('a', v('c2'), 10)).toBeUndefined()
    expect(cache.get('a', v('c1'), 10)).toBeUndefined()
  })

  it('keeps a page no longer than its render said it changes by itself (a gallery it lists ends)', () => {
    const cache = new PageCache({ maxBytes: 1000 })
    cache.set('a', { ...entry(v('c1', 5), 10, 1_000), changesAt: 5_000 })
    expect(cache.get('a', v('c1', 5), 4_999)).toBeDefined()
    // Not even as the page of a moment ago while another renders.
    expect(cache.previous('a', v('c1', 6), 5_000)).toBeUndefined()
    expect(cache.get('a', v('c1', 5), 5_000)).toBeUndefined()
    expect(cache.kept('a')).toBeUndefined()
  })

  it('folds photos that finish processing into one new page per second, keeping the one it replaces', () => {
    const cache = new PageCache({ maxBytes: 1000 })
    cache.set('a', entry(v('c1', 5), 10, 1_000))
    // More photos ready within the second: the page stays; after it, the page goes.
    expect(cache.get('a', v('c1', 6), 1_000 + MEDIA_FOLD_MS - 1)).toBeDefined()
    expect(cache.get('a', v('c1', 7), 1_000 + MEDIA_FOLD_MS)).toBeUndefined()
    // ...and is kept, to serve while its successor renders; an edit leaves none.
    expect(cache.previous('a', v('c1', 7))?.version).toEqual(v('c1', 5))
    expect(cache.previous('a', v('c2', 7))).toBeUndefined()
    cache.get('a', v('c2', 7), 1_000 + MEDIA_FOLD_MS)
    expect(cache.previous('a', v('c1', 7))).toBeUndefined()
    cache.set('b', entry(v('c1', 5), 10, 1_000))
    expect(isCurrent({ version: v('c1', 5), renderedAt: 1_000 }, v('c1', 5), 1_000_000)).toBe(true)
    expect(cache.get('b', v('c2', 5), 1_001)).toBeUndefined()
  })

  it('evicts the least recently used entries past its byte budget, compressed bytes included', () => {
    const cache = new PageCache({ maxBytes: 100 })
    cache.set('a', entry(v('v'), 40))
    cache.set('b', entry(v('v'), 40))
    cache.get('a', v('v'))
    cache.set('c', entry(v('v'), 40))
    expect(cache.get('b', v('v'))).toBeUndefined()
    expect(cache.get('a', v('v'))).toBeDefined()
    const c = cache.get('c', v('v'))!
    expect(cache.size).toBe(2)
    cache.addCompressed('c', c, { gzip: Buffer.alloc(10), br: Buffer.alloc(11) })
    expect(cache.get('a', v('v'))).toBeUndefined()
    expect(cache.get('c', v('v'))?.bodies.br).toHaveLength(11)
  })
})

describe('PageCache under a flood of made-up query strings', () => {
  const v: PageVersion = { edits: 'c1', media: 0 }
  const entry = (bytes: number) => ({
    version: v,
    renderedAt: 0,
    status: 200,
    headers: {},
    bodies: { identity: Buffer.from('x') },
    bytes,
  })

  it('keeps the plain pages fans ask for: addresses with a query push out only one another', () => {
    const cache = new PageCache({ maxBytes: 100, maxQueryBytes: 50 })
    cache.set('demo.example|/|en', entry(40))
    cache.set('demo.example|/galeria/night|en', entry(40))
    cache.set('demo.example|/galeria/night?chapter=3|en', entry(20))
    for (let i = 0; i < 1000; i++) cache.set(`demo.example|/galeria/night?x=${i}|en`, entry(20))
    expect(cache.get('demo.example|/|en', v)).toBeDefined()
    expect(cache.get('demo.example|/galeria/night|en', v)).toBeDefined()
    // The made-up ones took the share of addresses with a query: the last two fit in it.
    expect(cache.get('demo.example|/galeria/night?chapter=3|en', v)).toBeUndefined()
    expect(cache.get('demo.example|/galeria/night?x=999|en', v)).toBeDefined()
    expect(cache.get('demo.example|/galeria/night?x=998|en', v)).toBeDefined()
    expect(cache.size).toBe(4)
  })

  it("counts a query page's compressed bytes against its own share", () => {
    const cache = new PageCache({ maxBytes: 100, maxQueryBytes: 50 })
    cache.set('h|/a|en', entry(90))
    cache.set('h|/a?type=videos|en', entry(30))
    const queried = cache.get('h|/a?type=videos|en', v)!
    cache.addCompressed('h|/a?type=videos|en', queried, { gzip: Buffer.alloc(15), br: Buffer.alloc(10) })
    expect(cache.get('h|/a?type=videos|en', v)).toBeUndefined()
    expect(cache.get('h|/a|en', v)).toBeDefined()
  })
})

describe('VersionReader', () => {
  it('answers every request with a read that started after it arrived, one read per round trip', async () => {
    let reads = 0
    let value = 1
    const pending: (() => void)[] = []
    const reader = new VersionReader(async () => {
      reads += 1
      const seen = value
      await new Promise<void>((resolve) => pending.push(resolve))
      return seen
    })
    const first = reader.read('s')
    value = 2 // changed while the first read is under way: later requests must see it
    const second = reader.read('s')
    const third = reader.read('s')
    expect(reads).toBe(1)
    pending.shift()!()
    expect(await first).toBe(1)
    await new Promise((resolve) => setImmediate(resolve))
    expect(reads).toBe(2)
    pending.shift()!()
    expect(await second).toBe(2)
    expect(await third).toBe(2)
  })
})

describe('the policy of a stored page', () => {
  it("allows its inline scripts by hash and the site's own files, and no nonce", () => {
    const html =
      '<script nonce="abc">window.x=1</script><script type="module" nonce="abc">import "/assets/a.js"</script><script src="/assets/b.js"></script>'
    const policy = cachedPagePolicy(
      "default-src 'self'; script-src 'self' 'nonce-abc' 'strict-dynamic'; style-src 'self'",
      html,
    )
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`
    expect(policy).toBe(
      `default-src 'self'; script-src 'self' ${hash('window.x=1')} ${hash('import "/assets/a.js"')}; style-src 'self'`,
    )
  })
})
