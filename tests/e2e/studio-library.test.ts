import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { expectNoAxeViolations } from '../support/axe'
import {
  addCookiesTo,
  closedCookieBannerBefore,
  DESKTOP,
  dragStep,
  hydrated,
  launchBrowser,
  PHONE,
  visit,
} from '../support/browser'
import { sql } from 'drizzle-orm'
import { contentItem } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { FILES_SHOWN_AT_ONCE } from '#app/features/galleries/editor-paging'
import { copyReadyPhoto, waitForAssetsReady } from '../support/assets'
import { createCompanyAdmin } from '../support/fixtures'
import { makePhoto } from '../support/media-files'
import { tusUpload } from '../support/tus'
import { keepScreenshot } from '../support/screenshots'

const baseUrl = inject('baseUrl')
const SHOTS = path.resolve('test-results', 'studio-library')
let browser: Browser
let desk: BrowserContext
let page: Page
let cookies: Map<string, string>
let admin: Awaited<ReturnType<typeof createCompanyAdmin>>

// Chosen in this order, which is neither alphabetical nor the order they were taken in: the first
// is the largest, so it finishes after the others.
const CHOSEN = ['stage.jpg', 'crowd.jpg', 'encore.jpg', 'backstage.jpg', 'lights.jpg', 'finale.jpg']

/**
 * A photo taken `minute` minutes after 22:00 (EXIF), noisy so that sizes differ. The second is a
 * portrait narrower than the editor's cover size (1200 px), as phones take them.
 */
async function photo(name: string, index: number) {
  const size = index === 0 ? [2400, 1600] : index === 1 ? [600, 900] : [900, 600]
  const buffer = await sharp({
    create: {
      width: size[0],
      height: size[1],
      channels: 3,
      background: { r: 40 * index, g: 90, b: 200 - 30 * index },
      noise: { type: 'gaussian', mean: 120, sigma: 40 },
    },
  })
    .withExif({ IFD2: { DateTimeOriginal: `2026:07:14 22:${String(50 - index * 5).padStart(2, '0')}:00` } })
    .jpeg({ quality: 92 })
    .toBuffer()
  return { name, mimeType: 'image/jpeg', buffer }
}

// The machine is shared and busy: what the page shows after a save may take a few seconds.
const poll = <T>(read: () => Promise<T> | T, timeout = 15_000) => expect.poll(read, { timeout })
const names = (cards: Locator) =>
  cards.evaluateAll((nodes) => nodes.map((node) => node.querySelector('p[title]')?.getAttribute('title')))
const cards = () => page.getByTestId('media-card')

/** Counts the posts that saved an order (answered, not only sent). */
function countReorders(target: Page) {
  const seen = { count: 0 }
  target.on('requestfinished', (request) => {
    if (request.method() === 'POST' && (request.postData() ?? '').includes('intent=reorder')) seen.count++
  })
  return seen
}

// The cookie banner was answered before: it would cover the cards (its own tests are elsewhere).

async function createGallery(target: Page, title: string) {
  await visit(target, '/admin/content/new?kind=gallery')
  await target.getByLabel('Title').fill(title)
  await target.getByRole('button', { name: 'Create draft' }).click()
  await target.waitForURL(/\/admin\/content\/[0-9a-f-]{36}$/)
}

