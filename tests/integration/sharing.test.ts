import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import jsQR from 'jsqr'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { asset, contentItem, event, organization } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { getStorage } from '#app/lib/storage.server'
import type { AppProcess } from '../support/app-process'
import { waitForAssetsReady } from '../support/assets'
import { activateSubdomain, createCompanyAdmin } from '../support/fixtures'
import { TestClient, type HttpResponse } from '../support/http-client'
import { makePhoto } from '../support/media-files'
import { startSecondApp } from '../support/second-app'
import { tusUpload } from '../support/tus'

const baseUrl = inject('baseUrl')

/** The content of `<meta property|name="key" content="…">` in a page, HTML entities undone. */
function metaOf(html: string, key: string) {
  const tag = new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(html)
  return tag
    ? tag[1]
        .replace(/&amp;/g, '&')
        .replace(/&#x27;/g, "'")
        .replace(/&quot;/g, '"')
    : null
}

function binary(client: TestClient, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: HttpResponse['headers']; body: Buffer }>((resolve, reject) => {
    const url = new URL(path, client.baseUrl)
    import('node:http').then(({ default: http }) => {
      const req = http.request(
        url,
        { headers: { ...headers, cookie: client.cookieHeader() }, localAddress: client.localAddress },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (chunk) => chunks.push(chunk))
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          )
        },
      )
      req.on('error', reject)
      req.end()
    }, reject)
  })
}

async function decodeQr(image: Buffer) {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null
}

