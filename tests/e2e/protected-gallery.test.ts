import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { contentItem, organization } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { addCookiesTo, closedCookieBannerBefore, DESKTOP, launchBrowser, PHONE, visit } from '../support/browser'
import { createCompanyAdmin } from '../support/fixtures'
import { waitForAssetsReady } from '../support/assets'
import { makePhoto } from '../support/media-files'
import { tusUpload } from '../support/tus'
import { keepScreenshot } from '../support/screenshots'

const baseUrl = inject('baseUrl')
const SHOTS = path.resolve('test-results/protected-gallery')
let browser: Browser
let slug = ''
let assetId = ''
let admin: Awaited<ReturnType<typeof createCompanyAdmin>>
let galleryId = ''

describe('a protected gallery', () => {
  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true })
    admin = await createCompanyAdmin('e2e-prot')
    slug = admin.company.slug
    await withSystem((tx) =>
      tx.update(organization).set({ plan: 'professional' }).where(eq(organization.id, admin.company.id)),
    )
    const [gallery] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({
          companyId: admin.company.id,
          kind: 'gallery',
          title: 'Crew Only',
          slug: 'crew-only',
          status: 'published',
          publishedAt: new Date(),
        })
        .returning(),
    )
    const upload = (await tusUpload(admin.client, await makePhoto(1600, 1000, '#16a34a'), {
      filename: 'crew.jpg',
      purpose: 'gallery-media',
      contentItemId: gallery.id,
    })) as { assetId: string }
    assetId = upload.assetId
    galleryId = gallery.id
    await waitForAssetsReady([assetId])
    const saved = await admin.client.postForm(`/admin/content/${gallery.id}/protection`, {
      password: 'backstage',
      downloadMode: 'originals',
    })
    expect(saved.status).toBe(200)
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })

  for (const viewport of [PHONE, DESKTOP]) {
    it(`shows the company its protection in the gallery's editor (${viewport.width} px)`, async () => {
      const context = await browser.newContext({ viewport, baseURL: baseUrl })
      await addCookiesTo(context, baseUrl, admin.client.cookies)
      const page = await context.newPage()
      await closedCookieBannerBefore(page)
      await visit(page, `/admin/content/${galleryId}`)
      const panel = page.getByTestId('gallery-protection')
      await panel.getByText('A password is set. Type a new one to change it.').waitFor()
      await panel.getByLabel('Download PIN').fill('12')
      await panel.getByRole('button', { name: 'Save protection' }).click()
      await panel.getByText('The PIN is 4 digits.').waitFor()
      await panel.scrollIntoViewIfNeeded()
      await keepScreenshot(panel, path.join(SHOTS, `editor-${viewport.width}.png`))
      await context.close()
    })

    it(`asks for its password, says so when it is wrong, and opens with the right one (${viewport.width} px)`, async () => {
      const page = await (await browser.newContext({ viewport, baseURL: baseUrl })).newPage()
      await visit(page, `/${slug}/galeria/crew-only`)
      expect(new URL(page.url()).pathname).toBe(`/${slug}/galeria/crew-only/acesso`)
      const door = page.getByTestId('gallery-password')
      await door.getByRole('heading', { name: 'Crew Only' }).waitFor()
      expect(await page.locator(`img[src*="${assetId}"]`).count()).toBe(0)
      await keepScreenshot(page, path.join(SHOTS, `door-${viewport.width}.png`), { fullPage: true })

      await door.getByLabel('Password').fill('front-row')
      await door.getByRole('button', { name: 'Open the gallery' }).click()
      await door.getByText('That password is not right. Please try again.').waitFor()
      await keepScreenshot(page, path.join(SHOTS, `wrong-${viewport.width}.png`), { fullPage: true })

      await door.getByLabel('Password').fill('backstage')
      await door.getByRole('button', { name: 'Open the gallery' }).click()
      await page.getByTestId('public-media').first().waitFor()
      expect(new URL(page.url()).pathname).toBe(`/${slug}/galeria/crew-only`)
      // Remembered: the next visit goes straight in.
      await visit(page, `/${slug}/galeria/crew-only`)
      expect(await page.getByTestId('public-media').count()).toBe(1)
      await keepScreenshot(page, path.join(SHOTS, `inside-${viewport.width}.png`))
      await page.context().close()
    })
  }
})