describe('the studio: Highlights as a library and the gallery editor', () => {
  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true })
    admin = await createCompanyAdmin('e2e-studio')
    cookies = admin.client.cookies
    browser = await launchBrowser()
    desk = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl })
    await addCookiesTo(desk, baseUrl, cookies)
    await closedCookieBannerBefore(desk)
    page = await desk.newPage()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('keeps uploads in the order chosen, each shown at once as a tile with its own progress', async () => {
    await createGallery(page, 'Night Owls Live')
    await page.getByTestId('file-input-gallery-media').setInputFiles(await Promise.all(CHOSEN.map(photo)))
    // At once: six places in the grid, in the order chosen, before any has been listed as a file.
    await poll(() => page.getByTestId('media-grid').locator(':scope > li').count()).toBe(6)
    expect(await page.getByText('No files yet. Drop them above.').count()).toBe(0)
    // The tiles are the only progress shown: no second list of the same uploads beside them.
    expect(await page.getByTestId('upload-row').count()).toBe(0)
    expect(await page.getByRole('region', { name: 'Uploads' }).count()).toBe(0)
    // Read in one pass: a tile moves from queued to uploading between two separate reads.
    const tiles = await page.getByTestId('upload-tile').evaluateAll((nodes) =>
      nodes.map((node) => ({
        state: node.getAttribute('data-state'),
        progress: node.querySelector('[role="progressbar"]') !== null,
      })),
    )
    expect(tiles.every(({ state }) => ['queued', 'uploading', 'processing'].includes(state ?? ''))).toBe(true)
    expect(tiles.filter(({ state }) => state === 'uploading').every(({ progress }) => progress)).toBe(true)
    await keepScreenshot(page, path.join(SHOTS, 'editor-uploading-1440.png'))
    const tilesAtOnce = await page
      .getByTestId('upload-tile')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-name')))
    expect(tilesAtOnce.length).toBeGreaterThan(0)
    expect(CHOSEN.filter((name) => tilesAtOnce.includes(name))).toEqual(tilesAtOnce)
    // Listed in that order once they are all in, and their web sizes appear without a reload.
    await poll(() => cards().count(), 60_000).toBe(6)
    expect(await names(cards())).toEqual(CHOSEN)
    await poll(() => page.getByTestId('media-grid').locator('img[src$="/w400.webp"]').count(), 60_000).toBe(6)
    await page.reload()
    expect(await names(cards())).toEqual(CHOSEN)
  })

  it('moves the last photo first with the mouse, then with the keyboard, one request each', async () => {
    const reorders = countReorders(page)
    // Both rows on screen: a mouse cannot drag to what is scrolled away.
    await page.setViewportSize({ width: DESKTOP.width, height: 1400 })
    await cards().first().scrollIntoViewIfNeeded()
    const from = await cards().last().getByTestId('drag-surface').boundingBox()
    const to = await cards().first().getByTestId('drag-surface').boundingBox()
    if (!from || !to) throw new Error('no card')
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
    await page.mouse.down()
    await page.mouse.move(from.x + from.width / 2 - 20, from.y + from.height / 2, { steps: 5 })
    await page.mouse.move(to.x + to.width / 3, to.y + to.height / 2, { steps: 20 })
    await page.mouse.up()
    const afterMouse = ['finale.jpg', 'stage.jpg', 'crowd.jpg', 'encore.jpg', 'backstage.jpg', 'lights.jpg']
    await poll(() => names(cards())).toEqual(afterMouse)
    await poll(() => page.getByText('Order saved').first().isVisible()).toBe(true)
    expect(reorders.count).toBe(1)

    // The keyboard: the grip of the last photo, Space, arrows to the first place, Space.
    await cards().last().getByTestId('drag-handle').focus()
    // Left along the row to the first place (the six are one row of the grid's eight); dropped once
    // the screen reader has been told where it is.
    await dragStep(page, 'Space', 'lights.jpg is over place 6 of 6')
    for (const place of [5, 4, 3, 2, 1]) await dragStep(page, 'ArrowLeft', `lights.jpg is over place ${place} of 6`)
    await page.keyboard.press('Space')
    const afterKeyboard = ['lights.jpg', 'finale.jpg', 'stage.jpg', 'crowd.jpg', 'encore.jpg', 'backstage.jpg']
    await poll(() => names(cards())).toEqual(afterKeyboard)
    await poll(() => reorders.count).toBe(2)
    await page.reload()
    expect(await names(cards())).toEqual(afterKeyboard)

    // Sorted in one go by the time each was taken (EXIF), then by name.
    await page.getByRole('button', { name: 'Capture time' }).click()
    await poll(() => names(cards())).toEqual([...CHOSEN].reverse())
    await poll(() => reorders.count).toBe(3)
    await page.reload()
    expect(await names(cards())).toEqual([...CHOSEN].reverse())
    await hydrated(page)
    await page.getByRole('button', { name: 'File name' }).click()
    await poll(() => names(cards())).toEqual([...CHOSEN].sort())
    await poll(() => reorders.count).toBe(4)
    await page.reload()
    expect(await names(cards())).toEqual([...CHOSEN].sort())
    // Set back only now: a window resized during a keyboard drag cancels it.
    await page.setViewportSize(DESKTOP)
  })

  it('shows the cover fans see, lets any photo become it, publishes and opens the live page', async () => {
    // Fans already see the first photo as the cover: the editor says so instead of "No cover yet".
    const first = await cards().first().getAttribute('data-asset-id')
    expect(await page.getByText('No cover yet').count()).toBe(0)
    expect(await page.getByTestId('cover-preview').locator('img').getAttribute('src')).toContain(first)
    await poll(() => cards().first().getByTestId('cover-badge').isVisible()).toBe(true)

    const crowd = cards().filter({ has: page.locator('p[title="crowd.jpg"]') })
    const crowdId = await crowd.getAttribute('data-asset-id')
    await crowd.getByTestId('file-details-button').click()
    await page.getByTestId('file-details').getByRole('button', { name: 'Set as cover' }).click()
    await poll(() => page.getByText('Cover changed').first().isVisible()).toBe(true)
    await page.keyboard.press('Escape')
    await poll(() => page.getByTestId('file-details').count()).toBe(0)
    await poll(() => crowd.getByTestId('cover-badge').isVisible()).toBe(true)
    await poll(() => page.getByTestId('cover-preview').locator('img').getAttribute('src')).toContain(crowdId)

    await keepScreenshot(page, path.join(SHOTS, 'editor-1440.png'), { fullPage: true })
    await expectNoAxeViolations(page, { label: 'gallery editor at 1440 px' })

    await page.getByRole('button', { name: 'Publish' }).click()
    // The share step comes first; Escape leaves it for the editor.
    const share = page.getByTestId('published-share')
    await share.waitFor()
    await page.keyboard.press('Escape')
    await poll(() => share.count()).toBe(0)
    await poll(() => page.getByRole('button', { name: 'Back to draft' }).isVisible()).toBe(true)
    const [live] = await Promise.all([
      desk.waitForEvent('page'),
      page.getByRole('link', { name: /View live page/ }).click(),
    ])
    await live.waitForLoadState()
    expect(live.url()).toMatch(/\/galeria\/night-owls-live$/)
    await poll(() => live.getByRole('heading', { name: 'Night Owls Live' }).first().isVisible()).toBe(true)
    // The public page's cover is the one chosen in the editor.
    expect(await live.locator(`img[src*="${crowdId}"]`).count()).toBeGreaterThan(0)
    await live.close()

    // Share and QR are in the editor too.
    await page.getByRole('button', { name: 'Share' }).click()
    await poll(() => page.getByRole('menuitem', { name: /Copy link/i }).isVisible()).toBe(true)
    // In the admin's light look, as the editor around it (the fans' night canvas is for their pages).
    const menu = page.getByTestId('share-menu')
    expect(await menu.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(255, 255, 255)')
    await keepScreenshot(page, path.join(SHOTS, 'editor-share-1440.png'))
    await expectNoAxeViolations(page, { label: 'share menu in the editor at 1440 px' })
    await page.keyboard.press('Escape')
    expect(await page.getByTestId('qr-panel').isVisible()).toBe(true)
  })

  it('explains why an empty gallery cannot be published', async () => {
    await createGallery(page, 'Soundcheck')
    expect(await page.getByTestId('publish-hint').textContent()).toContain('add at least one photo or video')
    await page.getByRole('button', { name: 'Publish' }).click()
    await poll(() => page.getByText('Add at least one photo or video before publishing.').isVisible()).toBe(true)
    await page.reload()
    expect(await page.getByRole('button', { name: 'Publish' }).isVisible()).toBe(true)
  })

  it('shows Highlights by their covers, with a compact list, filters and search', async () => {
    await createGallery(page, 'Afterparty')
    await visit(page, '/admin/content')
    await poll(() => page.getByTestId('content-card').count()).toBe(3)
    const owls = page.getByTestId('content-card').filter({ hasText: 'Night Owls Live' })
    expect(await owls.locator('img').getAttribute('src')).toMatch(/\/media\/[0-9a-f-]{36}\/w400\.webp$/)
    expect(await owls.textContent()).toContain('6 files')
    await keepScreenshot(page, path.join(SHOTS, 'highlights-grid-1440.png'), { fullPage: true })
    await expectNoAxeViolations(page, { label: 'Highlights grid at 1440 px' })

    await page.getByLabel('Status').selectOption('published')
    await poll(() => page.getByTestId('content-card').count()).toBe(1)
    await page.getByLabel('Status').selectOption('')
    await page.getByRole('searchbox').fill('sound')
    await poll(() => page.getByTestId('content-card').count()).toBe(1)
    await page.getByRole('searchbox').fill('')
    await poll(() => page.getByTestId('content-card').count()).toBe(3)
    await page.getByLabel('Sort').selectOption('title')
    await poll(() =>
      page
        .getByTestId('content-card')
        .evaluateAll((nodes) => nodes.map((node) => node.querySelector('a')?.textContent)),
    ).toEqual(['Afterparty', 'Night Owls Live', 'Soundcheck'])

    await page.getByRole('link', { name: 'Compact list' }).click()
    await poll(() => page.getByTestId('content-row').count()).toBe(3)
    await keepScreenshot(page, path.join(SHOTS, 'highlights-list-1440.png'), { fullPage: true })
  })

  it('bulk-archives two items from Highlights on a phone', async () => {
    const phone = await browser.newContext({ viewport: PHONE, baseURL: baseUrl, isMobile: true, hasTouch: true })
    await addCookiesTo(phone, baseUrl, cookies)
    await closedCookieBannerBefore(phone)
    const mobile = await phone.newPage()
    await visit(mobile, '/admin/content')
    await poll(() => mobile.getByTestId('content-card').count()).toBe(3)
    // Cards, not a table cut off at the side.
    expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    await keepScreenshot(mobile, path.join(SHOTS, 'highlights-grid-390.png'), { fullPage: true })
    await expectNoAxeViolations(mobile, { label: 'Highlights grid at 390 px' })

    await mobile.getByRole('checkbox', { name: 'Select Soundcheck' }).check()
    await mobile.getByRole('checkbox', { name: 'Select Afterparty' }).check()
    await poll(() => mobile.getByTestId('bulk-bar').getByText('2 selected').isVisible()).toBe(true)
    await keepScreenshot(mobile, path.join(SHOTS, 'highlights-selected-390.png'))
    await mobile.getByRole('button', { name: 'Archive 2' }).click()
    await poll(() => mobile.getByTestId('content-card').filter({ hasText: 'Archived' }).count()).toBe(2)
    expect(await mobile.getByTestId('content-card').filter({ hasText: 'Night Owls Live' }).textContent()).toContain(
      'Published',
    )
    expect(await mobile.getByTestId('bulk-bar').count()).toBe(0)

    await visit(mobile, '/admin/content?status=archived&view=list')
    await poll(() => mobile.getByTestId('content-row').count()).toBe(2)
    await keepScreenshot(mobile, path.join(SHOTS, 'highlights-list-390.png'), { fullPage: true })

    const owls = await page
      .getByTestId('content-row')
      .filter({ hasText: 'Night Owls Live' })
      .locator('a')
      .getAttribute('href')
    await visit(mobile, owls!)
    await poll(() => mobile.getByTestId('media-card').count()).toBe(6)
    // The cover is the narrow portrait (crowd.jpg): shown, not an empty box, at the phone's width.
    const cover = mobile.getByTestId('cover-preview').locator('img')
    await cover.scrollIntoViewIfNeeded()
    await poll(() => cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true)
    expect(await cover.isVisible()).toBe(true)
    const shown = await cover.boundingBox()
    expect(shown?.width).toBeGreaterThan(300)
    expect(shown?.height).toBeGreaterThan(100)
    await keepScreenshot(mobile, path.join(SHOTS, 'editor-cover-390.png'))
    await keepScreenshot(mobile, path.join(SHOTS, 'editor-390.png'), { fullPage: true })
    await expectNoAxeViolations(mobile, { label: 'gallery editor at 390 px' })
    // The share menu is a sheet from the bottom on a phone, in the admin's light look.
    await mobile.getByRole('button', { name: 'Share' }).click()
    const sheet = mobile.getByTestId('share-menu')
    await sheet.waitFor()
    expect(await sheet.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(255, 255, 255)')
    await keepScreenshot(mobile, path.join(SHOTS, 'editor-share-390.png'))
    await mobile.keyboard.press('Escape')
    await sheet.waitFor({ state: 'detached' })
    // A photo added on the phone: its tile at once, at the end of the grid, and no list besides.
    await mobile.getByTestId('file-input-gallery-media').setInputFiles([await photo('encore-2.jpg', 2)])
    const tile = mobile.getByTestId('upload-tile')
    await poll(() => tile.count()).toBe(1)
    expect(await mobile.getByTestId('media-grid').locator(':scope > li').last().getAttribute('data-name')).toBe(
      'encore-2.jpg',
    )
    expect(await mobile.getByTestId('upload-row').count()).toBe(0)
    await tile.scrollIntoViewIfNeeded()
    await keepScreenshot(mobile, path.join(SHOTS, 'editor-uploading-390.png'))
    await poll(() => mobile.getByTestId('media-card').count(), 60_000).toBe(7)
    await phone.close()
  })

  it('draws a festival-sized gallery a part at a time: the rest as the admin scrolls or asks', async () => {
    const [gallery] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({
          companyId: admin.company.id,
          kind: 'gallery',
          title: 'Festival, day one',
          slug: 'festival-day-one',
          status: 'draft',
        })
        .returning(),
    )
    const first = (await tusUpload(admin.client, await makePhoto(900, 600, '#3355aa'), {
      filename: 'opening.jpg',
      purpose: 'gallery-media',
      contentItemId: gallery.id,
    })) as { assetId: string }
    await waitForAssetsReady([first.assetId])
    await copyReadyPhoto(first.assetId, FILES_SHOWN_AT_ONCE + 9)
    await visit(page, `/admin/content/${gallery.id}`)
    expect(await cards().count()).toBe(FILES_SHOWN_AT_ONCE)
    expect(
      await page.getByRole('heading', { name: `Photos and videos (${FILES_SHOWN_AT_ONCE + 10})` }).isVisible(),
    ).toBe(true)
    expect(await page.getByText('10 more not shown yet').isVisible()).toBe(true)
    // Scrolled near the end, the rest come by themselves; pressed, the button would bring them too.
    await page.getByTestId('show-more-files').scrollIntoViewIfNeeded()
    await poll(() => cards().count()).toBe(FILES_SHOWN_AT_ONCE + 10)
    expect(await page.getByTestId('show-more-files').count()).toBe(0)
  })

  it('keeps the browser’s own picture of a photo while the server is still making its web sizes', async () => {
    const second = await desk.newPage()
    await createGallery(second, 'Still processing')
    // Processing held back, as on a busy night: the worker cannot store the photo's renditions yet.
    let release = () => {}
    const released = new Promise<void>((resolve) => (release = resolve))
    let lockTaken = () => {}
    const taken = new Promise<void>((resolve) => (lockTaken = resolve))
    const holding = withSystem(async (tx) => {
      await tx.execute(sql`lock table asset_renditions in exclusive mode`)
      lockTaken()
      await released
    })
    try {
      await taken
      await second.getByTestId('file-input-gallery-media').setInputFiles([await photo('held.jpg', 2)])
      const card = second.getByTestId('media-card')
      // Listed as the gallery's file (no longer an upload tile), still processing: its picture is there.
      await poll(() => card.count(), 30_000).toBe(1)
      expect(await second.getByTestId('upload-tile').count()).toBe(0)
      expect(await card.getByTestId('local-preview').getAttribute('src')).toMatch(/^blob:/)
      expect(await card.getByText('Making web sizes…').count()).toBe(1)
      await keepScreenshot(second, path.join(SHOTS, 'editor-processing-preview-1440.png'))
    } finally {
      release()
      await holding
    }
    await poll(() => second.getByTestId('media-card').locator('img[src$="/w400.webp"]').count(), 60_000).toBe(1)
    expect(await second.getByTestId('local-preview').count()).toBe(0)
    await second.close()
  })
})
