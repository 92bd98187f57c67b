import { describe, expect, it } from 'vitest'
import { TestClient } from '../support/http-client'

describe('the HTTP platform', () => {
  const client = new TestClient()

  it('reports health with every check named', async () => {
    const response = await client.get('/api/health')
    expect(response.status).toBe(200)
    const body = response.json()
    expect(body.status).toBe('ok')
    expect(Object.keys(body.checks).sort()).toEqual(['database', 'mail', 'migrations', 'storage'])
    expect(body.checks.database.status).toBe('ok')
    expect(response.headers['cache-control']).toBe('no-store')
  })

  it('sends security headers on every response, with a fresh script nonce each time', async () => {
    // (Pages kept for everyone, such as the marketing site, allow their scripts by hash instead:
    // see public-page-cache.test.ts.)
    const first = await client.get('/auth?mode=signup')
    const second = await client.get('/auth')
    for (const response of [first, second]) {
      expect(response.headers['x-content-type-options']).toBe('nosniff')
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'")
      expect(response.headers['strict-transport-security']).toBeUndefined() // APP_URL is http here
    }
    const nonceOf = (csp: string) => csp.match(/'nonce-([^']+)'/)?.[1]
    const nonce = nonceOf(String(first.headers['content-security-policy']))
    expect(nonce).toBeTruthy()
    expect(nonce).not.toBe(nonceOf(String(second.headers['content-security-policy'])))
    // Every inline script of the page carries this response's nonce.
    const scripts = [...first.text.matchAll(/<script\b[^>]*>/g)].map((m) => m[0])
    expect(scripts.length).toBeGreaterThan(0)
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`)
    const assetHeaders = await client.get('/api/health')
    expect(assetHeaders.headers['x-content-type-options']).toBe('nosniff')
  })

  it('refuses state-changing requests from other sites (CSRF) and changes nothing', async () => {
    const response = await client.request('/api/auth/sign-up/email', {
      json: { email: 'csrf@example.test', password: 'Night-Show-2026!', name: 'CSRF' },
      headers: { origin: 'https://evil.example' },
    })
    expect(response.status).toBe(403)
    const crossSiteForm = await client.request('/onboarding', {
      form: { name: 'x', slug: 'xyz' },
      headers: { origin: 'null' },
    })
    expect(crossSiteForm.status).toBe(403)
    const signIn = await client.request('/api/auth/sign-in/email', {
      json: { email: 'csrf@example.test', password: 'Night-Show-2026!' },
    })
    expect(signIn.status).toBe(401) // the account was never created
  })

  it('renders a not-found page with status 404 for unknown paths', async () => {
    const response = await client.get('/this/does/not/exist')
    expect(response.status).toBe(404)
    expect(response.text).toContain('Page not found')
  })

  it('renders pages in the language of the cookie, then of Accept-Language', async () => {
    const portuguese = await client.get('/auth', { 'accept-language': 'pt-BR,pt;q=0.9,en;q=0.5' })
    expect(portuguese.text).toContain('<html lang="pt"')
    expect(portuguese.text).toContain('Acesso à plataforma')
    const french = new TestClient()
    french.setCookie('lang', 'fr')
    const page = await french.get('/auth', { 'accept-language': 'pt-BR' })
    expect(page.text).toContain('<html lang="fr"')
  })
})
