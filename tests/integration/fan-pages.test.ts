import { randomBytes, randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { inject, describe, expect, it } from 'vitest'
import { contentItem, event, organization } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { TestClient } from '../support/http-client'
import { waitForAssetsReady } from '../support/assets'
import { makePhoto } from '../support/media-files'
import { tusUpload } from '../support/tus'
import { createCompanyAdmin, createVerifiedUser, signIn } from '../support/fixtures'

const baseUrl = inject('baseUrl')
const setCompany = (id: string, values: Partial<typeof organization.$inferInsert>) =>
  withSystem((tx) => tx.update(organization).set(values).where(eq(organization.id, id)))

/** The text of the first `<h1>` of a page. */
const heading = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1]

describe("routing of the fans' pages", () => {
  const fan = new TestClient()

  it("never treats the platform's own single segments as a company, even one that took the name before it was reserved", async () => {
    // A company created before these names were reserved (onboarding refuses them now).
    for (const slug of ['event', 'api']) {
      await withSystem((tx) =>
        tx
          .insert(organization)
          .values({ id: randomUUID(), name: `Old ${slug}`, slug })
          .onConflictDoNothing(),
      )
    }
    const expected: Record<string, [number, string]> = {
      '/event': [404, 'Event not found'],
      '/player': [404, 'Content not found'],
      '/galeria': [404, 'Gallery not found'],
      '/api': [404, 'Page not found'],
      '/download': [404, 'Page not found'],
    }
    for (const [path, [status, title]] of Object.entries(expected)) {
      const response = await fan.get(path)
      expect(response.status, path).toBe(status)
      expect(heading(response.text), path).toBe(title)
      expect(response.text, path).not.toContain('Old ')
      expect(response.text, path).toMatch(/href="\/"[^>]*>Back to home</)
    }
    const admin = await fan.get('/admin')
    expect(admin.status).toBe(302)
    expect(admin.headers.location).toMatch(/^\/auth/)
    expect((await fan.get('/auth')).status).toBe(200)
  })

  it('refuses the reserved page names as company addresses at onboarding', async () => {
    const client = new TestClient()
    await signIn(client, await createVerifiedUser())
    for (const slug of ['player', 'termos', 'privacidade', 'galeria', 'evento', 'download']) {
      const response = await client.postForm('/onboarding', { name: 'Taken Name', slug })
      expect(response.status, slug).toBe(400)
      expect(response.text, slug).toContain('This address is reserved. Please choose another one.')
    }
    expect(
      await withSystem((tx) => tx.select().from(organization).where(eq(organization.name, 'Taken Name'))),
    ).toHaveLength(0)
  })

  it('has a not-found state for a company, event, gallery, content and page, each with its text, status 404 and a way back', async () => {
    const admin = await createCompanyAdmin('lost')
    const slug = admin.company.slug
    const cases: Array<[string, string, string, string]> = [
      [
        `/no-company-${randomBytes(3).toString('hex')}`,
        'Company not found',
        'There is no company page at this address.',
        'href="/"',
      ],
      [`/${slug}/evento/nope`, 'Event not found', 'This event does not exist or is not public yet.', `href="/${slug}"`],
      [
        `/${slug}/galeria/nope`,
        'Gallery not found',
        'This gallery does not exist or is no longer public.',
        `href="/${slug}"`,
      ],
      [
        `/${slug}/player/${randomUUID()}`,
        'Content not found',
        'This content does not exist or is no longer public.',
        `href="/${slug}"`,
      ],
      [
        `/${slug}/somewhere/else`,
        'Page not found',
        'The page you are looking for does not exist or has moved.',
        'href="/"',
      ],
    ]
    for (const [path, title, hint, back] of cases) {
      const response = await fan.get(path)
      expect(response.status, path).toBe(404)
      expect(heading(response.text), path).toBe(title)
      expect(response.text, path).toContain(hint)
      expect(response.text, path).toContain(back)
    }
    // Inside a company, the way back names it.
    expect((await fan.get(`/${slug}/galeria/nope`)).text).toContain(`Back to ${admin.company.name}`)
    // In the fan's language.
    const portuguese = new TestClient()
    portuguese.setCookie('lang', 'pt')
    const inPortuguese = await portuguese.get(`/${slug}/player/${randomUUID()}`)
    expect(heading(inPortuguese.text)).toBe('Conteúdo não encontrado')
    expect(inPortuguese.text).toContain(`Voltar para ${admin.company.name}`)
  })

  it('follows /event/{slug} on the platform host to the one company with that published event, else says the event is not found', async () => {
    const first = await createCompanyAdmin('tour-a')
    const second = await createCompanyAdmin('tour-b')
    const tag = randomBytes(3).toString('hex')
    await withSystem((tx) =>
      tx.insert(event).values([
        { companyId: first.company.id, slug: `solo-${tag}`, title: 'Solo show', status: 'published' },
        { companyId: first.company.id, slug: `shared-${tag}`, title: 'Shared A', status: 'published' },
        { companyId: second.company.id, slug: `shared-${tag}`, title: 'Shared B', status: 'published' },
        { companyId: second.company.id, slug: `quiet-${tag}`, title: 'Draft show' },
      ]),
    )
    const solo = await fan.get(`/event/solo-${tag}`)
    expect(solo.status).toBe(302)
    expect(solo.headers.location).toBe(`/${first.company.slug}/evento/solo-${tag}`)
    expect((await fan.get(solo.headers.location!)).text).toContain('Solo show')
    for (const path of [`/event/shared-${tag}`, `/event/quiet-${tag}`, '/event/nothing-here']) {
      const response = await fan.get(path)
      expect(response.status, path).toBe(404)
      expect(heading(response.text), path).toBe('Event not found')
    }
  })
})

