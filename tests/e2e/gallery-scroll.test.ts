import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { contentItem } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { GALLERY_PAGE_SIZE } from '#app/features/galleries/fans/gallery-paging'
import { copyReadyPhoto, waitForAssetsReady } from '../support/assets'
import { closedCookieBannerBefore, launchBrowser, PHONE, visit } from '../support/browser'
import { createCompanyAdmin } from '../support/fixtures'
import { makePhoto } from '../support/media-files'
import { tusUpload } from '../support/tus'

/*
 * A gallery of 500 photos on a phone: the fan scrolls to the very end (pages arrive as they go),
 * opens the last photo in the viewer, and nothing on screen ever jumps (cumulative layout shift 0).
 */
const PHOTOS = 500

describe('a fan scrolling a gallery of 500 photos', () => {
  let browser: Browser
  let slug = ''
  beforeAll(async () => {
    const admin = await createCompanyAdmin('scroll-500')
    slug = admin.company.slug
    const [gallery] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({
          companyId: admin.company.id,
          kind: 'gallery',
          title: 'Five Hundred',
          slug: 'five-hundred',
          status: 'published',
          publishedAt: new Date(),
        })
        .returning(),
    )
    const first = (await tusUpload(admin.client, await makePhoto(1200, 800, '#e11d48'), {
      filename: 'one.jpg',
      purpose: 'gallery-media',
      contentItemId: gallery.id,
    })) as { assetId: string }
    await waitForAssetsReady([first.assetId])
    await copyReadyPhoto(first.assetId, PHOTOS - 1)
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('reaches the end, opens the last photo, and the layout never shifts', async () => {
    const context = await browser.newContext({
      viewport: PHONE,
      baseURL: inject('baseUrl'),
      hasTouch: true,
      isMobile: true,
    })
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.addInitScript(() => {
      const shifts = ((window as unknown as { __shifts: number[] }).__shifts = [] as number[])
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!entry.hadRecentInput) shifts.push(entry.value)
      }).observe({ type: 'layout-shift', buffered: true })
    })
    // The fan answers the cookie banner when it shows (it would cover the last row).
    await closedCookieBannerBefore(page)
    const response = await visit(page, `/${slug}/galeria/five-hundred`)
    // The server sends one page of tiles; on a phone the next is asked for as soon as the page
    // runs (its space is within reach of the screen), so the count in the browser is already on.
    expect((await response!.text()).match(/data-testid="public-media"/g)).toHaveLength(GALLERY_PAGE_SIZE)
    const tiles = page.getByTestId('public-media')
    // Scroll as a thumb flicking fast would (about 7,000 px a second), until the end.
    // At the bottom with a page still on its way (a busy machine), the fan waits for it and goes on.
    const moreToCome = async () =>
      (await page.evaluate(() => window.scrollY + window.innerHeight < document.documentElement.scrollHeight - 2)) ||
      (await tiles.count()) < PHOTOS
    for (let i = 0; i < 900 && (await moreToCome()); i++) {
      await page.mouse.wheel(0, 700)
      await page.waitForTimeout(100)
    }
    expect(await tiles.count()).toBe(PHOTOS)
    await page
      .getByRole('button', { name: 'Load more photos' })
      .or(page.getByRole('link', { name: 'Load more photos' }))
      .waitFor({ state: 'detached' })

    const last = page.getByRole('link', { name: `Photo ${PHOTOS}`, exact: true })
    await last.click()
    const viewer = page.locator('.yarl__root')
    await viewer.waitFor()
    await expect
      .poll(() => page.locator('.yarl__slide_current .yarl__slide_image').getAttribute('src'))
      .toMatch(/\/p\/[0-9a-f-]{36}\/w\d+\.webp$/)
    const cls = await page.evaluate(() =>
      (window as unknown as { __shifts: number[] }).__shifts.reduce((sum, value) => sum + value, 0),
    )
    expect(cls).toBe(0)
    expect(errors).toEqual([])
    await context.close()
  })

  it('shows a fan who outruns the next page its tiles on their way, where its photos will be', async () => {
    const context = await browser.newContext({
      viewport: PHONE,
      baseURL: inject('baseUrl'),
      hasTouch: true,
      isMobile: true,
    })
    const page = await context.newPage()
    await closedCookieBannerBefore(page)
    // The next page is slow to come (a weak connection): it waits until the fan has looked.
    let arrive = () => undefined as void
    const arrived = new Promise<void>((resolve) => (arrive = resolve))
    await page.route(/\/fotos\?/, async (route) => {
      await arrived
      await route.continue()
    })
    await visit(page, `/${slug}/galeria/five-hundred`)
    const held = page.getByTestId('pending-media').first()
    await held.scrollIntoViewIfNeeded()
    // Two pages held ahead, each a grid of pulsing tiles the fan sees, with the first page's look.
    const grids = held.locator('ul.media-grid')
    await expect.poll(() => grids.count()).toBe(2)
    for (const grid of await grids.all())
      expect(await grid.evaluate((element) => getComputedStyle(element).visibility)).toBe('visible')
    const tile = grids.first().locator('li:not([hidden])').first()
    expect((await tile.boundingBox())?.height).toBeGreaterThan(50)
    expect(await tile.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)')
    arrive()
    await expect.poll(() => page.getByTestId('public-media').count()).toBeGreaterThan(GALLERY_PAGE_SIZE)
    await context.close()
  })
})
