import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { contentItem, event, organization } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import type { AppProcess } from '../support/app-process'
import { TestClient } from '../support/http-client'
import { activateSubdomain, createCompanyAdmin, signIn } from '../support/fixtures'
import { waitUntil } from '../support/wait'
import { startSecondApp } from '../support/second-app'

const heading = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1]

describe("subdomain mode: the company's pages, player, event links, not-found and its active subdomain", () => {
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

  it("shows only that company's pages at its active subdomain, with the same paths minus the slug", async () => {
    const admin = await createCompanyAdmin('sub')
    await withSystem((tx) =>
      tx.insert(contentItem).values({
        companyId: admin.company.id,
        kind: 'gallery',
        title: 'Rooftop',
        slug: 'rooftop',
        status: 'published',
        publishedAt: new Date(),
      }),
    )
    const fan = new TestClient(url)
    // A page address alone is no subdomain: the company answers there once it has one.
    expect((await fan.get('/', { host: `${admin.company.slug}.afterglow.test` })).status).toBe(404)
    await activateSubdomain(admin.company)
    await waitUntil(async () => (await fan.get('/', { host: `${admin.company.slug}.afterglow.test` })).status === 200)
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

  it("plays only that company's content at /player/{id}, and shows its events at /event/{slug}", async () => {
    const admin = await createCompanyAdmin('subplay')
    const other = await createCompanyAdmin('subplay-other')
    const [mine, theirs] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values([
          {
            companyId: admin.company.id,
            kind: 'single',
            title: 'Our clip',
            status: 'published',
            publishedAt: new Date(),
          },
          {
            companyId: other.company.id,
            kind: 'single',
            title: 'Their clip',
            status: 'published',
            publishedAt: new Date(),
          },
        ])
        .returning(),
    )
    await withSystem((tx) =>
      tx
        .insert(event)
        .values({ companyId: admin.company.id, slug: 'sub-night', title: 'Subdomain night', status: 'published' }),
    )
    await activateSubdomain(admin.company)
    const fan = new TestClient(url)
    const host = { host: `${admin.company.slug}.afterglow.test` }

    const player = await fan.get(`/player/${mine.id}`, host)
    expect(player.status).toBe(200)
    expect(player.text).toContain('Our clip')
    expect(player.text).toContain('href="/termos"') // the company's links carry no slug on its own host
    const foreign = await fan.get(`/player/${theirs.id}`, host)
    expect(foreign.status).toBe(404)
    expect(heading(foreign.text)).toBe('Content not found')
    expect((await fan.get(`/${admin.company.slug}/player/${mine.id}`, host)).status).toBe(404)

    const eventPage = await fan.get('/event/sub-night', host)
    expect(eventPage.status).toBe(200)
    expect(eventPage.text).toContain('Subdomain night')
    const missing = await fan.get('/event/not-ours', host)
    expect(missing.status).toBe(404)
    expect(heading(missing.text)).toBe('Event not found')
    expect(missing.text).toContain(`Back to ${admin.company.name}`)
  })

  it('puts the active subdomain in what members share: QR codes and the landing', async () => {
    const admin = await createCompanyAdmin('subqr')
    const [gallery] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({
          companyId: admin.company.id,
          kind: 'gallery',
          title: 'Encore',
          slug: 'encore',
          status: 'published',
          publishedAt: new Date(),
        })
        .returning(),
    )
    await withSystem((tx) =>
      tx
        .update(organization)
        .set({ subdomain: `${admin.company.slug}-live`, subdomainStatus: 'active' })
        .where(eq(organization.id, admin.company.id)),
    )
    const member = new TestClient(url)
    await signIn(member, admin.credentials)
    const qr = await member.get(`/api/qr/content/${gallery.id}?format=json`)
    expect(qr.status, qr.text.slice(0, 300)).toBe(200)
    expect(qr.json().url).toBe(`http://${admin.company.slug}-live.afterglow.test/galeria/encore`)
    expect((await new TestClient(url).get(`/${admin.company.slug}`)).status).toBe(200)
  })

  it("tells a fan on an unknown subdomain the company is not identified, and sends them to the platform's own home", async () => {
    const fan = new TestClient(url)
    const unknown = await fan.get('/', { host: `nobody-${randomBytes(3).toString('hex')}.afterglow.test` })
    expect(unknown.status).toBe(404)
    expect(heading(unknown.text)).toBe('Company not identified')
    expect(unknown.text).toContain(`href="${inject('baseUrl')}/"`)
  })

  it('answers at the professional subdomain once the platform approved it, and shows the banner while it waits', async () => {
    const admin = await createCompanyAdmin('subpro')
    const subdomain = `brand-${randomBytes(3).toString('hex')}`
    await withSystem((tx) =>
      tx
        .update(organization)
        .set({ subdomain, subdomainStatus: 'pending' })
        .where(eq(organization.id, admin.company.id)),
    )
    const fan = new TestClient(url)
    const pendingLanding = await fan.get(`/${admin.company.slug}`)
    expect(pendingLanding.text).toContain(`href="http://${subdomain}.afterglow.test"`)
    expect((await fan.get('/', { host: `${subdomain}.afterglow.test` })).status).toBe(404)

    await withSystem((tx) =>
      tx.update(organization).set({ subdomainStatus: 'active' }).where(eq(organization.id, admin.company.id)),
    )
    // The app hears of the change by NOTIFY (company_hosts): at once, but not within the same instant.
    const onSubdomain = () => fan.get('/', { host: `${subdomain}.afterglow.test` })
    await expect.poll(async () => (await onSubdomain()).status).toBe(200)
    const active = await onSubdomain()
    expect(active.text).toContain(admin.company.name)
    expect(active.text).not.toContain('data-testid="subdomain-banner"')

    await withSystem((tx) =>
      tx.update(organization).set({ subdomainStatus: 'rejected' }).where(eq(organization.id, admin.company.id)),
    )
    await expect.poll(async () => (await onSubdomain()).status).toBe(404)
  })

  it("lets Caddy get certificates for the platform's apex and active subdomains only, and only when it asks from this machine", async () => {
    const admin = await createCompanyAdmin('subtls')
    const label = `tls-${randomBytes(3).toString('hex')}`
    const caddy = new TestClient(url)
    const ask = async (name: string, headers: Record<string, string> = {}) =>
      (await caddy.get(`/api/tls/ask?domain=${name}`, headers)).status
    // The platform's own site has one; www. only with PLATFORM_WWW (unset here).
    expect(await ask('afterglow.test')).toBe(200)
    // A page address alone, an unknown label, www.: no certificate.
    for (const name of [`${admin.company.slug}.afterglow.test`, `nobody-${label}.afterglow.test`, 'www.afterglow.test'])
      expect(await ask(name), name).toBe(404)

    await withSystem((tx) =>
      tx
        .update(organization)
        .set({ subdomain: label, subdomainStatus: 'pending' })
        .where(eq(organization.id, admin.company.id)),
    )
    expect(await ask(`${label}.afterglow.test`)).toBe(404)
    await withSystem((tx) =>
      tx.update(organization).set({ subdomainStatus: 'active' }).where(eq(organization.id, admin.company.id)),
    )
    await waitUntil(async () => (await ask(`${label}.afterglow.test`)) === 200)
    expect(await ask(`${label.toUpperCase()}.afterglow.test.`)).toBe(200)
    // A visitor's request the proxy in front passed on is not Caddy's question, though it comes from loopback.
    expect(await ask(`${label}.afterglow.test`, { 'x-forwarded-for': '203.0.113.7' })).toBe(403)

    await withSystem((tx) =>
      tx.update(organization).set({ subdomainStatus: 'rejected' }).where(eq(organization.id, admin.company.id)),
    )
    await waitUntil(async () => (await ask(`${label}.afterglow.test`)) === 404)
  })
})