describe("a company's landing page", () => {
  const fan = new TestClient()

  it('has the header, hero, footer and platform links, and a Starter company wears the platform badge, not its own colours or logo', async () => {
    const admin = await createCompanyAdmin('starter')
    const slug = admin.company.slug
    await setCompany(admin.company.id, {
      brandPrimaryColor: '#ff3366',
      logo: '/p/00000000-0000-4000-8000-000000000000/w400.webp',
      texts: {
        landingName: { en: 'Every show, every photo' },
        landingDescription: { en: 'Official photos from the tour.' },
      },
    })
    const page = await fan.get(`/${slug}`)
    expect(page.status).toBe(200)
    expect(heading(page.text)).toBe('Every show, every photo')
    expect(page.text).toContain('Official photos from the tour.')
    for (const link of [
      `href="/${slug}/#galleries"`,
      `href="/${slug}/#events"`,
      `href="${baseUrl}/#pricing"`,
      `href="${baseUrl}/#contact"`,
      `href="${baseUrl}/auth"`,
      `href="${baseUrl}/auth?mode=signup"`,
      `href="/${slug}/termos"`,
      `href="/${slug}/privacidade"`,
    ]) {
      expect(page.text, link).toContain(link)
    }
    expect(page.text).toMatch(/<button type="button"[^>]*>Cookie settings<\/button>/)
    expect(page.text).toContain('data-testid="platform-badge"')
    expect(page.text).not.toContain('--accent:')
    expect(page.text).not.toContain('/p/00000000-0000-4000-8000-000000000000/w400.webp')
  })

  it('applies custom colours (validated) and the logo on paid plans, without the badge', async () => {
    const admin = await createCompanyAdmin('branded')
    const slug = admin.company.slug
    await setCompany(admin.company.id, {
      plan: 'professional',
      brandPrimaryColor: '#FF3366',
      brandAccentColor: '#fbbf24',
      logo: '/p/00000000-0000-4000-8000-000000000000/w400.webp',
    })
    const page = await fan.get(`/${slug}`)
    expect(page.text).toContain('style="--accent:#ff3366;--accent-foreground:#0b0b0c;--brand-accent:#fbbf24"')
    expect(page.text).toContain('src="/p/00000000-0000-4000-8000-000000000000/w400.webp"')
    expect(page.text).not.toContain('data-testid="platform-badge"')
    // Fans see only the company's own navigation: none of the platform's sales links.
    for (const link of [
      `href="${baseUrl}/#pricing"`,
      `href="${baseUrl}/#contact"`,
      `href="${baseUrl}/auth?mode=signup"`,
    ])
      expect(page.text, link).not.toContain(link)
    // The same frame on the company's other pages.
    await withSystem((tx) =>
      tx
        .insert(event)
        .values({ companyId: admin.company.id, slug: 'branded-night', title: 'Branded night', status: 'published' }),
    )
    expect((await fan.get(`/${slug}/evento/branded-night`)).text).toContain('--accent:#ff3366')

    // Anything but a hex colour never reaches the page; an outside logo neither.
    await setCompany(admin.company.id, {
      brandPrimaryColor: 'red;background:url(//evil.test)',
      brandAccentColor: null,
      logo: 'https://evil.test/logo.png',
    })
    const tampered = await fan.get(`/${slug}`)
    expect(tampered.text).not.toContain('--accent:')
    expect(tampered.text).not.toContain('evil.test')
    expect(tampered.text).not.toContain('data-testid="platform-badge"')
  })

  it('orders galleries and events by the display mode, and groups published content outside events as general resources', async () => {
    const admin = await createCompanyAdmin('ordered')
    const slug = admin.company.slug
    const [night] = await withSystem((tx) =>
      tx
        .insert(event)
        .values({ companyId: admin.company.id, slug: 'night', title: 'The Night', status: 'published', spots: 300 })
        .returning(),
    )
    const [loose] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values([
          {
            companyId: admin.company.id,
            kind: 'single',
            title: 'Tour poster',
            status: 'published',
            publishedAt: new Date(),
          },
          {
            companyId: admin.company.id,
            kind: 'single',
            title: 'Encore clip',
            status: 'published',
            publishedAt: new Date(),
            eventId: night.id,
          },
          { companyId: admin.company.id, kind: 'single', title: 'Unreleased demo', status: 'draft' },
        ])
        .returning(),
    )
    const galleriesFirst = await fan.get(`/${slug}`)
    expect(galleriesFirst.text.indexOf('data-testid="galleries-section"')).toBeLessThan(
      galleriesFirst.text.indexOf('data-testid="events-section"'),
    )
    expect(galleriesFirst.text).toContain('300 spots')
    const resources = galleriesFirst.text.slice(galleriesFirst.text.indexOf('data-testid="general-resources"'))
    expect(resources).toContain('General resources')
    expect(resources).toContain('Tour poster')
    expect(resources).toContain(`href="/${slug}/player/${loose.id}"`)
    expect(resources).not.toContain('Encore clip')
    expect(galleriesFirst.text).not.toContain('Unreleased demo')

    await setCompany(admin.company.id, { landingDisplayMode: 'events' })
    const eventsFirst = await fan.get(`/${slug}`)
    expect(eventsFirst.text.indexOf('data-testid="events-section"')).toBeLessThan(
      eventsFirst.text.indexOf('data-testid="galleries-section"'),
    )
  })

  it('shows the newest galleries and events first and more of each on request, with counts that cover them all', async () => {
    const admin = await createCompanyAdmin('venue')
    const slug = admin.company.slug
    const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000)
    const galleries = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values(
          Array.from({ length: 30 }, (_, n) => ({
            companyId: admin.company.id,
            kind: 'gallery',
            slug: `night-${n}`,
            title: `Night ${n}`,
            status: 'published',
            publishedAt: day(n),
          })),
        )
        .returning(),
    )
    await withSystem((tx) =>
      tx.insert(event).values(
        Array.from({ length: 25 }, (_, n) => ({
          companyId: admin.company.id,
          slug: `show-${n}`,
          title: `Show ${n}`,
          status: 'published',
          startsAt: day(n),
        })),
      ),
    )
    // Two galleries have a photo (the photos tab lists them alone), processed as the kept counts see them.
    const { assetId } = (await tusUpload(admin.client, await makePhoto(300, 200, '#f0a'), {
      filename: 'a.jpg',
      purpose: 'gallery-media',
      contentItemId: galleries[3].id,
    })) as { assetId: string }
    await waitForAssetsReady([assetId])
    await withSystem((tx) =>
      tx.execute(
        sql`insert into assets (company_id, content_item_id, purpose, media_type, original_name, mime_type, size_bytes, storage_key, position, width, height, processing_status) select company_id, ${galleries[28].id}, purpose, media_type, original_name, mime_type, size_bytes, storage_key, 0, width, height, 'ready' from assets where id = ${assetId}`,
      ),
    )
    const titles = (html: string, testId: string, tag: string) =>
      [...html.matchAll(new RegExp(`data-testid="${testId}"[\\s\\S]*?<${tag}[^>]*>([^<]*)</${tag}>`, 'g'))].map(
        (match) => match[1],
      )
    const cards = (html: string) => titles(html, 'gallery-card', 'h3')
    const newest = (count: number, prefix: string) => Array.from({ length: count }, (_, n) => `${prefix} ${29 - n}`)

    const first = (await fan.get(`/${slug}`)).text
    expect(cards(first)).toEqual(newest(24, 'Night'))
    expect(first).toMatch(/data-testid="more-galleries"[^>]*>Show more galleries</)
    expect(first).toContain(`href="/${slug}?galleries=48"`)
    expect(first).toContain('6 more')
    expect((first.match(/data-testid="event-row"/g) ?? []).length).toBe(20)
    expect(first).toContain(`href="/${slug}?events=40"`)
    expect(first).toContain('5 more')

    // More of one section keeps the other as it was; all shown, its "Show more" goes.
    const more = (await fan.get(`/${slug}?galleries=48&events=20`)).text
    expect(cards(more)).toEqual(newest(30, 'Night'))
    expect(more).not.toContain('data-testid="more-galleries"')
    expect(more).toContain(`href="/${slug}?galleries=48&amp;events=40"`)
    expect((await fan.get(`/${slug}?events=40`)).text.match(/data-testid="event-row"/g)).toHaveLength(25)

    // A tab lists its own galleries, however far down the list they are; its count covers them all.
    const photos = (await fan.get(`/${slug}?type=photos`)).text
    expect(cards(photos)).toEqual(['Night 28', 'Night 3'])
    expect(photos).not.toContain('data-testid="more-galleries"')
    // Unreadable or greedy requests get the first batch, or a bounded one.
    expect(cards((await fan.get(`/${slug}?galleries=lots`)).text)).toHaveLength(24)
    expect(cards((await fan.get(`/${slug}?galleries=99999`)).text)).toHaveLength(30)
  })

  it("shows an event's first 24 galleries and content in the company's order and more on request, its filter counting them all", async () => {
    const admin = await createCompanyAdmin('festival')
    const slug = admin.company.slug
    const [festival] = await withSystem((tx) =>
      tx
        .insert(event)
        .values({ companyId: admin.company.id, slug: 'festival', title: 'Festival', status: 'published' })
        .returning(),
    )
    const stages = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values(
          Array.from({ length: 30 }, (_, n) => ({
            companyId: admin.company.id,
            kind: 'gallery',
            slug: `stage-${n}`,
            title: `Stage ${String(n).padStart(2, '0')}`,
            status: 'published',
            publishedAt: new Date(),
            eventId: festival.id,
            eventPosition: n,
          })),
        )
        .returning(),
    )
    const { assetId } = (await tusUpload(admin.client, await makePhoto(300, 200, '#0fa'), {
      filename: 'b.jpg',
      purpose: 'gallery-media',
      contentItemId: stages[27].id,
    })) as { assetId: string }
    await waitForAssetsReady([assetId])
    const items = (html: string) =>
      [...html.matchAll(/data-testid="event-item"[\s\S]*?<h3[^>]*>([^<]*)<\/h3>/g)].map((match) => match[1])
    const inOrder = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, n) => `Stage ${String(from + n).padStart(2, '0')}`)

    const first = (await fan.get(`/${slug}/evento/festival`)).text
    expect(items(first)).toEqual(inOrder(0, 24))
    expect(first).toMatch(/data-testid="more-items"[^>]*>Show more</)
    expect(first).toContain(`href="/${slug}/evento/festival?items=48"`)
    expect(first).toContain('6 more')
    const all = (await fan.get(`/${slug}/evento/festival?items=48`)).text
    expect(items(all)).toEqual(inOrder(0, 30))
    expect(all).not.toContain('data-testid="more-items"')
    // The photos filter finds the one stage with a photo, 27th in the order.
    const photos = (await fan.get(`/${slug}/evento/festival?type=photos`)).text
    expect(items(photos)).toEqual(['Stage 27'])
    expect(photos).not.toContain('data-testid="more-items"')
  })

  it('shows a banner with a link while the professional subdomain is being set up, and not once it is active', async () => {
    const admin = await createCompanyAdmin('pending')
    const subdomain = `pro-${randomBytes(3).toString('hex')}`
    await setCompany(admin.company.id, { subdomain, subdomainStatus: 'pending' })
    const platformDomain = new URL(baseUrl).host
    const pending = await fan.get(`/${admin.company.slug}`)
    expect(pending.text).toContain('data-testid="subdomain-banner"')
    expect(pending.text).toContain('Our professional address is being set up and will be ready soon:')
    expect(pending.text).toContain(`href="http://${subdomain}.${platformDomain}"`)
    await setCompany(admin.company.id, { subdomainStatus: 'active' })
    const active = await fan.get(`/${admin.company.slug}`)
    expect(active.status).toBe(200)
    expect(active.text).not.toContain('data-testid="subdomain-banner"')
  })

  it('marks a signed-in browser with a readable hint (no secret) so the cached page can offer "Admin", and clears it on sign-out', async () => {
    const admin = await createCompanyAdmin('hint')
    expect(admin.client.cookies.get('ag_member')).toBe('1')
    // The page itself stays the one every fan gets: the hint changes nothing on the server.
    const asMember = await admin.client.get(`/${admin.company.slug}`)
    const asFan = await new TestClient().get(`/${admin.company.slug}`)
    expect(asMember.text).toContain(`href="${baseUrl}/auth" class=`)
    expect(heading(asMember.text)).toBe(heading(asFan.text))
    await admin.client.postJson('/api/auth/sign-out', {})
    expect(admin.client.cookies.has('ag_member')).toBe(false)
  })
})
