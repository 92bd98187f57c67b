import { randomBytes } from 'node:crypto'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import { addCookiesTo, closedCookieBannerBefore, DESKTOP, launchBrowser, visit } from '../support/browser'
import { expectNoAxeViolations } from '../support/axe'
import { createCompanyAdmin } from '../support/fixtures'
import { keepScreenshot } from '../support/screenshots'
import { fakeMp4, makePhoto } from '../support/media-files'

const baseUrl = inject('baseUrl')
let browser: Browser
let page: Page

async function photos(count: number) {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => ({
      name: `IMG_${String(i + 1).padStart(4, '0')}.jpg`,
      mimeType: 'image/jpeg',
      buffer: await makePhoto(1200, 800, { r: (i * 37) % 255, g: 80, b: 200 - i * 5 }),
    })),
  )
}

const SHOTS = path.resolve('test-results', 'gallery')

// Two megabytes that the bytes say are a video.
const video = { name: 'encore.mp4', mimeType: 'video/mp4', buffer: fakeMp4(randomBytes(2 * 1024 * 1024)) }

describe('a gallery is built and published', () => {
  beforeAll(async () => {
    const admin = await createCompanyAdmin('e2e-gallery')
    browser = await launchBrowser()
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl })
    await addCookiesTo(context, baseUrl, admin.client.cookies)
    page = await context.newPage()
    await closedCookieBannerBefore(page)
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('creates a gallery, uploads 20 photos and a video to 100%, orders them, describes one and publishes', async () => {
    await visit(page, '/admin')
    await page.getByRole('link', { name: 'Highlights' }).click()
    await page.getByRole('link', { name: 'New photo/video gallery' }).click()
    await page.getByRole('button', { name: 'Create draft' }).click()
    await expect.poll(() => page.getByText('Title is required').isVisible()).toBe(true)
    await page.getByLabel('Title').fill('Night Owls Live')
    await page.getByRole('button', { name: 'Create draft' }).click()
    await page.waitForURL(/\/admin\/content\/[0-9a-f-]{36}$/)

    await page.getByTestId('file-input-gallery-media').setInputFiles([...(await photos(20)), video])
    // Each file is a tile in the grid at once, then a card once the server has it: never a second list.
    await expect.poll(() => page.getByTestId('media-grid').locator(':scope > li').count()).toBe(21)
    expect(await page.getByTestId('upload-row').count()).toBe(0)
    await expect.poll(() => page.getByTestId('media-card').count(), { timeout: 60_000 }).toBe(21)
    await expect.poll(() => page.getByTestId('upload-tile').count()).toBe(0)

    // Move the second file before the first, with the keyboard-friendly button.
    const first = await page.getByTestId('media-card').nth(0).getAttribute('data-asset-id')
    const second = await page.getByTestId('media-card').nth(1).getAttribute('data-asset-id')
    const secondName = await page.getByTestId('media-card').nth(1).locator('p[title]').getAttribute('title')
    // The tile's details hold what a small square has no room for.
    await page.getByRole('button', { name: `Details of ${secondName}` }).click()
    const details = page.getByTestId('file-details')
    await details.getByRole('button', { name: `Move ${secondName} earlier` }).click()
    await expect.poll(() => page.getByText('Order saved').isVisible()).toBe(true)
    await page.keyboard.press('Escape')
    await expect.poll(() => details.count()).toBe(0)
    await page.reload()
    expect(await page.getByTestId('media-card').nth(0).getAttribute('data-asset-id')).toBe(second)
    expect(await page.getByTestId('media-card').nth(1).getAttribute('data-asset-id')).toBe(first)

    await page.getByTestId('media-card').first().getByTestId('file-details-button').click()
    await details.getByLabel('Alt text').fill('The crowd singing along at the encore')
    await details.getByRole('button', { name: 'Save', exact: true }).click()
    await expect.poll(() => page.getByText('Saved').first().isVisible()).toBe(true)
    await page.keyboard.press('Escape')
    await expect.poll(() => details.count()).toBe(0)

    await page.getByRole('button', { name: 'Publish' }).click()
    await expect.poll(() => page.getByText('Published: fans can see it now').isVisible()).toBe(true)
    // The share step: the live link to copy, its QR code and the card link previews show.
    const share = page.getByRole('dialog', { name: /is live$/ })
    await share.waitFor()
    const liveUrl = await page.getByTestId('view-live').getAttribute('href')
    expect(await share.getByTestId('published-share-url').inputValue()).toBe(liveUrl)
    const loaded = (selector: string) =>
      share.locator(selector).evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)
    await expect.poll(() => loaded('img[src*="/api/qr/content/"]')).toBe(true)
    await expect.poll(() => loaded('img[src^="/og/gallery/"]')).toBe(true)
    expect(await share.getByRole('link', { name: 'WhatsApp' }).getAttribute('href')).toContain(
      encodeURIComponent(liveUrl!),
    )
    await expectNoAxeViolations(page, { include: '[data-testid="published-share"]', label: 'share step' })
    await keepScreenshot(page, path.join(SHOTS, 'share-step-1440.png'))
    await share.getByRole('button', { name: 'Done' }).click()
    await expect.poll(() => share.count()).toBe(0)
    await expect.poll(() => page.getByRole('button', { name: 'Back to draft' }).isVisible()).toBe(true)
    // Photos get their web sizes in the background: thumbnails appear.
    await expect.poll(() => page.locator('img[src$="/w400.webp"]').count(), { timeout: 60_000 }).toBeGreaterThan(0)
  })

  it('refuses a program before sending it, with the reason', async () => {
    await page
      .getByTestId('file-input-gallery-media')
      .setInputFiles([{ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') }])
    const refused = page.getByTestId('upload-tile').filter({ hasText: 'setup.exe' })
    await expect.poll(() => refused.getByText('File type not allowed for security reasons').isVisible()).toBe(true)
    expect(await refused.getAttribute('data-state')).toBe('error')
    await refused.getByRole('button', { name: 'Remove setup.exe from the list' }).click()
    await expect.poll(() => page.getByTestId('upload-tile').count()).toBe(0)
  })

  it("says 'Error uploading cover image' when a cover's upload fails without a reason", async () => {
    // The upload server answers the new upload with a bare error, as a proxy in front of it might.
    await page.route('**/api/uploads', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 400, body: '' }) : route.fallback(),
    )
    await page
      .getByTestId('file-input-cover')
      .setInputFiles([{ name: 'cover.jpg', mimeType: 'image/jpeg', buffer: await makePhoto(1200, 800, '#f97316') }])
    const failed = page.getByTestId('upload-row').filter({ hasText: 'cover.jpg' })
    await expect.poll(() => failed.getByText('Error uploading cover image').isVisible()).toBe(true)
    expect(await failed.getAttribute('data-status')).toBe('error')
    await page.unroute('**/api/uploads')
  })

  it("says 'Error updating or creating gallery' when its save fails on the server, and keeps what was typed", async () => {
    const editor = /\/admin\/content\/[0-9a-f-]{36}\.data/
    await page.route(editor, (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '' }) : route.fallback(),
    )
    const details = page.locator('form', { has: page.getByRole('button', { name: 'Save details' }) })
    await details.getByLabel('Description').fill('Encore, confetti and a stage dive')
    await details.getByRole('button', { name: 'Save details' }).click()
    await expect.poll(() => page.getByText('Error updating or creating gallery').isVisible()).toBe(true)
    expect(await details.getByLabel('Description').inputValue()).toBe('Encore, confetti and a stage dive')
    await page.unroute(editor)
  })

  it('removes one file after asking by its name (Escape keeps it, focus returns to its tile), then two ticked at once', async () => {
    const card = page.getByTestId('media-card').last()
    const assetId = await card.getAttribute('data-asset-id')
    const name = await card.locator('p[title]').getAttribute('title')
    const tile = card.getByTestId('file-details-button')
    const remove = async () => {
      await tile.click()
      await page.getByTestId('file-details').getByRole('button', { name: 'Remove', exact: true }).click()
    }
    await remove()
    const dialog = page.getByRole('dialog')
    await expect.poll(() => dialog.getByRole('heading', { name: `Remove ${name}?` }).isVisible()).toBe(true)
    expect(await dialog.getByText('The file is deleted for good. This action cannot be undone.').isVisible()).toBe(true)
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.count()).toBe(0)
    // Radix gives focus back on a timer once the dialog is gone (see cookie-consent.test.ts).
    await expect.poll(() => tile.evaluate((button) => button === document.activeElement)).toBe(true)
    expect(await page.getByTestId('media-card').count()).toBe(21)

    await remove()
    await dialog.getByRole('button', { name: 'Remove' }).click()
    await expect.poll(() => page.getByText('File removed').isVisible()).toBe(true)
    await expect.poll(() => page.getByTestId('media-card').count()).toBe(20)
    expect(await page.locator(`[data-asset-id="${assetId}"]`).count()).toBe(0)
    await page.reload()
    expect(await page.getByTestId('media-card').count()).toBe(20)

    // Two more at once: ticked on their cards, removed from the bar that counts them.
    const ticked = [page.getByTestId('media-card').nth(2), page.getByTestId('media-card').nth(3)]
    const tickedIds = await Promise.all(ticked.map((tile) => tile.getAttribute('data-asset-id')))
    for (const tile of ticked) await tile.getByRole('checkbox').check()
    const bar = page.getByTestId('file-bulk-bar')
    await expect.poll(() => bar.getByText('2 selected').isVisible()).toBe(true)
    await bar.getByRole('button', { name: 'Remove 2' }).click()
    await dialog.getByRole('button', { name: 'Remove 2' }).click()
    await expect.poll(() => page.getByText('Files removed').isVisible()).toBe(true)
    await expect.poll(() => page.getByTestId('media-card').count()).toBe(18)
    for (const id of tickedIds) expect(await page.locator(`[data-asset-id="${id}"]`).count()).toBe(0)
    expect(await bar.count()).toBe(0)
  })

  it('creates an event and attaches the gallery to it', async () => {
    const galleryUrl = page.url()
    await page.getByRole('link', { name: 'Events' }).click()
    await page.getByRole('link', { name: 'Create your first event' }).click()
    await page.getByLabel('Title').fill('Night Owls — Lisbon')
    await expect.poll(() => page.getByLabel('Page address').inputValue()).toBe('night-owls-lisbon')
    await page.getByLabel('Date and time').fill('2026-12-31T21:30')
    await page.getByRole('button', { name: 'Create event' }).click()
    await page.waitForURL(/\/admin\/events\/[0-9a-f-]{36}$/)
    await page.getByLabel('Choose a gallery or content to attach').selectOption({ label: 'Night Owls Live · Gallery' })
    await page.getByRole('button', { name: 'Attach' }).click()
    await expect.poll(() => page.getByTestId('attached-content').filter({ hasText: 'Night Owls Live' }).count()).toBe(1)
    await page.getByRole('button', { name: 'Publish' }).click()
    await expect.poll(() => page.getByText('Event published').isVisible()).toBe(true)
    await visit(page, galleryUrl)
  })

  it('deletes the gallery after confirming', async () => {
    await page.getByRole('button', { name: 'Delete' }).first().click()
    const dialog = page.getByRole('dialog')
    await expect
      .poll(() =>
        dialog
          .getByText('The gallery and all its 18 files are deleted for good. This action cannot be undone.')
          .isVisible(),
      )
      .toBe(true)
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await page.waitForURL('**/admin/content?deleted=1')
    await expect.poll(() => page.getByText('No highlights yet').isVisible()).toBe(true)
  })
})
