import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDnsServer, type TestDnsServer } from '../../../../tests/support/dns-server'
import { DNS_PROPAGATION_HOURS, checkSubdomainDns } from './check-subdomain-dns.server'
import { createResolver, type DnsResolver } from './dns-resolver.server'

const HOUR = 60 * 60 * 1000
const ACTIVATED = new Date('2026-12-01T10:00:00Z')
const after = (hours: number) => new Date(ACTIVATED.getTime() + hours * HOUR)

let dns: TestDnsServer
let resolver: DnsResolver

beforeAll(async () => {
  dns = await startDnsServer({
    'afterglow.test': { A: ['192.0.2.10'], AAAA: ['2001:db8::10'] },
    // What a wildcard `*.afterglow.test` answers, name by name.
    'night-owls.afterglow.test': { A: ['192.0.2.10'], AAAA: ['2001:db8::10'] },
    'via-cname.afterglow.test': { CNAME: 'afterglow.test' },
    'parked.afterglow.test': { A: ['203.0.113.7'] },
    'half.afterglow.test': { A: ['192.0.2.10', '203.0.113.7'] },
    'broken.afterglow.test': { SERVFAIL: true },
  })
  resolver = createResolver([dns.address])
})
afterAll(() => dns.close())

describe('the subdomain DNS check', () => {
  it("is configured when the subdomain resolves to the platform's addresses, directly or through a CNAME", async () => {
    const now = after(1)
    expect(
      await checkSubdomainDns({
        host: 'night-owls.afterglow.test',
        platformHost: 'afterglow.test',
        activatedAt: ACTIVATED,
        now,
        resolver,
      }),
    ).toEqual({
      state: 'configured',
      checkedAt: now,
      addresses: ['192.0.2.10', '2001:db8::10'],
    })
    const viaCname = await checkSubdomainDns({
      host: 'Via-Cname.afterglow.test:443',
      platformHost: 'afterglow.test:443',
      activatedAt: ACTIVATED,
      now,
      resolver,
    })
    expect(viaCname.state).toBe('configured')
  })

  it(`waits while the name is not found within ${DNS_PROPAGATION_HOURS.max} hours of activation, then says not found`, async () => {
    const check = (now: Date) =>
      checkSubdomainDns({
        host: 'new-crew.afterglow.test',
        platformHost: 'afterglow.test',
        activatedAt: ACTIVATED,
        now,
        resolver,
      })
    expect(await check(after(0))).toMatchObject({ state: 'waiting-verification', addresses: [] })
    expect(await check(after(DNS_PROPAGATION_HOURS.min))).toMatchObject({ state: 'waiting-verification' })
    expect(await check(after(DNS_PROPAGATION_HOURS.max - 0.01))).toMatchObject({ state: 'waiting-verification' })
    expect(await check(after(DNS_PROPAGATION_HOURS.max))).toMatchObject({ state: 'not-found', addresses: [] })
    expect((await check(after(DNS_PROPAGATION_HOURS.max))).transient).toBeUndefined()
  })

  it('turns configured once the record appears', async () => {
    const check = () =>
      checkSubdomainDns({
        host: 'late.afterglow.test',
        platformHost: 'afterglow.test',
        activatedAt: ACTIVATED,
        now: after(2),
        resolver,
      })
    expect((await check()).state).toBe('waiting-verification')
    dns.records['late.afterglow.test'] = { A: ['192.0.2.10'] }
    expect((await check()).state).toBe('configured')
  })

  it('needs configuration when the name points elsewhere, even in part', async () => {
    for (const host of ['parked.afterglow.test', 'half.afterglow.test']) {
      const result = await checkSubdomainDns({
        host,
        platformHost: 'afterglow.test',
        activatedAt: ACTIVATED,
        now: after(1),
        resolver,
      })
      expect(result.state, host).toBe('needs-configuration')
      expect(result.addresses, host).toContain('203.0.113.7')
    }
  })

  it('waits, marked transient, when the DNS fails: never a false "not found"', async () => {
    const long = after(48)
    expect(
      await checkSubdomainDns({
        host: 'broken.afterglow.test',
        platformHost: 'afterglow.test',
        activatedAt: ACTIVATED,
        now: long,
        resolver,
      }),
    ).toEqual({
      state: 'waiting-verification',
      checkedAt: long,
      addresses: [],
      transient: true,
      failure: 'ESERVFAIL (broken.afterglow.test)',
    })
    const closed = await startDnsServer()
    await closed.close()
    const unreachable = createResolver([closed.address])
    expect(
      await checkSubdomainDns({
        host: 'night-owls.afterglow.test',
        platformHost: 'afterglow.test',
        activatedAt: ACTIVATED,
        now: long,
        resolver: unreachable,
      }),
    ).toMatchObject({
      state: 'waiting-verification',
      transient: true,
      failure: expect.stringMatching(/^ECONNREFUSED/),
    })
  })

  it('calls a name under localhost configured without asking the DNS (RFC 6761)', async () => {
    const closed = await startDnsServer()
    await closed.close()
    const unreachable = createResolver([closed.address])
    for (const platformHost of ['localhost:3000', 'afterglow.localhost']) {
      const result = await checkSubdomainDns({
        host: `night-owls.${platformHost}`,
        platformHost,
        activatedAt: ACTIVATED,
        now: after(48),
        resolver: unreachable,
      })
      expect(result, platformHost).toEqual({ state: 'configured', checkedAt: after(48), addresses: [] })
    }
  })
})
