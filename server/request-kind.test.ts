import { describe, expect, it } from 'vitest'
import { isCompanyHost, requestKindOf } from './request-kind'

const onPlatform = (url: string) => requestKindOf(url, false)
const onCompanyHost = (url: string) => requestKindOf(url, true)

describe('requestKindOf', () => {
  it("tells fans' pages on the platform by their company's slug, with their data requests and queries", () => {
    for (const url of [
      '/demo',
      '/demo/',
      '/studio-luz/galeria/noite-de-sexta',
      '/studio-luz/galeria/noite-de-sexta/fotos?after=40',
      '/studio-luz/galeria/noite-de-sexta/live?poll=1',
      '/studio-luz/evento/festival?utm_source=instagram',
      '/studio-luz/termos',
      '/demo.data',
      '/demo/galeria/noite.data?_routes=routes%2Ftenant%2Fgallery',
      '/player/0b6f7c2e-1d2a-4f7e-9c3b-1a2b3c4d5e6f',
      '/event/festival',
      '/wall/abc123/live',
      '/download/lead',
      '/download/pin?next=%2Fdemo',
    ])
      expect(onPlatform(url), url).toBe('fan_page')
  })

  it("takes a company host's root and its own paths as fans' pages", () => {
    expect(onCompanyHost('/')).toBe('fan_page')
    expect(onCompanyHost('/?fbclid=IwAR1')).toBe('fan_page')
    expect(onCompanyHost('/_root.data')).toBe('fan_page')
    expect(onCompanyHost('/galeria/noite')).toBe('fan_page')
    expect(onCompanyHost('/evento/festival')).toBe('fan_page')
    expect(onCompanyHost('/privacidade')).toBe('fan_page')
    // The platform's own addresses are the same whichever host asks for them.
    expect(onCompanyHost('/p/0b6f7c2e-1d2a-4f7e-9c3b-1a2b3c4d5e6f/w400.webp')).toBe('photo')
    expect(onCompanyHost('/assets/entry-abc123.js')).toBe('other')
  })

  it("tells fans' photos, renditions, share images and downloaded files", () => {
    for (const url of [
      '/p/0b6f7c2e-1d2a-4f7e-9c3b-1a2b3c4d5e6f/w400.webp',
      '/p/0b6f7c2e-1d2a-4f7e-9c3b-1a2b3c4d5e6f/stream',
      '/media/0b6f7c2e-1d2a-4f7e-9c3b-1a2b3c4d5e6f/thumb',
      '/og/gallery/0b6f7c2e-1d2a-4f7e-9c3b-1a2b3c4d5e6f/og.png',
      '/download/file/0b6f7c2e-1d2a-4f7e-9c3b-1a2b3c4d5e6f',
      '/download/content/0b6f7c2e-1d2a-4f7e-9c3b-1a2b3c4d5e6f',
    ])
      expect(onPlatform(url), url).toBe('photo')
  })

  it('tells the admin area and the operator console, their data requests too', () => {
    for (const url of [
      '/admin',
      '/admin/',
      '/admin/content/42',
      '/admin/analytics.data',
      '/operator',
      '/operator/inbox.csv',
    ])
      expect(onPlatform(url), url).toBe('admin')
  })

  it("tells signing in, Better Auth's endpoints and the account flows apart from the rest of the API", () => {
    for (const url of [
      '/auth',
      '/auth?mode=sign-up',
      '/api/auth/sign-in/email',
      '/reset-password?token=x',
      '/onboarding',
    ])
      expect(onPlatform(url), url).toBe('auth')
    expect(onPlatform('/invitations/0b6f7c2e-1d2a-4f7e-9c3b-1a2b3c4d5e6f')).toBe('auth')
    for (const url of ['/api/v1/galleries', '/api/events', '/api/uploads/abc', '/api/health/ready', '/api/authors'])
      expect(onPlatform(url), url).toBe('api')
  })

  it("leaves the site, its files and everything else the platform's own as other", () => {
    for (const url of [
      '/',
      '/_root.data',
      '/privacy',
      '/terms',
      '/assets/entry-abc123.js',
      '/i18n/pt/public-abc.json',
      '/favicon.ico',
      '/robots.txt',
      '/metrics',
      '/docs/api',
      '/billing/test-checkout/cs_1',
      '/dev/outbox',
    ])
      expect(onPlatform(url), url).toBe('other')
  })

  it('reads the first segment whatever its case, as the router does', () => {
    expect(onPlatform('/ADMIN/content')).toBe('admin')
    expect(onPlatform('/Demo/galeria/noite')).toBe('fan_page')
  })
})

describe('isCompanyHost', () => {
  it("is any host but the platform's own", () => {
    expect(isCompanyHost('afterglow.example', 'afterglow.example')).toBe(false)
    expect(isCompanyHost('Afterglow.Example', 'afterglow.example')).toBe(false)
    expect(isCompanyHost('studio.afterglow.example', 'afterglow.example')).toBe(true)
    expect(isCompanyHost('fotos.studio-luz.pt', 'afterglow.example')).toBe(true)
    expect(isCompanyHost(undefined, 'afterglow.example')).toBe(false)
  })
})
