import { createHash } from 'node:crypto'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { eq } from 'drizzle-orm'
import { describe, expect, inject, it } from 'vitest'
import { contentItem, event, organization } from '#db/schema'
import { getPool, withSystem } from '#app/lib/db.server'
import { leadCookieName } from '#app/features/leads/server/lead-cookie.server'
import { TestClient } from '../support/http-client'
import { createCompanyAdmin } from '../support/fixtures'
import { makePhoto } from '../support/media-files'
import { tusUpload } from '../support/tus'
import { waitForAssetsReady } from '../support/assets'
import { waitUntil } from '../support/wait'

/** The raw bytes as they travelled (fetch would decode them), with the headers. */
async function rawGet(path: string, headers: Record<string, string> = {}) {
  const { request } = await import('node:http')
  const url = new URL(path, inject('baseUrl'))
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(url, { headers }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
        res.on('error', reject)
      })
      req.on('error', reject)
      req.end()
    },
  )
}

const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes, body]) => !/\ssrc=/.test(attributes) && body.length > 0)
    .map(([, , body]) => body)
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

describe('the public page cache', () => {
  it('serves a company page again from memory, with a policy that allows exactly its scripts, until the company changes something', async () => {
    const admin = await createCompanyAdmin('cached')
    const slug = admin.company.slug
    const [gallery] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({
          companyId: admin.company.id,
          kind: 'gallery',
          title: 'First Title',
          slug: 'first',
          status: 'published',
          publishedAt: new Date(),
        })
        .returning(),
    )
    const fan = new TestClient()

    const first = await fan.get(`/${slug}`)
    expect(first.status).toBe(200)
    expect(first.headers['x-afterglow-cache']).toBe('miss')
    const second = await fan.get(`/${slug}`)
    expect(second.headers['x-afterglow-cache']).toBe('hit')
    expect(second.text).toBe(first.text)
    // One page for every fan, so no nonce (it would be no secret): its inline scripts by hash, files from the site.
    const policy = String(second.headers['content-security-policy'])
    const scriptSrc = /script-src ([^;]+)/.exec(policy)?.[1].split(' ') ?? []
    expect(scriptSrc).not.toContain(`'strict-dynamic'`)
    expect(scriptSrc.some((source) => source.startsWith(`'nonce-`))).toBe(false)
    const scripts = inlineScripts(second.text)
    expect(scripts.length).toBeGreaterThan(0)
    expect(scriptSrc.sort()).toEqual([`'self'`, ...new Set(scripts.map(sha256))].sort())
    expect(policy).toContain(`frame-ancestors 'none'`)

    // An edit fans can see is shown on the very next request.
    await withSystem((tx) =>
      tx.update(contentItem).set({ title: 'Second Title' }).where(eq(contentItem.id, gallery.id)),
    )
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

  it("renders a company's own change on the next request, and never gives a company the pages of one whose address it took", async () => {
    const first = await createCompanyAdmin('address-first')
    const second = await createCompanyAdmin('address-second')
    const fan = new TestClient()
    const slug = first.company.slug
    expect((await fan.get(`/${slug}`)).text).toContain(first.company.name)
    // The render after a miss takes the company's row read under the same versions: a change to the row is a new version.
    await withSystem((tx) =>
      tx.update(organization).set({ name: 'Renamed Venue' }).where(eq(organization.id, first.company.id)),
    )
    const renamed = await fan.get(`/${slug}`)
    expect(renamed.headers['x-afterglow-cache']).toBe('miss')
    expect(renamed.text).toContain('Renamed Venue')
    expect((await fan.get(`/${slug}`)).headers['x-afterglow-cache']).toBe('hit')

    // The first company moves away and the second takes its address, its counts brought to the same numbers.
    const [{ publicVersion, publicMediaVersion }] = await withSystem((tx) =>
      tx
        .update(organization)
        .set({ slug: `${slug}-moved` })
        .where(eq(organization.id, first.company.id))
        .returning(),
    )
    await withSystem((tx) => tx.update(organization).set({ slug }).where(eq(organization.id, second.company.id)))
    await withSystem((tx) =>
      tx
        .update(organization)
        .set({ publicVersion: publicVersion - 1, publicMediaVersion })
        .where(eq(organization.id, second.company.id)),
    )
    const [taken] = await withSystem((tx) =>
      tx
        .select({ publicVersion: organization.publicVersion, publicMediaVersion: organization.publicMediaVersion })
        .from(organization)
        .where(eq(organization.id, second.company.id)),
    )
    expect(taken).toEqual({ publicVersion: publicVersion - 1, publicMediaVersion })
    const page = await fan.get(`/${slug}`)
    expect(page.status).toBe(200)
    expect(page.headers['x-afterglow-cache']).toBe('miss')
    expect(page.text).toContain(second.company.name)
    expect(page.text).not.toContain('Renamed Venue')
  })

  it('keeps brotli and gzip bytes made once, and answers each browser with what it accepts', async () => {
    const admin = await createCompanyAdmin('zipped')
    await withSystem((tx) =>
      tx.insert(contentItem).values({
        companyId: admin.company.id,
        kind: 'gallery',
        title: 'Compressed Night',
        slug: 'compressed',
        status: 'published',
        publishedAt: new Date(),
      }),
    )
    const path = `/${admin.company.slug}`
    const miss = await rawGet(path, { 'accept-encoding': 'gzip' })
    expect(miss.headers['x-afterglow-cache']).toBe('miss')
    expect(miss.headers['content-encoding']).toBe('gzip')
    const plain = await rawGet(path)
    expect(plain.headers['x-afterglow-cache']).toBe('hit')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.toString()).toContain('Compressed Night')
    // The compressed copies are made on the stored page's first hit; a browser that takes them
    // waits for them then (the plain hit above made them here), so none is sent the page plain.
    const brotli = await rawGet(path, { 'accept-encoding': 'gzip, deflate, br' })
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotli.headers.vary).toBe('Accept-Encoding')
    expect(Number(brotli.headers['content-length'])).toBe(brotli.body.length)
    expect(brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true)
    const gzip = await rawGet(path, { 'accept-encoding': 'gzip' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true)
    const refused = await rawGet(path, { 'accept-encoding': 'br;q=0, gzip' })
    expect(refused.headers['content-encoding']).toBe('gzip')
  })

  it("sends a page's first hit compressed to a browser that takes it, stored once", async () => {
    const admin = await createCompanyAdmin('first-hit')
    await withSystem((tx) =>
      tx.insert(contentItem).values({
        companyId: admin.company.id,
        kind: 'gallery',
        title: 'First Hit',
        slug: 'first-hit',
        status: 'published',
        publishedAt: new Date(),
      }),
    )
    const path = `/${admin.company.slug}`
    expect((await rawGet(path, { 'accept-encoding': 'gzip, deflate, br' })).headers['x-afterglow-cache']).toBe('miss')
    const [first, second] = await Promise.all([
      rawGet(path, { 'accept-encoding': 'gzip, deflate, br' }),
      rawGet(path, { 'accept-encoding': 'gzip' }),
    ])
    expect(first.headers['x-afterglow-cache']).toBe('hit')
    expect(first.headers['content-encoding']).toBe('br')
    expect(Number(first.headers['content-length'])).toBe(first.body.length)
    expect(brotliDecompressSync(first.body).toString()).toContain('First Hit')
    expect(second.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(second.body).toString()).toContain('First Hit')
  })

  it('gives fans with cookies, signed-in members and bare visitors the same bytes, with nothing of anyone in them', async () => {
    const admin = await createCompanyAdmin('everyone')
    const slug = admin.company.slug
    const [gallery] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({
          companyId: admin.company.id,
          kind: 'gallery',
          title: 'Shared Night',
          slug: 'shared',
          status: 'published',
          publishedAt: new Date(),
          requireLead: true,
        })
        .returning(),
    )
    const photo = (await tusUpload(admin.client, await makePhoto(800, 600, '#a0f'), {
      filename: 'a.jpg',
      purpose: 'gallery-media',
      contentItemId: gallery.id,
    })) as { assetId: string }
    await waitForAssetsReady([photo.assetId])
    const page = `/${slug}/galeria/shared`

    // A fan leaves their details: from then on they carry a lead cookie (and consent, language…).
    const lead = new TestClient()
    const next = `/download/content/${gallery.id}`
    const captured = await lead.postForm('/download/lead.data', {
      next,
      intent: 'dialog',
      fullName: 'Zélia Cookie',
      email: 'zelia.cookie@example.com',
      phone: '',
      privacyAccepted: 'on',
      dataProcessingConsent: 'on',
      sourceUrl: `${lead.baseUrl}${page}`,
    })
    expect(captured.status).toBe(200)
    expect(lead.cookies.has(leadCookieName(admin.company.id))).toBe(true)
    lead.setCookie('tracking-consent', 'accepted')
    lead.setCookie('afterglow.session_token', 'not-a-real-session')

    const bare = await new TestClient().get(page)
    const withCookies = await lead.get(page)
    const member = await admin.client.get(page)
    expect([bare.status, withCookies.status, member.status]).toEqual([200, 200, 200])
    expect(withCookies.headers['x-afterglow-cache']).toBe('hit')
    expect(member.headers['x-afterglow-cache']).toBe('hit')
    expect(withCookies.text).toBe(bare.text)
    expect(member.text).toBe(bare.text)
    for (const text of [bare.text, withCookies.text]) {
      expect(text).not.toContain('Zélia')
      expect(text).not.toContain('zelia.cookie')
      expect(text).not.toContain(admin.credentials.email)
    }
    // What differs per fan is answered when they start a download: the known fan gets the ZIP.
    expect((await lead.request(next, { method: 'HEAD' })).status).toBe(200)
    expect((await new TestClient().request(next, { method: 'HEAD' })).status).toBe(403)
  })

  it('serves fans who tap a shared link from the one kept page, whatever their social network added to it', async () => {
    const admin = await createCompanyAdmin('shared-link')
    const slug = admin.company.slug
    await withSystem((tx) =>
      tx.insert(contentItem).values({
        companyId: admin.company.id,
        kind: 'gallery',
        title: 'Tagged Night',
        slug: 'tagged',
        status: 'published',
        publishedAt: new Date(),
      }),
    )
    const page = `/${slug}/galeria/tagged`
    const first = await new TestClient().get(`${page}?fbclid=IwAR0first-fan`)
    expect(first.status).toBe(200)
    expect(first.headers['x-afterglow-cache']).toBe('miss')
    // Each fan's click id is their own: every later fan is still a hit, on the same bytes as the plain link.
    const second = await new TestClient().get(`${page}?fbclid=IwAR0second-fan`)
    const campaign = await new TestClient().get(`${page}?utm_source=instagram&utm_medium=story&igshid=Zm9v`)
    const plain = await new TestClient().get(page)
    expect([second, campaign, plain].map((answer) => answer.headers['x-afterglow-cache'])).toEqual([
      'hit',
      'hit',
      'hit',
    ])
    for (const answer of [second, campaign, plain]) expect(answer.text).toBe(first.text)
    // Rendered as if the link had no tags: no fan's click id travels to another.
    expect(first.text).not.toContain('first-fan')
    // What the page reads stays in the key: the videos tab is its own page, tagged or not.
    const videos = await new TestClient().get(`${page}?type=videos&fbclid=IwAR0third-fan`)
    expect(videos.headers['x-afterglow-cache']).toBe('miss')
    expect((await new TestClient().get(`${page}?type=videos`)).headers['x-afterglow-cache']).toBe('hit')
  })

  it('gives fans the page of a moment ago while the one with newly processed photos renders; after an edit, everyone waits for the new one', async () => {
    const admin = await createCompanyAdmin('arriving')
    const [gallery] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({
          companyId: admin.company.id,
          kind: 'gallery',
          title: 'Arriving Night',
          slug: 'arriving',
          status: 'published',
          publishedAt: new Date(),
        })
        .returning(),
    )
    const upload = async (color: string, filename: string) => {
      const { assetId } = (await tusUpload(admin.client, await makePhoto(800, 600, color), {
        filename,
        purpose: 'gallery-media',
        contentItemId: gallery.id,
      })) as { assetId: string }
      await waitForAssetsReady([assetId])
      return assetId
    }
    const page = `/${admin.company.slug}/galeria/arriving`
    const firstPhoto = await upload('#f0a', 'first.jpg')
    const kept = await new TestClient().get(page)
    expect(kept.headers['x-afterglow-cache']).toBe('miss')
    expect(kept.text).toContain(firstPhoto)
    // A second photo is processed more than a second later: the kept page is a fold behind.
    const keptAt = Date.now()
    const secondPhoto = await upload('#0af', 'second.jpg')
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, keptAt + 1_100 - Date.now())))

    // The page's render is held at the database (its gallery cannot be read) while fans come.
    const holdRenders = async () => {
      const held = await getPool().connect()
      await held.query('begin')
      await held.query('lock table content_items in access exclusive mode')
      let released = false
      return async () => {
        if (released) return
        released = true
        await held.query('rollback')
        held.release()
      }
    }
    // A fan's render waiting at the gallery's door (its first read of the gallery), not some job of the worker's.
    const renderWaiting = () =>
      waitUntil(
        async () =>
          (
            await getPool().query(
              `select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock' and query like '%access_password_hash%'`,
            )
          ).rows[0].waiting > 0,
        {
          timeoutMs: 15_000,
          message: "no fan's render waited at the gallery",
        },
      )
    const within = <T>(answer: Promise<T>, ms: number) =>
      Promise.race([answer, new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), ms))])
    let release = await holdRenders()
    const rendering = new TestClient().get(page)
    try {
      await renderWaiting()
      const meanwhile = await within(new TestClient().get(page), 10_000)
      if (meanwhile === 'still waiting')
        throw new Error('a fan waited for the render instead of getting the page of a moment ago')
      expect(meanwhile.headers['x-afterglow-cache']).toBe('stale')
      expect(meanwhile.text).toBe(kept.text)
    } finally {
      await release()
    }
    const rendered = await rendering
    expect(rendered.headers['x-afterglow-cache']).toBe('miss')
    expect(rendered.text).toContain(secondPhoto)
    const next = await new TestClient().get(page)
    expect(next.headers['x-afterglow-cache']).toBe('hit')
    expect(next.text).toBe(rendered.text)

    // An edit is never served from the page before it: the fans who come during its render wait for it.
    await withSystem((tx) =>
      tx.update(contentItem).set({ title: 'Arrived Night' }).where(eq(contentItem.id, gallery.id)),
    )
    release = await holdRenders()
    const editRendering = new TestClient().get(page)
    const waiting = new TestClient().get(page)
    try {
      await renderWaiting()
      expect(await within(waiting, 500)).toBe('still waiting')
    } finally {
      await release()
    }
    for (const answer of await Promise.all([editRendering, waiting])) {
      expect(answer.status).toBe(200)
      expect(answer.headers['x-afterglow-cache']).not.toBe('stale')
      expect(answer.text).toContain('Arrived Night')
    }
  })

  it('keeps a landing and an event page no longer than the first of their galleries to end, and lists it no more from then', async () => {
    const admin = await createCompanyAdmin('ending')
    const slug = admin.company.slug
    const [show] = await withSystem((tx) =>
      tx
        .insert(event)
        .values({ companyId: admin.company.id, slug: 'last-night', title: 'Last Night', status: 'published' })
        .returning(),
    )
    const endsAt = new Date(Date.now() + 4_000)
    await withSystem((tx) =>
      tx.insert(contentItem).values([
        {
          companyId: admin.company.id,
          kind: 'gallery',
          title: 'Ends Soon',
          slug: 'ends-soon',
          status: 'published',
          publishedAt: new Date(),
          eventId: show.id,
          expiresAt: endsAt,
        },
        {
          companyId: admin.company.id,
          kind: 'gallery',
          title: 'Stays On',
          slug: 'stays-on',
          status: 'published',
          publishedAt: new Date(),
          eventId: show.id,
        },
      ]),
    )
    const fan = new TestClient()
    for (const path of [`/${slug}`, `/${slug}/evento/last-night`]) {
      expect((await fan.get(path)).text, path).toContain('Ends Soon')
      const again = await fan.get(path)
      expect(again.headers['x-afterglow-cache'], path).toBe('hit')
      expect(again.text, path).toContain('Ends Soon')
      // What the render told the cache is not sent on.
      expect(again.headers['x-afterglow-changes-at'], path).toBeUndefined()
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, endsAt.getTime() - Date.now() + 50)))
    for (const path of [`/${slug}`, `/${slug}/evento/last-night`]) {
      const after = await fan.get(path)
      expect(after.headers['x-afterglow-cache'], path).toBe('miss')
      expect(after.text, path).not.toContain('Ends Soon')
      expect(after.text, path).toContain('Stays On')
    }
  })

  it('never keeps pages of unknown companies or errors', async () => {
    const admin = await createCompanyAdmin('private')
    const fan = new TestClient()
    expect((await fan.get('/no-such-company-here')).headers['x-afterglow-cache']).toBeUndefined()
    const missing = await fan.get(`/${admin.company.slug}/galeria/nothing-here`)
    expect(missing.status).toBe(404)
    expect((await fan.get(`/${admin.company.slug}/galeria/nothing-here`)).headers['x-afterglow-cache']).toBe('miss')
  })
})
