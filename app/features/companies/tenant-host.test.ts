import { describe, expect, it } from 'vitest'
import { tenantSlugFromHost } from './tenant-host'

describe('subdomain mode', () => {
  const apex = 'afterglow.example'
  it("reads the company from its subdomain of the platform's domain", () => {
    expect(tenantSlugFromHost('night-owls.afterglow.example', apex)).toBe('night-owls')
    expect(tenantSlugFromHost('Night-Owls.Afterglow.Example:443', apex)).toBe('night-owls')
  })

  it('leaves the platform itself, reserved labels, deeper names and other domains alone', () => {
    for (const host of [
      'afterglow.example',
      'www.afterglow.example',
      'api.afterglow.example',
      'admin.afterglow.example',
      'cdn.afterglow.example',
      'static.afterglow.example',
      'assets.afterglow.example',
      'app.afterglow.example',
      'a.b.afterglow.example',
      'night-owls.other.example',
      null,
    ]) {
      expect(tenantSlugFromHost(host, apex), String(host)).toBeNull()
    }
  })

  it('never treats localhost or an IP address as a company', () => {
    expect(tenantSlugFromHost('demo.localhost:3000', 'afterglow.example')).toBeNull()
    expect(tenantSlugFromHost('127.0.0.1:3000', '0.0.1:3000')).toBeNull()
    expect(tenantSlugFromHost('localhost:3000', 'localhost:3000')).toBeNull()
  })

  it('gives a platform on localhost (the zero-configuration start) its companies at {label}.localhost', () => {
    expect(tenantSlugFromHost('night-owls.localhost:3000', 'localhost:3000')).toBe('night-owls')
    for (const host of ['www.localhost:3000', 'a.b.localhost:3000', 'localhost:3000'])
      expect(tenantSlugFromHost(host, 'localhost:3000'), host).toBeNull()
  })
})
