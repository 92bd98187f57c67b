import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDnsServer, type TestDnsServer } from '../../../../tests/support/dns-server'
import { createResolver, type DnsResolver } from './dns-resolver.server'
import {
  DOMAIN_PROBLEM_CODES,
  isApex,
  ownershipRecordName,
  ownershipRecordValue,
  verifyCustomDomain,
} from './verify-custom-domain.server'

const TARGET = 'domains.afterglow.test'
const TOKEN = 'tok-3f9a1c'
const OWNERSHIP = [['afterglow-verify=', TOKEN]] // two chunks: joined before comparing

let dns: TestDnsServer
let resolver: DnsResolver

beforeAll(async () => {
  dns = await startDnsServer({
    [TARGET]: { A: ['192.0.2.10', '192.0.2.11'], AAAA: ['2001:db8::10'] },
    'elsewhere.test': { A: ['198.51.100.7'] },
    'photos.by-address.test': { A: ['203.0.113.5'] },
    '_afterglow.photos.by-address.test': { TXT: OWNERSHIP },
    'other.by-address.test': { A: ['203.0.113.99'] },
    '_afterglow.other.by-address.test': { TXT: OWNERSHIP },
    '_afterglow.none.by-address.test': { TXT: OWNERSHIP },
  })
  resolver = createResolver([dns.address])
})
afterAll(() => dns.close())

const verify = (host: string, options: { token?: string; resolver?: DnsResolver } = {}) =>
  verifyCustomDomain({ host, token: options.token ?? TOKEN, target: TARGET, resolver: options.resolver ?? resolver })

describe('the ownership record', () => {
  it('is a TXT record under _afterglow holding the token', () => {
    expect(ownershipRecordName('Photos.Night-Owls.com')).toBe('_afterglow.photos.night-owls.com')
    expect(ownershipRecordValue('abc')).toBe('afterglow-verify=abc')
  })
})

describe('isApex', () => {
  it('tells a registrable domain from a name under one', () => {
    for (const host of [
      'night-owls.com',
      'night-owls.co.uk',
      'night-owls.com.br',
      'night-owls.com.au',
      'Night-Owls.com.',
    ])
      expect(isApex(host), host).toBe(true)
    for (const host of ['photos.night-owls.com', 'photos.night-owls.co.uk', 'a.b.night-owls.com', 'com'])
      expect(isApex(host), host).toBe(false)
  })
})