describe('sharing', () => {
  let admin: Awaited<ReturnType<typeof createCompanyAdmin>>
  let slug = ''
  const ids = { gallery: '', draft: '', event: '', single: '' }

  beforeAll(async () => {
    admin = await createCompanyAdmin('share')
    slug = admin.company.slug
    const companyId = admin.company.id
    const [gallery] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({
          companyId,
          kind: 'gallery',
          title: 'Open Air',
          slug: 'open-air',
          description: 'The whole night, in photos.',
          status: 'published',
          publishedAt: new Date(),
        })
        .returning(),
    )
    const [draft] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({ companyId, kind: 'gallery', title: 'Secret Set', slug: 'secret-set' })
        .returning(),
    )
    const [single] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({ companyId, kind: 'single', title: 'Encore', status: 'published', publishedAt: new Date() })
        .returning(),
    )
    const [live] = await withSystem((tx) =>
      tx.insert(event).values({ companyId, slug: 'live-night', title: 'Live Night', status: 'published' }).returning(),
    )
    Object.assign(ids, { gallery: gallery.id, draft: draft.id, event: live.id, single: single.id })
    const photo = await makePhoto(1600, 1000, '#ff00aa')
    const uploads = await Promise.all([
      tusUpload(admin.client, photo, { filename: 'a.jpg', purpose: 'gallery-media', contentItemId: gallery.id }),
      tusUpload(admin.client, photo, { filename: 'encore.jpg', purpose: 'content-file', contentItemId: single.id }),
    ])
    await waitForAssetsReady(uploads.map((upload) => (upload.ok ? upload.assetId! : '')))
  })

  it('every public page carries Open Graph and Twitter Card tags with absolute URLs', async () => {
    const fan = new TestClient()
    const pages = [
      { path: `/${slug}`, title: `Company ${slug}` },
      { path: `/${slug}/galeria/open-air`, title: 'Open Air', description: 'The whole night, in photos.' },
      { path: `/${slug}/evento/live-night`, title: 'Live Night' },
      { path: `/${slug}/player/${ids.single}`, title: 'Encore' },
      { path: '/', url: `${baseUrl}/` },
    ]
    for (const page of pages) {
      const response = await fan.get(page.path)
      expect(response.status, page.path).toBe(200)
      const html = response.text
      if (page.title) expect(metaOf(html, 'og:title'), page.path).toBe(page.title)
      else expect(metaOf(html, 'og:title'), page.path).toBeTruthy()
      expect(metaOf(html, 'og:url'), page.path).toBe(page.url ?? `${baseUrl}${page.path}`)
      expect(html, page.path).toContain(`<link rel="canonical" href="${page.url ?? `${baseUrl}${page.path}`}"`)
      expect(metaOf(html, 'og:image'), page.path).toMatch(
        new RegExp(`^${baseUrl}/og/(company|gallery|event|content|site)/[^/]+/\\w+\\.jpg$`),
      )
      expect(metaOf(html, 'twitter:image'), page.path).toBe(metaOf(html, 'og:image'))
      expect(metaOf(html, 'twitter:card'), page.path).toBe('summary_large_image')
      expect([metaOf(html, 'og:image:width'), metaOf(html, 'og:image:height')], page.path).toEqual(['1200', '630'])
      expect(metaOf(html, 'og:image:alt'), page.path).toBeTruthy()
      expect(metaOf(html, 'og:type'), page.path).toMatch(/^(website|video\.other)$/)
      expect(metaOf(html, 'og:locale'), page.path).toBe('en_US')
      expect(metaOf(html, 'og:site_name'), page.path).toBe(page.path === '/' ? 'Afterglow' : `Company ${slug}`)
      if (page.description) expect(metaOf(html, 'og:description')).toBe(page.description)
      else expect(metaOf(html, 'og:description'), page.path).toBeTruthy()
    }
    // The visitor's language gives the locale and the texts.
    const portuguese = await fan.get(`/${slug}/evento/live-night`, { 'accept-language': 'pt-BR' })
    expect(metaOf(portuguese.text, 'og:locale')).toBe('pt_BR')
    expect(metaOf(portuguese.text, 'og:description')).toContain('fotos, vídeos e mais')
  })

  it('the preview image is a 1200×630 JPEG under 300 KB, made from the cover and cached for a year; a draft has none', async () => {
    const fan = new TestClient()
    const page = await fan.get(`/${slug}/galeria/open-air`)
    const imagePath = new URL(metaOf(page.text, 'og:image')!).pathname
    const image = await binary(fan, imagePath)
    expect(image.status).toBe(200)
    expect(image.headers['content-type']).toBe('image/jpeg')
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(image.body.length).toBeLessThanOrEqual(300 * 1024)
    const meta = await sharp(image.body).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630])
    // Made from the gallery's photo (all #ff00aa), not a generated card.
    const { channels } = await sharp(image.body).stats()
    expect(channels.map((c) => Math.round(c.mean / 16))).toEqual([16, 0, 11])
    // The second request is served from storage: the same bytes.
    expect((await binary(fan, imagePath)).body.equals(image.body)).toBe(true)

    // Without any photo the event gets the branded title card, of the same size.
    const eventPage = await fan.get(`/${slug}/evento/live-night`)
    const card = await binary(fan, new URL(metaOf(eventPage.text, 'og:image')!).pathname)
    expect(card.status).toBe(200)
    expect(await sharp(card.body).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 })

    // Drafts, unknown ids and unknown kinds have no preview image.
    expect((await binary(fan, `/og/gallery/${ids.draft}/1d1.jpg`)).status).toBe(404)
    expect((await binary(fan, `/og/gallery/${randomUUID()}/1d1.jpg`)).status).toBe(404)
    expect((await binary(fan, `/og/event/${ids.gallery}/1d1.jpg`)).status).toBe(404)
    expect((await binary(fan, `/og/secret/${ids.gallery}/1d1.jpg`)).status).toBe(404)

    // An edit gives the page a new image URL; the old URL still answers, briefly cached.
    await withSystem((tx) =>
      tx.update(contentItem).set({ title: 'Open Air (Sat)' }).where(eq(contentItem.id, ids.gallery)),
    )
    const edited = await fan.get(`/${slug}/galeria/open-air`)
    const newPath = new URL(metaOf(edited.text, 'og:image')!).pathname
    expect(newPath).not.toBe(imagePath)
    expect(metaOf(edited.text, 'og:title')).toBe('Open Air (Sat)')
    const old = await binary(fan, imagePath)
    expect(old.status).toBe(200)
    expect(old.headers['cache-control']).toBe('public, max-age=300')
  })

  describe('in subdomain mode', () => {
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

    it("the tags point at the company's subdomain", async () => {
      await activateSubdomain(admin.company)
      try {
        const fan = new TestClient(url)
        const host = { host: `${slug}.afterglow.test` }
        for (const [path, expected] of [
          ['/', `http://${slug}.afterglow.test/`],
          ['/galeria/open-air', `http://${slug}.afterglow.test/galeria/open-air`],
          ['/evento/live-night', `http://${slug}.afterglow.test/evento/live-night`],
        ]) {
          const page = await fan.get(path, host)
          expect(page.status, path).toBe(200)
          expect(metaOf(page.text, 'og:url'), path).toBe(expected)
          const image = metaOf(page.text, 'og:image')!
          expect(image, path).toMatch(new RegExp(`^http://${slug}\\.afterglow\\.test/og/`))
          expect((await binary(fan, new URL(image).pathname, host)).status, path).toBe(200)
        }
      } finally {
        await withSystem((tx) =>
          tx
            .update(organization)
            .set({ subdomain: null, subdomainStatus: null })
            .where(eq(organization.id, admin.company.id)),
        )
      }
    })
  })

  it('QR codes in PNG and SVG read back as the public page, on the subdomain once it is active', async () => {
    const info = (await admin.client.get(`/api/qr/content/${ids.gallery}?format=json`)).json()
    expect(info).toMatchObject({
      url: `${baseUrl}/${slug}/galeria/open-air`,
      isPublic: true,
      canCustomize: false,
      hasLogo: false,
    })
    const png = await binary(admin.client, `/api/qr/content/${ids.gallery}?format=png&download=1`)
    expect(png.status).toBe(200)
    expect(png.headers['content-type']).toBe('image/png')
    expect(png.headers['content-disposition']).toBe('attachment; filename="qr-open-air.png"')
    expect(await decodeQr(png.body)).toBe(`${baseUrl}/${slug}/galeria/open-air`)
    const svg = await binary(admin.client, `/api/qr/content/${ids.gallery}?format=svg`)
    expect(svg.headers['content-type']).toBe('image/svg+xml; charset=utf-8')
    expect(svg.body.toString()).toContain('<svg')
    expect(await decodeQr(svg.body)).toBe(`${baseUrl}/${slug}/galeria/open-air`)

    const eventCode = await binary(admin.client, `/api/qr/event/${ids.event}?format=png`)
    expect(await decodeQr(eventCode.body)).toBe(`${baseUrl}/${slug}/evento/live-night`)
    const singleCode = await binary(admin.client, `/api/qr/content/${ids.single}?format=png`)
    expect(await decodeQr(singleCode.body)).toBe(`${baseUrl}/${slug}/player/${ids.single}`)
    expect((await admin.client.get(`/api/qr/content/${ids.draft}?format=json`)).json()).toMatchObject({
      isPublic: false,
    })

    const platformDomain = new URL(baseUrl).host
    await withSystem((tx) =>
      tx
        .update(organization)
        .set({ subdomain: `${slug}-live`, subdomainStatus: 'active' })
        .where(eq(organization.id, admin.company.id)),
    )
    try {
      // This test platform is reached by its IP address, where no name can carry a subdomain:
      // the code keeps leading to the platform path (subdomain.test covers a named platform).
      const onSubdomain = await binary(admin.client, `/api/qr/event/${ids.event}?format=png`)
      expect(platformDomain).toMatch(/^127\.0\.0\.1:/)
      expect(await decodeQr(onSubdomain.body)).toBe(`${baseUrl}/${slug}/evento/live-night`)
      await withSystem((tx) =>
        tx.update(organization).set({ subdomainStatus: 'pending' }).where(eq(organization.id, admin.company.id)),
      )
      expect(await decodeQr((await binary(admin.client, `/api/qr/event/${ids.event}?format=png`)).body)).toBe(
        `${baseUrl}/${slug}/evento/live-night`,
      )
    } finally {
      await withSystem((tx) =>
        tx
          .update(organization)
          .set({ subdomain: null, subdomainStatus: null })
          .where(eq(organization.id, admin.company.id)),
      )
    }
  })

  it('custom colours and the logo are for Professional and above; colour pairs that would not scan are refused', async () => {
    const custom = `/api/qr/event/${ids.event}?format=png&fg=%231a1a2e&bg=%23fdf6e3`
    const refused = await admin.client.get(custom)
    expect(refused.status).toBe(402)
    expect(refused.text).toContain('Custom QR codes are part of Professional and Enterprise')
    expect((await admin.client.get(`/api/qr/event/${ids.event}?format=png&logo=1`)).status).toBe(402)

    await withSystem((tx) =>
      tx.update(organization).set({ plan: 'professional' }).where(eq(organization.id, admin.company.id)),
    )
    const coloured = await binary(admin.client, custom)
    expect(coloured.status).toBe(200)
    expect(await decodeQr(coloured.body)).toBe(`${baseUrl}/${slug}/evento/live-night`)
    const corner = await sharp(coloured.body).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer()
    expect([...corner]).toEqual([0xfd, 0xf6, 0xe3]) // the quiet zone is the chosen background

    const faint = await admin.client.get(`/api/qr/event/${ids.event}?format=png&fg=%23999999&bg=%23ffffff`)
    expect(faint.status).toBe(400)
    expect(faint.text).toContain('too close to scan reliably (contrast 2.8:1')
    const inverted = await admin.client.get(`/api/qr/event/${ids.event}?format=svg&fg=%23ffffff&bg=%23000000`)
    expect(inverted.status).toBe(400)
    expect(inverted.text).toContain('must be darker than its background')
    const french = await admin.client.get(`/api/qr/event/${ids.event}?format=png&fg=%23999999&bg=%23ffffff`, {
      'accept-language': 'fr',
    })
    expect(french.text).toContain('trop proches')
    expect(french.text).toContain('contraste 2,8\u00a0:\u00a01')
    expect((await admin.client.get(`/api/qr/event/${ids.event}?format=png&fg=red`)).status).toBe(400)
    expect((await admin.client.get(`/api/qr/event/${ids.event}?format=png&logo=1`)).text).toContain('no logo yet')

    // With a logo: high error correction keeps it readable.
    const logoId = randomUUID()
    const logo = await makePhoto(256, 256, { r: 225, g: 29, b: 72, alpha: 1 }, { format: 'png', alpha: true })
    const storageKey = `${admin.company.id}/${logoId}/original.png`
    await getStorage().put(storageKey, logo, { contentType: 'image/png' })
    await withSystem(async (tx) => {
      await tx.insert(asset).values({
        id: logoId,
        companyId: admin.company.id,
        purpose: 'logo',
        mediaType: 'image',
        originalName: 'logo.png',
        mimeType: 'image/png',
        sizeBytes: logo.length,
        storageKey,
        processingStatus: 'ready',
      })
      await tx
        .update(organization)
        .set({ logo: `/media/${logoId}/original` })
        .where(eq(organization.id, admin.company.id))
    })
    expect((await admin.client.get(`/api/qr/event/${ids.event}?format=json`)).json()).toMatchObject({
      canCustomize: true,
      hasLogo: true,
    })
    const withLogo = await binary(admin.client, `${custom}&logo=1`)
    expect(withLogo.status).toBe(200)
    expect(await decodeQr(withLogo.body)).toBe(`${baseUrl}/${slug}/evento/live-night`)
    const { data, info } = await sharp(withLogo.body).raw().toBuffer({ resolveWithObject: true })
    const middle = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels
    expect([data[middle], data[middle + 1], data[middle + 2]]).toEqual([225, 29, 72])
    const svgWithLogo = await binary(admin.client, `${custom.replace('format=png', 'format=svg')}&logo=1`)
    expect(svgWithLogo.body.toString()).toContain('data:image/png;base64,')
    expect(await decodeQr(svgWithLogo.body)).toBe(`${baseUrl}/${slug}/evento/live-night`)
  })

  it("codes are for the company's members only", async () => {
    const other = await createCompanyAdmin('share-other')
    expect((await other.client.get(`/api/qr/event/${ids.event}?format=png`)).status).toBe(404)
    expect((await other.client.get(`/api/qr/content/${ids.gallery}?format=json`)).status).toBe(404)
    expect((await other.client.get(`/api/qr/content/not-a-uuid?format=png`)).status).toBe(404)
    expect((await admin.client.get(`/api/qr/poster/${ids.event}?format=png`)).status).toBe(404)
    const signedOut = await new TestClient().get(`/api/qr/event/${ids.event}?format=png`)
    expect(signedOut.status).toBe(302)
    expect(signedOut.headers.location).toMatch(/^\/auth\?redirectTo=/)
  })
})
