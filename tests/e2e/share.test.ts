import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { contentItem } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { closedCookieBannerBefore, launchBrowser, PHONE, visit } from '../support/browser'
import { createCompanyAdmin } from '../support/fixtures'
import { makePhoto } from '../support/media-files'
import { tusUpload } from '../support/tus'

const baseUrl = inject('baseUrl')
let browser: Browser
let context: BrowserContext
let page: Page
let slug = ''

describe('a fan shares a gallery from a phone', () => {
  beforeAll(async () => {
    const admin = await createCompanyAdmin('share-e2e')
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
        })
        .returning(),
    )
    for (const [index, color] of ['#e11d48', '#2563eb'].entries()) {
      const photo = await makePhoto(1500, 1000, color)
      await tusUpload(admin.client, photo, {
        filename: `p${index}.jpg`,
        purpose: 'gallery-media',
        contentItemId: gallery.id,
      })
    }
    browser = await launchBrowser()
    context = await browser.newContext({ viewport: PHONE, baseURL: baseUrl, hasTouch: true, isMobile: true })
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl })
    page = await context.newPage()
    await closedCookieBannerBefore(page)
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('opens the share menu, copies the link and gets a WhatsApp link to the gallery', async () => {
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    const galleryUrl = `${baseUrl}/${slug}/galeria/last-night`
    await expect
      .poll(
        async () => {
          await visit(page, `/${slug}/galeria/last-night`)
          return page.getByTestId('public-media').count()
        },
        { timeout: 30_000 },
      )
      .toBe(2)

    const button = page.getByRole('button', { name: 'Share', exact: true })
    await button.click()
    const menu = page.getByRole('menu')
    await menu.waitFor()
    expect(await button.getAttribute('aria-expanded')).toBe('true')
    // Focus moves into the menu; the first item is copy link (headless Chromium on Linux has no share sheet).
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Copy link')

    const whatsapp = menu.getByRole('menuitem', { name: 'WhatsApp' })
    expect(await whatsapp.getAttribute('href')).toBe(
      `https://wa.me/?text=${encodeURIComponent(`Last Night ${galleryUrl}`)}`,
    )
    expect(await whatsapp.getAttribute('target')).toBe('_blank')
    expect(await whatsapp.getAttribute('rel')).toContain('noopener')
    expect(await menu.getByRole('menuitem', { name: 'Facebook' }).getAttribute('href')).toBe(
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(galleryUrl)}`,
    )
    expect(await menu.getByRole('menuitem', { name: 'X' }).getAttribute('href')).toContain(
      `url=${encodeURIComponent(galleryUrl)}`,
    )
    expect(await menu.getByRole('menuitem', { name: 'E-mail' }).getAttribute('href')).toMatch(
      /^mailto:\?subject=Last%20Night&body=/,
    )
    // On a phone the menu is a sheet along the bottom of the screen, within its width.
    const box = (await menu.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width)
    expect(Math.round(box.y + box.height)).toBe(PHONE.height)

    await menu.getByRole('menuitem', { name: 'Copy link' }).click()
    await page.getByText('Link copied').waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(galleryUrl)
    await expect.poll(() => page.getByRole('menu').count()).toBe(0)

    // Keyboard: arrows move through the items, Escape closes and gives focus back to the button.
    await button.focus()
    await page.keyboard.press('ArrowDown')
    await menu.waitFor()
    await page.keyboard.press('ArrowDown')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('WhatsApp')
    await page.keyboard.press('End')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('E-mail')
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByRole('menu').count()).toBe(0)
    // Radix hands focus back after the menu is gone (a timer of 0 ms): polled, not read once.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-haspopup'))).toBe('menu')

    // The photo viewer has its own Share button for the photo on screen; Escape closes only the menu.
    await page.getByRole('link', { name: 'Photo 1' }).click()
    await page.locator('.yarl__root').waitFor()
    const slide = page.locator('.yarl__slide_current .yarl__slide_image')
    const photoId = /\/p\/([0-9a-f-]{36})\//.exec((await slide.getAttribute('src')) ?? '')?.[1]
    expect(photoId).toBeTruthy()
    await page.getByRole('button', { name: 'Share this photo' }).click()
    const viewerMenu = page.getByRole('menu')
    await viewerMenu.waitFor()
    const photoUrl = `${galleryUrl}?foto=${photoId}`
    expect(await viewerMenu.getByRole('menuitem', { name: 'WhatsApp' }).getAttribute('href')).toBe(
      `https://wa.me/?text=${encodeURIComponent(`Last Night ${photoUrl}`)}`,
    )
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByRole('menu').count()).toBe(0)
    expect(await page.locator('.yarl__root').count()).toBe(1)
    // The friend who taps the link lands on that photo in the viewer.
    await visit(page, photoUrl)
    await page.locator('.yarl__root').waitFor()
    await expect.poll(() => slide.getAttribute('src')).toContain(`/p/${photoId}/`)
    expect(errors).toEqual([])
  })
})
