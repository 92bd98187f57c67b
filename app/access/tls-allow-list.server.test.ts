import { describe, expect, it, vi } from 'vitest'
import { createTlsAllowList, platformCertificateNames, type TlsAllowList } from './tls-allow-list.server'

const LIST: TlsAllowList = { customHosts: new Set(['photos.band.example']), subdomains: new Set(['night-owls']) }

function allowListWith(load: () => Promise<TlsAllowList>) {
  const onCustomHost = vi.fn()
  const list = createTlsAllowList({
    load,
    platformDomain: () => 'afterglow.example',
    platformNames: () => new Set(['afterglow.example']),
    onCustomHost,
  })
  return { list, onCustomHost }
}

const PRODUCTION = { PLATFORM_DOMAIN: 'afterglow.example', APP_URL: 'https://afterglow.example', PLATFORM_WWW: false }

describe("Caddy's certificate question", () => {
  it('says yes to verified custom domains and active subdomains only, whatever the spelling', async () => {
    const { list, onCustomHost } = allowListWith(async () => LIST)
    for (const domain of [
      'afterglow.example',
      'AfterGlow.Example.',
      'photos.band.example',
      'PHOTOS.band.example.',
      'night-owls.afterglow.example',
    ])
      expect(await list.mayIssue(domain), domain).toBe(true)
    expect(onCustomHost).toHaveBeenCalledTimes(2)
    expect(onCustomHost).toHaveBeenCalledWith('photos.band.example')
    for (const domain of [
      'other.band.example',
      'someone-else.afterglow.example',
      'www.afterglow.example',
      'afterglow.example.evil.test',
      'a.night-owls.afterglow.example',
      '',
      'bad host',
      'x'.repeat(300),
    ]) {
      expect(await list.mayIssue(domain), domain).toBe(false)
    }
  })

  it("answers for the platform's own names without the list", async () => {
    const load = vi.fn(async () => LIST)
    const { list } = allowListWith(load)
    expect(await list.mayIssue('afterglow.example')).toBe(true)
    expect(load).not.toHaveBeenCalled()
  })

  it('loads the list once, again after it is forgotten', async () => {
    const load = vi.fn(async () => LIST)
    const { list } = allowListWith(load)
    await list.mayIssue('night-owls.afterglow.example')
    await list.mayIssue('photos.band.example')
    expect(load).toHaveBeenCalledTimes(1)
    list.forget()
    await list.mayIssue('night-owls.afterglow.example')
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('fails closed: no certificate while the list cannot be loaded, and the next question tries again', async () => {
    const load = vi
      .fn<() => Promise<TlsAllowList>>()
      .mockRejectedValueOnce(new Error('database down'))
      .mockResolvedValueOnce(LIST)
    const { list } = allowListWith(load)
    expect(await list.mayIssue('photos.band.example')).toBe(false)
    // The platform's own site is not held hostage by the database.
    expect(await list.mayIssue('afterglow.example')).toBe(true)
    expect(await list.mayIssue('photos.band.example')).toBe(true)
    expect(load).toHaveBeenCalledTimes(2)
  })
})

describe("the platform's own certificate names", () => {
  it('are the apex, and www. of it only when PLATFORM_WWW says so', () => {
    expect([...platformCertificateNames(PRODUCTION)]).toEqual(['afterglow.example'])
    expect([...platformCertificateNames({ ...PRODUCTION, PLATFORM_WWW: true })].sort()).toEqual([
      'afterglow.example',
      'www.afterglow.example',
    ])
  })

  it("include APP_URL's host when the public address is another name", () => {
    expect(
      [...platformCertificateNames({ ...PRODUCTION, APP_URL: 'https://www.afterglow.example:8443' })].sort(),
    ).toEqual(['afterglow.example', 'www.afterglow.example'])
    expect(
      [
        ...platformCertificateNames({
          PLATFORM_DOMAIN: 'Fans.Example',
          APP_URL: 'https://afterglow.io',
          PLATFORM_WWW: false,
        }),
      ].sort(),
    ).toEqual(['afterglow.io', 'fans.example'])
  })

  it('never name localhost or an address, which no public certificate authority signs', () => {
    for (const [PLATFORM_DOMAIN, APP_URL] of [
      ['localhost:3000', 'http://localhost:3000'],
      ['127.0.0.1:4100', 'http://127.0.0.1:4100'],
      ['afterglow.localhost', 'http://afterglow.localhost'],
      ['[::1]:3000', 'http://[::1]:3000'],
    ])
      expect([...platformCertificateNames({ PLATFORM_DOMAIN, APP_URL, PLATFORM_WWW: true })], PLATFORM_DOMAIN).toEqual(
        [],
      )
  })
})
