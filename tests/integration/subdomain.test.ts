import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contentItem } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import type { AppProcess } from '../support/app-process'
import { TestClient } from '../support/http-client'
import { createCompanyAdmin } from '../support/fixtures'
import { startSecondApp } from '../support/second-app'

describe('subdomain mode', () => {
  let app: AppProcess
  let url = ''
  beforeAll(async () => {
    const started = await startSecondApp({ PLATFORM_DOMAIN: 'afterglow.test' })
    app = started.app
    url = started.url
  })
  afterAll(async () => {
    await app.stop()
  })

  it("shows only that company's pages at {slug}.PLATFORM_DOMAIN, with the same paths minus the slug", async () => {
    const admin = await createCompanyAdmin('sub')
    await withSystem((tx) => tx.insert(contentItem).values({ companyId: admin.company.id, kind: 'gallery', title: 'Rooftop', slug: 'rooftop', status: 'published', publishedAt: new Date() }))
    const fan = new TestClient(url)
    const host = { host: `${admin.company.slug}.afterglow.test` }
    const root = await fan.get('/', host)
    expect(root.status).toBe(200)
    expect(root.text).toContain(admin.company.name)
    expect(root.text).toContain('href="/galeria/rooftop"')
    const gallery = await fan.get('/galeria/rooftop', host)
    expect(gallery.status).toBe(200)
    expect(gallery.text).toContain('Rooftop')
    // The company segment is not used on its own subdomain, and unknown subdomains are not found.
    expect((await fan.get(`/${admin.company.slug}/galeria/rooftop`, host)).status).toBe(404)
    expect((await fan.get('/', { host: 'nobody-here.afterglow.test' })).status).toBe(404)
    // The platform's own hosts keep the marketing site.
    for (const platformHost of ['afterglow.test', 'www.afterglow.test', 'app.afterglow.test']) {
      const home = await fan.get('/', { host: platformHost })
      expect(home.status, platformHost).toBe(200)
      expect(home.text, platformHost).toContain('Let fans live the show.')
    }
    expect((await fan.get('/galeria/rooftop', { host: 'afterglow.test' })).status).toBe(404)
  })
})