describe('verifying a custom domain against a real DNS server', () => {
  it('is verified with a CNAME to the target (any case, trailing dot) and the TXT record', async () => {
    dns.records['photos.verified.test'] = { CNAME: 'Domains.Afterglow.test.' }
    dns.records['_afterglow.photos.verified.test'] = { TXT: [['unrelated'], ...OWNERSHIP] }
    expect(await verify('photos.verified.test')).toEqual({
      state: 'verified',
      problems: [],
      records: {
        cname: ['Domains.Afterglow.test'],
        // Followed through the CNAME, as a recursive resolver answers.
        a: ['192.0.2.10', '192.0.2.11'],
        aaaa: ['2001:db8::10'],
        txt: ['unrelated', `afterglow-verify=${TOKEN}`],
      },
    })
  })

  it("is verified at an apex with A/AAAA records among the target's addresses", async () => {
    dns.records['apex.test'] = { A: ['192.0.2.11'], AAAA: ['2001:db8::10'] }
    dns.records['_afterglow.apex.test'] = { TXT: OWNERSHIP }
    expect(await verify('apex.test')).toMatchObject({ state: 'verified', problems: [] })
  })

  it('is pending while neither record exists, and says what to add', async () => {
    expect(await verify('photos.nothing-yet.test')).toEqual({
      state: 'pending',
      problems: [
        { code: 'cname-missing', expected: TARGET },
        { code: 'txt-missing', expected: `afterglow-verify=${TOKEN}` },
      ],
      records: { cname: [], a: [], aaaa: [], txt: [] },
    })
    expect((await verify('nothing-yet.test')).problems.map((problem) => problem.code)).toEqual([
      'address-missing',
      'txt-missing',
    ])
  })

  it('is pending while one of the two is still missing', async () => {
    dns.records['photos.half-done.test'] = { CNAME: TARGET }
    expect(await verify('photos.half-done.test')).toMatchObject({
      state: 'pending',
      problems: [{ code: 'txt-missing' }],
    })
  })

  it('is invalid with a TXT record for another token', async () => {
    dns.records['photos.wrong-token.test'] = { CNAME: TARGET }
    dns.records['_afterglow.photos.wrong-token.test'] = { TXT: [['afterglow-verify=old-token']] }
    expect(await verify('photos.wrong-token.test')).toMatchObject({
      state: 'invalid',
      problems: [
        { code: 'txt-mismatch', found: ['afterglow-verify=old-token'], expected: `afterglow-verify=${TOKEN}` },
      ],
    })
    // "Contains exactly": the value inside a longer record does not count.
    dns.records['_afterglow.photos.wrong-token.test'] = { TXT: [[`afterglow-verify=${TOKEN} `]] }
    expect((await verify('photos.wrong-token.test')).state).toBe('invalid')
  })

  it('is invalid with a CNAME elsewhere, or an apex pointing elsewhere', async () => {
    dns.records['photos.elsewhere.test'] = { CNAME: 'elsewhere.test' }
    dns.records['_afterglow.photos.elsewhere.test'] = { TXT: OWNERSHIP }
    expect(await verify('photos.elsewhere.test')).toMatchObject({
      state: 'invalid',
      problems: [{ code: 'cname-elsewhere', found: ['elsewhere.test'], expected: TARGET }],
      records: { a: ['198.51.100.7'] },
    })
    dns.records['parked.test'] = { A: ['198.51.100.7'] }
    dns.records['_afterglow.parked.test'] = { TXT: OWNERSHIP }
    expect(await verify('parked.test')).toMatchObject({
      state: 'invalid',
      problems: [{ code: 'address-elsewhere', found: ['198.51.100.7'] }],
    })
  })

  it('is conflicting with extra A records beside the CNAME to the target, or beside the right addresses', async () => {
    dns.records['photos.extra.test'] = { CNAME: TARGET, A: ['198.51.100.7'] }
    dns.records['_afterglow.photos.extra.test'] = { TXT: OWNERSHIP }
    expect(await verify('photos.extra.test')).toMatchObject({
      state: 'conflicting',
      problems: [{ code: 'extra-records', found: ['198.51.100.7'] }],
    })

    dns.records['extra-apex.test'] = { A: ['192.0.2.10', '198.51.100.7'] }
    dns.records['_afterglow.extra-apex.test'] = { TXT: OWNERSHIP }
    expect(await verify('extra-apex.test')).toMatchObject({
      state: 'conflicting',
      problems: [{ code: 'extra-records', found: ['198.51.100.7'] }],
    })
  })

  it("accepts A records among the target's addresses under a name too (CNAME flattening, a suffix isApex does not know)", async () => {
    dns.records['photos.flattened.test'] = { A: ['192.0.2.10'] }
    dns.records['_afterglow.photos.flattened.test'] = { TXT: OWNERSHIP }
    expect((await verify('photos.flattened.test')).state).toBe('verified')
  })

  it('returns transient when a lookup fails, whatever the other records say (the caller keeps a verified domain verified)', async () => {
    dns.records['photos.flaky.test'] = { CNAME: TARGET }
    dns.records['_afterglow.photos.flaky.test'] = { TXT: OWNERSHIP }
    expect((await verify('photos.flaky.test')).state).toBe('verified')

    dns.records['_afterglow.photos.flaky.test'] = { SERVFAIL: true }
    expect(await verify('photos.flaky.test')).toMatchObject({
      state: 'transient',
      problems: [{ code: 'dns-unavailable', found: ['ESERVFAIL'] }],
      records: { cname: [TARGET], txt: [] },
    })
  })

  it('returns transient when the DNS server cannot be reached', async () => {
    const closed = await startDnsServer()
    await closed.close()
    expect(await verify('photos.verified.test', { resolver: createResolver([closed.address]) })).toEqual({
      state: 'transient',
      problems: [{ code: 'dns-unavailable', found: ['ECONNREFUSED'] }],
      records: { cname: [], a: [], aaaa: [], txt: [] },
    })
  })

  it('names every problem code it can return in DOMAIN_PROBLEM_CODES', () => {
    expect(DOMAIN_PROBLEM_CODES).toEqual(
      expect.arrayContaining([
        'txt-missing',
        'txt-mismatch',
        'cname-missing',
        'cname-elsewhere',
        'address-missing',
        'address-elsewhere',
        'extra-records',
        'dns-unavailable',
      ]),
    )
  })
})

describe('a platform reached by its IP address', () => {
  it('is reached by an A record holding that address (there is no name to CNAME to)', async () => {
    const byAddress = (host: string) => verifyCustomDomain({ host, token: TOKEN, target: '203.0.113.5', resolver })
    expect(await byAddress('photos.by-address.test')).toMatchObject({ state: 'verified', problems: [] })
    expect((await byAddress('other.by-address.test')).problems.map((problem) => problem.code)).toEqual([
      'address-elsewhere',
    ])
    expect((await byAddress('none.by-address.test')).problems.map((problem) => problem.code)).toEqual([
      'address-missing',
    ])
  })
})
