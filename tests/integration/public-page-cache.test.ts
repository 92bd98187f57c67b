import { eq } from 'drizzle-orm'
import { describe, expect, inject, it } from 'vitest'
import { contentItem } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { TestClient } from '../support/http-client'
import { createCompanyAdmin } from '../support/fixtures'

const nonceOf = (csp: string | string[] | undefined) => /'nonce-([^']+)'/.exec(String(csp))?.[1]

describe('the public page cache', () => {
  it('serves a company page again from memory, with a fresh nonce, until the company changes something', async () => {
    const admin = await createCompanyAdmin('cached')
    const slug = admin.company.slug
    const [gallery] = await withSystem((tx) => tx.insert(contentItem).values({ companyId: admin.company.id, kind: 'gallery', title: 'First Title', slug: 'first', status: 'published', publishedAt: new Date() }).returning())
    const fan = new TestClient()

    const first = await fan.get(`/${slug}`)
    expect(first.status).toBe(200)
    expect(first.headers['x-afterglow-cache']).toBe('miss')
    const second = await fan.get(`/${slug}`)
    expect(second.headers['x-afterglow-cache']).toBe('hit')
    expect(second.text).toContain('First Title')
    // Every response has its own nonce, in the header and in the page's scripts alike.
    const nonce = nonceOf(second.headers['content-security-policy'])
    expect(nonce).toBeTruthy()
    expect(nonce).not.toBe(nonceOf(first.headers['content-security-policy']))
    expect(second.text).toContain(`nonce="${nonce}"`)
    expect(second.text).not.toContain(`nonce="${nonceOf(first.headers['content-security-policy'])}"`)

    // An edit fans can see is shown on the very next request.
    await withSystem((tx) => tx.update(contentItem).set({ title: 'Second Title' }).where(eq(contentItem.id, gallery.id)))
    const afterEdit = await fan.get(`/${slug}`)
    expect(afterEdit.headers['x-afterglow-cache']).toBe('miss')
    expect(afterEdit.text).toContain('Second Title')
    expect(afterEdit.text).not.toContain('First Title')

    // Languages are kept apart.
    const portuguese = await fan.get(`/${slug}`, { 'accept-language': 'pt-BR' })
    expect(portuguese.headers['x-afterglow-cache']).toBe('miss')
    expect(portuguese.text).toContain('lang="pt"')
    expect((await fan.get(`/${slug}`, { 'accept-language': 'pt-BR' })).headers['x-afterglow-cache']).toBe('hit')

    // A view count does not make the page stale.
    await withSystem((tx) => tx.update(contentItem).set({ viewCount: 10 }).where(eq(contentItem.id, gallery.id)))
    expect((await fan.get(`/${slug}`)).headers['x-afterglow-cache']).toBe('hit')
  })

  it('sends pages gzip-compressed to browsers that accept it, from the cache too', async () => {
    const admin = await createCompanyAdmin('zipped')
    await withSystem((tx) => tx.insert(contentItem).values({ companyId: admin.company.id, kind: 'gallery', title: 'Compressed Night', slug: 'compressed', status: 'published', publishedAt: new Date() }))
    for (const expected of ['miss', 'hit']) {
      const response = await fetch(new URL(`/${admin.company.slug}`, inject('baseUrl')), { headers: { 'accept-encoding': 'gzip' } })
      expect(response.headers.get('x-afterglow-cache')).toBe(expected)
      // fetch decodes gzip itself; the header proves it travelled compressed.
      expect(response.headers.get('content-encoding')).toBe('gzip')
      expect(await response.text()).toContain('Compressed Night')
    }
  })

  it('never serves or keeps pages of signed-in people, unknown companies or errors', async () => {
    const admin = await createCompanyAdmin('private')
    const signedIn = await admin.client.get(`/${admin.company.slug}`)
    expect(signedIn.status).toBe(200)
    expect(signedIn.headers['x-afterglow-cache']).toBeUndefined()
    const fan = new TestClient()
    expect((await fan.get('/no-such-company-here')).headers['x-afterglow-cache']).toBeUndefined()
    const missing = await fan.get(`/${admin.company.slug}/galeria/nothing-here`)
    expect(missing.status).toBe(404)
    expect((await fan.get(`/${admin.company.slug}/galeria/nothing-here`)).headers['x-afterglow-cache']).toBe('miss')
  })
})
