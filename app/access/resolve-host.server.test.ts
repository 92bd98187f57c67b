import { describe, expect, it, vi } from 'vitest'
import { createHostResolver, type HostCompany } from './resolve-host.server'

const NIGHT_OWLS: HostCompany = { id: 'c-night-owls', slug: 'night-owls' }

function resolverWith(companies: Record<string, HostCompany>, options: { ttlMs?: number } = {}) {
  let clock = 0
  const lookup = vi.fn(async (label: string) => companies[label] ?? null)
  const resolver = createHostResolver({
    platformDomain: () => 'afterglow.example',
    lookup,
    ttlMs: options.ttlMs ?? 60_000,
    now: () => clock,
  })
  return { resolver, lookup, advance: (ms: number) => (clock += ms) }
}

describe('the host → company resolver', () => {
  it("answers the platform for the platform's own host, localhost and IP addresses, without asking the database", async () => {
    const { resolver, lookup } = resolverWith({ 'night-owls': NIGHT_OWLS })
    for (const host of [
      'afterglow.example',
      'AFTERGLOW.example:443',
      'localhost:3000',
      '127.0.0.1:3000',
      'other.example',
      undefined,
      null,
    ]) {
      expect(await resolver.resolve(host), String(host)).toEqual({ kind: 'platform' })
    }
    expect(lookup).not.toHaveBeenCalled()
  })

  it("answers a company's subdomain with the company", async () => {
    const { resolver } = resolverWith({ 'night-owls': NIGHT_OWLS })
    expect(await resolver.resolve('night-owls.afterglow.example')).toEqual({
      kind: 'company',
      label: 'night-owls',
      company: NIGHT_OWLS,
    })
    expect(await resolver.resolve('Night-Owls.Afterglow.Example:443')).toEqual({
      kind: 'company',
      label: 'night-owls',
      company: NIGHT_OWLS,
    })
  })

  it('never treats reserved labels or deeper names as a company', async () => {
    const { resolver, lookup } = resolverWith({ www: NIGHT_OWLS, admin: NIGHT_OWLS })
    for (const host of [
      'www.afterglow.example',
      'admin.afterglow.example',
      'api.afterglow.example',
      'a.b.afterglow.example',
    ]) {
      expect(await resolver.resolve(host), host).toEqual({ kind: 'platform' })
    }
    expect(lookup).not.toHaveBeenCalled()
  })

  it('answers an unknown subdomain as a company host with no company (the fans see "not found")', async () => {
    const { resolver } = resolverWith({})
    expect(await resolver.resolve('nobody.afterglow.example')).toEqual({
      kind: 'company',
      label: 'nobody',
      company: null,
    })
  })

  it('asks the database once per host while the answer is kept, again once it is forgotten or expired', async () => {
    const companies: Record<string, HostCompany> = {}
    const { resolver, lookup, advance } = resolverWith(companies, { ttlMs: 1000 })
    expect((await resolver.resolve('night-owls.afterglow.example')).kind).toBe('company')
    await resolver.resolve('night-owls.afterglow.example')
    expect(lookup).toHaveBeenCalledTimes(1)

    // The company takes the label: a kept "nobody" would hide it until forgotten.
    companies['night-owls'] = NIGHT_OWLS
    resolver.forget()
    expect(await resolver.resolve('night-owls.afterglow.example')).toEqual({
      kind: 'company',
      label: 'night-owls',
      company: NIGHT_OWLS,
    })
    expect(lookup).toHaveBeenCalledTimes(2)

    advance(1001)
    await resolver.resolve('night-owls.afterglow.example')
    expect(lookup).toHaveBeenCalledTimes(3)
  })

  it('does not keep a failed lookup', async () => {
    const lookup = vi.fn().mockRejectedValueOnce(new Error('database down')).mockResolvedValueOnce(NIGHT_OWLS)
    const resolver = createHostResolver({ platformDomain: () => 'afterglow.example', lookup, ttlMs: 60_000 })
    await expect(resolver.resolve('night-owls.afterglow.example')).rejects.toThrow('database down')
    expect(await resolver.resolve('night-owls.afterglow.example')).toEqual({
      kind: 'company',
      label: 'night-owls',
      company: NIGHT_OWLS,
    })
  })

  it('asks again after the listener lost its connection, and gives the last answer only while the database is away', async () => {
    const away = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
    const lookup = vi
      .fn()
      .mockResolvedValueOnce(NIGHT_OWLS)
      .mockRejectedValueOnce(away)
      .mockRejectedValueOnce(away)
      .mockResolvedValueOnce(null)
    const resolver = createHostResolver({ platformDomain: () => 'afterglow.example', lookup, ttlMs: 60_000 })
    const host = 'night-owls.afterglow.example'
    expect((await resolver.resolve(host)).kind).toBe('company')

    resolver.doubt()
    // Asked again; the database cannot answer, so the answer it gave last stands, still in doubt.
    expect(await resolver.resolve(host)).toEqual({ kind: 'company', label: 'night-owls', company: NIGHT_OWLS })
    expect(await resolver.resolve(host)).toEqual({ kind: 'company', label: 'night-owls', company: NIGHT_OWLS })
    expect(lookup).toHaveBeenCalledTimes(3)
    // Back: its answer is the one given (the label was given up meanwhile).
    expect(await resolver.resolve(host)).toEqual({ kind: 'company', label: 'night-owls', company: null })
    expect(lookup).toHaveBeenCalledTimes(4)
  })

  it('does not give a kept answer for a failure that is not the database away', async () => {
    const lookup = vi.fn().mockResolvedValueOnce(NIGHT_OWLS).mockRejectedValueOnce(new Error('bad statement'))
    const resolver = createHostResolver({ platformDomain: () => 'afterglow.example', lookup, ttlMs: 60_000 })
    await resolver.resolve('night-owls.afterglow.example')
    resolver.doubt()
    await expect(resolver.resolve('night-owls.afterglow.example')).rejects.toThrow('bad statement')
  })
})
