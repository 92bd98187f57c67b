import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asset, organization } from '#db/schema'
import { brandingVariables } from '#app/features/companies/branding'
import { withSystem } from '#app/lib/db.server'
import { getStorage } from '#app/lib/storage.server'
import type { AppProcess } from '../support/app-process'
import { PLATFORM, startWithCompanyOnSubdomain } from '../support/company-pages'
import { TestClient } from '../support/http-client'
import { makePhoto } from '../support/media-files'
import { rawRequest } from '../support/raw-request'
import { waitUntil } from '../support/wait'

type Manifest = {
  name: string
  short_name: string
  start_url: string
  scope: string
  display: string
  theme_color: string
  background_color: string
  icons: Array<{ src: string; sizes: string; type: string }>
}

describe("fans' pages as an app: the company's manifest and icons, linked from every page", () => {
  let app: AppProcess
  let url = ''
  let company: Awaited<ReturnType<typeof startWithCompanyOnSubdomain>>['company']
  let host: { host: string }
  beforeAll(async () => {
    const started = await startWithCompanyOnSubdomain()
    ;({ app, url, company, host } = started)
  }, 120_000)
  afterAll(async () => {
    await app?.stop()
  })

  it("gives fans' pages a manifest in the company's colours, with 192 and 512 px icons, linked from every page", async () => {
    const fan = new TestClient(url)
    const brand = brandingVariables({ primary: '#ff3366', accent: null }, 'night')!['--accent']
    const answer = await fan.get('/manifest.webmanifest', host)
    expect(answer.status).toBe(200)
    expect(answer.headers['content-type']).toMatch(/^application\/manifest\+json/)
    expect(answer.headers['cache-control']).toBe('public, max-age=3600')
    const manifest = answer.json<Manifest>()
    expect(manifest).toMatchObject({
      name: 'Night Owls Collective',
      short_name: 'Night',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: brand,
      background_color: '#0b0b0c',
    })
    expect(manifest.icons.map(({ sizes, type }) => ({ sizes, type }))).toEqual([
      { sizes: '192x192', type: 'image/png' },
      { sizes: '512x512', type: 'image/png' },
    ])
    // No logo: the company's initial in its colour, on its canvas.
    for (const icon of manifest.icons) {
      expect(icon.src).toMatch(/^\/icon-(192|512)\.png\?v=[0-9a-z]+$/)
      const png = await rawRequest(`${url}${icon.src}`, host)
      expect(png.status, icon.src).toBe(200)
      expect(png.headers['content-type']).toBe('image/png')
      expect(png.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      const size = Number(icon.sizes.split('x')[0])
      expect(await sharp(png.body).metadata()).toMatchObject({ format: 'png', width: size, height: size })
      const { data, info } = await sharp(png.body).removeAlpha().raw().toBuffer({ resolveWithObject: true })
      const hex = (offset: number) =>
        `#${[0, 1, 2].map((channel) => data[offset + channel].toString(16).padStart(2, '0')).join('')}`
      expect(hex(0)).toBe('#0b0b0c')
      const pixels = new Set(Array.from({ length: info.width * info.height }, (_, index) => hex(index * 3)))
      expect(pixels.has(brand), 'the initial is drawn in the brand colour').toBe(true)
    }
    // An icon asked for without its version is today's, kept briefly.
    const unversioned = await rawRequest(`${url}/icon-512.png`, host)
    expect(unversioned.status).toBe(200)
    expect(unversioned.headers['cache-control']).toBe('public, max-age=3600')
    expect((await rawRequest(`${url}/icon-64.png`, host)).status).toBe(404)

    // Every fans' page links it, with the brand's toolbar colour; the marketing site does not.
    for (const path of [
      '/',
      '/galeria/open-night',
      '/galeria/locked-night/acesso',
      '/evento/open-show',
      `/player/${company.ids['Open clip']}`,
      '/termos',
    ]) {
      const page = await fan.get(path, host)
      expect(page.status, path).toBe(200)
      expect(page.text, path).toContain('<link rel="manifest" href="/manifest.webmanifest"/>')
      expect(page.text, path).toContain(`<meta name="theme-color" content="${brand}"/>`)
      expect(page.text, path).toMatch(/<link rel="apple-touch-icon" href="\/icon-192\.png\?v=[0-9a-z]+"\/>/)
      // The first theme-color is the one browsers take: the company's, before the platform's default.
      expect(/<meta name="theme-color" content="([^"]+)"/.exec(page.text)?.[1], path).toBe(brand)
    }
    const home = await fan.get('/', { host: PLATFORM })
    expect(home.text).not.toContain('rel="manifest"')
    expect(home.text).toContain('<meta name="theme-color" content="#0b0b0c"/>')

    // The path form: the same manifest, its paths under /{slug}.
    const slug = company.admin.company.slug
    const pathForm = await fan.get(`/${slug}/manifest.webmanifest`, { host: PLATFORM })
    expect(pathForm.status).toBe(200)
    const pathManifest = pathForm.json<Manifest>()
    expect(pathManifest).toMatchObject({ name: 'Night Owls Collective', start_url: `/${slug}`, theme_color: brand })
    expect(pathManifest.icons[0].src).toMatch(new RegExp(`^/${slug}/icon-192\\.png\\?v=`))
    expect((await rawRequest(`${url}${pathManifest.icons[1].src}`, { host: PLATFORM })).status).toBe(200)
    const landing = await fan.get(`/${slug}`, { host: PLATFORM })
    expect(landing.text).toContain(`<link rel="manifest" href="/${slug}/manifest.webmanifest"/>`)
    expect((await fan.get('/nobody-at-all-here/manifest.webmanifest', { host: PLATFORM })).status).toBe(404)
  })
  it("draws the icons from the company's logo once it has one, under a new version", async () => {
    const fan = new TestClient(url)
    const before = (await fan.get('/manifest.webmanifest', host)).json<Manifest>()
    const companyId = company.admin.company.id
    const logoId = randomUUID()
    // A wide logo in one colour: fitted inside the icon's margin, on the canvas.
    const logo = await makePhoto(400, 200, '#22cc88', { format: 'png' })
    const storageKey = `${companyId}/${logoId}/original.png`
    await getStorage().put(storageKey, logo, { contentType: 'image/png' })
    await withSystem(async (tx) => {
      await tx.insert(asset).values({
        id: logoId,
        companyId,
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
        .where(eq(organization.id, companyId))
    })
    const manifest = await waitUntil(async () => {
      const current = (await fan.get('/manifest.webmanifest', host)).json<Manifest>()
      return current.icons[0].src !== before.icons[0].src ? current : null
    })
    for (const icon of manifest.icons) {
      const size = Number(icon.sizes.split('x')[0])
      const png = await rawRequest(`${url}${icon.src}`, host)
      expect(png.status).toBe(200)
      const image = sharp(png.body).removeAlpha()
      expect(await sharp(png.body).metadata()).toMatchObject({ format: 'png', width: size, height: size })
      const { data } = await image.raw().toBuffer({ resolveWithObject: true })
      const at = (x: number, y: number) => {
        const offset = (y * size + x) * 3
        return `#${[0, 1, 2].map((channel) => data[offset + channel].toString(16).padStart(2, '0')).join('')}`
      }
      expect(at(size / 2, size / 2), 'the logo in the middle').toBe('#22cc88')
      expect(at(size / 2, 2), 'the canvas above and below a wide logo').toBe('#0b0b0c')
    }
  })
})
