import { mkdir } from 'node:fs/promises'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import { contentItem } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { closedCookieBannerBefore, launchBrowser, PHONE, visit } from '../support/browser'
import { createCompanyAdmin } from '../support/fixtures'
import { makePhoto } from '../support/media-files'
import { tusUpload } from '../support/tus'
import { keepScreenshot } from '../support/screenshots'

const baseUrl = inject('baseUrl')
let browser: Browser
let page: Page
let slug = ''

describe('a fan opens a gallery on a phone', () => {
  beforeAll(async () => {
    const admin = await createCompanyAdmin('fan-e2e')
    slug = admin.company.slug
    const [gallery] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({
          companyId: admin.company.id,
          kind: 'gallery',
          title: 'Last Night',
          slug: 'last-night',
          status: 'published',
          publishedAt: new Date(),
          location: 'Porto',
        })
        .returning(),
    )
    for (const [index, color] of ['#e11d48', '#2563eb', '#16a34a'].entries()) {
      const photo = await makePhoto(1500, 1000, color)
      await tusUpload(admin.client, photo, {
        filename: `p${index}.jpg`,
        purpose: 'gallery-media',
        contentItemId: gallery.id,
      })
    }
    browser = await launchBrowser()
    const context = await browser.newContext({ viewport: PHONE, baseURL: baseUrl, hasTouch: true, isMobile: true })
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    page = await context.newPage()
    await closedCookieBannerBefore(page)
    await mkdir('test-results/fan-gallery', { recursive: true })
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('sees the photos without layout shift and flips through them in the viewer', async () => {
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    // Renditions are made in the background; the page shows what is ready. The fan comes from a
    // story: the link carries the tags Instagram adds, which the page is served and hydrated without.
    await expect
      .poll(
        async () => {
          await visit(page, `/${slug}/galeria/last-night?utm_source=instagram&utm_medium=story&igshid=MzRlODBiNWFlZA==`)
          return page.getByTestId('public-media').count()
        },
        { timeout: 30_000 },
      )
      .toBe(3)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Last Night')
    // How much there is, said before the fan scrolls.
    expect(await page.getByTestId('gallery-counts').textContent()).toBe('3 photos')
    await keepScreenshot(page, 'test-results/fan-gallery/header-390.png')
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)

    await page.getByRole('link', { name: 'Photo 1' }).click()
    const viewer = page.locator('.yarl__root')
    await viewer.waitFor()
    await expect
      .poll(() => page.locator('.yarl__slide_current .yarl__slide_image').getAttribute('src'))
      .toMatch(/\/p\/[0-9a-f-]{36}\/w\d+\.webp$/)
    const first = await page.locator('.yarl__slide_current .yarl__slide_image').getAttribute('src')
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => page.locator('.yarl__slide_current .yarl__slide_image').getAttribute('src')).not.toBe(first)
    // A toast over the black viewer is dark too, not a pale flash.
    await page.getByRole('button', { name: 'Share this photo' }).click()
    await page.getByRole('menuitem', { name: 'Copy link' }).click()
    await page.locator('[data-sonner-toast]').first().waitFor()
    expect(await page.locator('[data-sonner-toaster]').getAttribute('data-sonner-theme')).toBe('dark')
    await keepScreenshot(page, 'test-results/fan-gallery/viewer-toast-390.png')
    // Below the viewer's toolbar, not over it.
    const toastBox = (await page.locator('[data-sonner-toast]').first().boundingBox())!
    expect(toastBox.y).toBeGreaterThan(PHONE.height / 2)
    await page.locator('.yarl__toolbar').getByRole('button', { name: 'Close', exact: true }).click()
    await expect.poll(() => viewer.count()).toBe(0)
    expect(errors).toEqual([])
  })
})
