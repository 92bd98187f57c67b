import { describe, expect, it, vi } from 'vitest'
import { createTlsAllowList, type TlsAllowList } from './tls-allow-list.server'

const LIST: TlsAllowList = { customHosts: new Set(['photos.band.example']), subdomains: new Set(['night-owls']) }

function allowListWith(load: () => Promise<TlsAllowList>) {
  const onCustomHost = vi.fn()
  return { list: createTlsAllowList({ load, platformDomain: () => 'afterglow.example', onCustomHost }), onCustomHost }
}

describe("Caddy's certificate question", () => {
  it('says yes to verified custom domains and active subdomains only, whatever the spelling', async () => {
    const { list, onCustomHost } = allowListWith(async () => LIST)
    for (const domain of ['photos.band.example', 'PHOTOS.band.example.', 'night-owls.afterglow.example'])
      expect(await list.mayIssue(domain), domain).toBe(true)
    expect(onCustomHost).toHaveBeenCalledWith('photos.band.example')
    for (const domain of [
      'other.band.example',
      'someone-else.afterglow.example',
      'afterglow.example',
      'www.afterglow.example',
      'a.night-owls.afterglow.example',
      '',
      'bad host',
      'x'.repeat(300),
    ]) {
      expect(await list.mayIssue(domain), domain).toBe(false)
    }
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
    expect(await list.mayIssue('photos.band.example')).toBe(true)
    expect(load).toHaveBeenCalledTimes(2)
  })
})
