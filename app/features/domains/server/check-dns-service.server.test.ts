import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDnsServer, type TestDnsServer } from '../../../../tests/support/dns-server'
import { checkDnsService } from './check-dns-service.server'
import { createResolver } from './dns-resolver.server'

let dns: TestDnsServer
beforeAll(async () => {
  dns = await startDnsServer({
    'afterglow.test': { A: ['192.0.2.10'] },
    'bare.afterglow.test': { TXT: [['nothing else']] },
    'broken.afterglow.test': { SERVFAIL: true },
  })
})
afterAll(() => dns.close())

describe("the DNS checker's own check", () => {
  it("is ok when the platform's name resolves, with its addresses", async () => {
    expect(
      await checkDnsService({ host: 'afterglow.test:443', resolver: createResolver([dns.address]), now: 0 }),
    ).toEqual({
      level: 'ok',
      result: 'resolved',
      host: 'afterglow.test',
      addresses: ['192.0.2.10'],
      error: null,
      checkedAt: new Date(0).toISOString(),
    })
  })

  it('needs nothing asked for a platform on localhost or an address', async () => {
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000'])
      expect((await checkDnsService({ host, resolver: createResolver(['127.0.0.1:9']) })).result, host).toBe('local')
  })

  it('warns when the DNS answers without an address, and fails when it cannot answer', async () => {
    const resolver = createResolver([dns.address])
    expect(await checkDnsService({ host: 'bare.afterglow.test', resolver })).toMatchObject({
      level: 'warning',
      result: 'no-record',
    })
    expect(await checkDnsService({ host: 'broken.afterglow.test', resolver })).toMatchObject({
      level: 'error',
      result: 'failed',
      error: 'ESERVFAIL',
    })
    expect(await checkDnsService({ host: 'afterglow.test', resolver: createResolver(['127.0.0.1:9']) })).toMatchObject({
      level: 'error',
      result: 'failed',
      error: 'ECONNREFUSED',
    })
  })
})
