import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDnsServer, type TestDnsServer } from '../../../../tests/support/dns-server'
import { DnsUnavailableError, bareHost, createResolver, isSameHost, recordsOrEmpty } from './dns-resolver.server'

let dns: TestDnsServer

beforeAll(async () => {
  dns = await startDnsServer({
    'photos.night-owls.test': { CNAME: 'domains.afterglow.test' },
    'domains.afterglow.test': { A: ['192.0.2.10'], AAAA: ['2001:db8::10'] },
    '_afterglow.photos.night-owls.test': { TXT: [['afterglow-verify=', 'abc'], ['v=spf1 -all']] },
    'empty.night-owls.test': {},
    'broken.night-owls.test': { SERVFAIL: true },
  })
})
afterAll(() => dns.close())

describe('the DNS resolver', () => {
  it('answers from the servers it is given, following a CNAME the server answered with', async () => {
    const resolver = createResolver([dns.address])
    expect(await resolver.resolveCname('photos.night-owls.test')).toEqual(['domains.afterglow.test'])
    expect(await resolver.resolve4('photos.night-owls.test')).toEqual(['192.0.2.10'])
    expect(await resolver.resolve6('Photos.Night-Owls.test')).toEqual(['2001:db8::10'])
    expect(await resolver.resolveTxt('_afterglow.photos.night-owls.test')).toEqual([
      ['afterglow-verify=', 'abc'],
      ['v=spf1 -all'],
    ])
  })

  it('turns "no such name" and "no such record" into no records', async () => {
    const resolver = createResolver([dns.address])
    expect(await recordsOrEmpty('nobody.night-owls.test', resolver.resolve4('nobody.night-owls.test'))).toEqual([])
    expect(await recordsOrEmpty('empty.night-owls.test', resolver.resolve4('empty.night-owls.test'))).toEqual([])
    expect(await recordsOrEmpty('domains.afterglow.test', resolver.resolveCname('domains.afterglow.test'))).toEqual([])
  })

  it('turns a server failure or an unreachable server into DnsUnavailableError with the code', async () => {
    const failing = recordsOrEmpty(
      'broken.night-owls.test',
      createResolver([dns.address]).resolve4('broken.night-owls.test'),
    )
    await expect(failing).rejects.toBeInstanceOf(DnsUnavailableError)
    await expect(failing).rejects.toMatchObject({ code: 'ESERVFAIL', host: 'broken.night-owls.test' })

    const closed = await startDnsServer()
    await closed.close()
    const unreachable = recordsOrEmpty('a.test', createResolver([closed.address]).resolve4('a.test'))
    // Linux answers a closed UDP port on loopback at once (ICMP port unreachable): no 2 s wait.
    await expect(unreachable).rejects.toMatchObject({ name: 'DnsUnavailableError', code: 'ECONNREFUSED' })
  })

  it('passes on errors that are not DNS answers', async () => {
    await expect(recordsOrEmpty('a.test', Promise.reject(new TypeError('a bug')))).rejects.toThrow(TypeError)
  })

  it('compares host names the way DNS does', () => {
    expect(bareHost(' Night-Owls.Afterglow.Example.:3000')).toBe('night-owls.afterglow.example')
    expect(isSameHost('Domains.Afterglow.test.', 'domains.afterglow.test')).toBe(true)
    expect(isSameHost('domains.afterglow.test', 'afterglow.test')).toBe(false)
  })
})
