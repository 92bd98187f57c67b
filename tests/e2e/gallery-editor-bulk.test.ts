import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { asc, eq, inArray, sql } from 'drizzle-orm'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { asset, contentItem } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { copyReadyPhoto, waitForAssetsReady } from '../support/assets'
import { expectNoAxeViolations } from '../support/axe'
import {
  addCookiesTo,
  closedCookieBannerBefore,
  DESKTOP,
  hydrated,
  launchBrowser,
  networkQuiet,
  PHONE,
  visit,
} from '../support/browser'
import { createCompanyAdmin } from '../support/fixtures'
import { makePhoto } from '../support/media-files'
import { keepScreenshot } from '../support/screenshots'
import { tusUpload } from '../support/tus'

const baseUrl = inject('baseUrl')
const SHOTS = path.resolve('test-results', 'gallery-editor-bulk')
// The machine is shared and busy: what the page shows after a save may take a few seconds.
const poll = <T>(read: () => Promise<T> | T, timeout = 20_000) => expect.poll(read, { timeout })

let browser: Browser
let admin: Awaited<ReturnType<typeof createCompanyAdmin>>
const contexts: BrowserContext[] = []

/** Minutes after 22:00 each file was taken, by its place: the first four out of order. */
const TAKEN = [30, 10, 40, 20, 50, 55, 60, 65, 70, 75, 80, 85]

/**
 * A draft gallery of `count` processed photos named IMG_1… in that order, taken at the minutes of
 * TAKEN (then a minute apart): one photo goes through the real upload and processing, the rest
 * are copies of it.
 */
async function galleryOf(title: string, count: number, values: Partial<typeof contentItem.$inferInsert> = {}) {
  const [gallery] = await withSystem((tx) =>
    tx
      .insert(contentItem)
      .values({
        companyId: admin.company.id,
        kind: 'gallery',
        title,
        slug: title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
        status: 'draft',
        ...values,
      })
      .returning(),
  )
  const first = (await tusUpload(admin.client, await makePhoto(900, 600, '#3355aa'), {
    filename: 'IMG_1.jpg',
    purpose: 'gallery-media',
    contentItemId: gallery.id,
  })) as { assetId: string }
  await waitForAssetsReady([first.assetId])
  if (count > 1) await copyReadyPhoto(first.assetId, count - 1)
  await withSystem(async (tx) => {
    const rows = await tx
      .select({ id: asset.id })
      .from(asset)
      .where(eq(asset.contentItemId, gallery.id))
      .orderBy(asc(asset.position))
    for (const [index, row] of rows.entries()) {
      const minute = TAKEN[index] ?? 90 + index
      await tx
        .update(asset)
        .set({
          originalName: `IMG_${index + 1}.jpg`,
          moderation: 'approved',
          capturedAt: new Date(Date.UTC(2026, 6, 14, 22, 0) + minute * 60_000),
        })
        .where(eq(asset.id, row.id))
    }
  })
  return gallery
}

async function pageAt(viewport: { width: number; height: number }) {
  const context = await browser.newContext({
    viewport,
    baseURL: baseUrl,
    ...(viewport.width < 600 ? { isMobile: true, hasTouch: true } : {}),
  })
  contexts.push(context)
  await addCookiesTo(context, baseUrl, admin.client.cookies)
  await closedCookieBannerBefore(context)
  return context.newPage()
}

const tiles = (page: Page) => page.getByTestId('media-card')
const names = (page: Page) =>
  tiles(page).evaluateAll((nodes) => nodes.map((node) => node.querySelector('p[title]')?.getAttribute('title')))
/** Ticks files one after the other, as a finger or a mouse does. */
async function tick(page: Page, ...files: string[]) {
  for (const name of files) await page.getByRole('checkbox', { name: `Select ${name}` }).check()
}
const bar = (page: Page) => page.getByTestId('file-bulk-bar')

/** The page's height once it has stayed the same for a second. */
async function settledHeight(page: Page) {
  let last = -1
  for (;;) {
    const height = await page.evaluate(() => document.documentElement.scrollHeight)
    if (height === last) return height
    last = height
    await page.waitForTimeout(1000)
  }
}

/** How many tiles the grid's first row holds. */
async function tilesInFirstRow(page: Page) {
  return tiles(page).evaluateAll((nodes) => {
    const top = nodes[0].getBoundingClientRect().top
    return nodes.filter((node) => Math.abs(node.getBoundingClientRect().top - top) < 2).length
  })
}

async function filesOf(galleryId: string) {
  return withSystem((tx) =>
    tx
      .select({ name: asset.originalName, moderation: asset.moderation, altText: asset.altText })
      .from(asset)
      .where(eq(asset.contentItemId, galleryId))
      .orderBy(asc(asset.position)),
  )
}

/** Every bulk action on a selection, clicked as a photographer would, at this width. */
async function bulkActionsAt(viewport: { width: number; height: number }, label: string) {
  const gallery = await galleryOf(`Main stage ${label}`, 12)
  const target = await galleryOf(`Encore ${label}`, 1)
  const page = await pageAt(viewport)
  await visit(page, `/admin/content/${gallery.id}`)
  await hydrated(page)
  await poll(() => tiles(page).count()).toBe(12)

  // Hide two from fans, then show one again.
  await tick(page, 'IMG_1.jpg', 'IMG_2.jpg')
  await poll(() => bar(page).getByText('2 selected').isVisible()).toBe(true)
  await keepScreenshot(page, path.join(SHOTS, `editor-selected-${label}.png`))
  await expectNoAxeViolations(page, { label: `gallery editor with a selection at ${label}` })
  await bar(page).getByRole('button', { name: 'Hide 2 from fans' }).click()
  await poll(() => page.getByText('Hidden: fans no longer see them').first().isVisible()).toBe(true)
  await poll(() => page.locator('[data-testid="media-card"][data-visibility="hidden"]').count()).toBe(2)
  expect(await bar(page).count()).toBe(0)
  await tick(page, 'IMG_1.jpg')
  await bar(page).getByRole('button', { name: 'Show 1 to fans' }).click()
  await poll(() => page.locator('[data-testid="media-card"][data-visibility="hidden"]').count()).toBe(1)
  expect((await filesOf(gallery.id)).map((file) => file.moderation).slice(0, 3)).toEqual([
    'approved',
    'hidden',
    'approved',
  ])

  // One alt text for three: an empty one is refused under the field, nothing saved.
  await tick(page, 'IMG_3.jpg', 'IMG_4.jpg', 'IMG_5.jpg')
  await bar(page).getByRole('button', { name: 'Alt text…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Alt text for 3 files' })
  await dialog.waitFor()
  expect(await dialog.textContent()).toContain('replaces the alt text of all 3 selected files')
  await dialog.getByRole('button', { name: 'Apply to 3 files' }).click()
  await poll(() => dialog.getByText('Write the alt text to give the selected files.').isVisible()).toBe(true)
  await dialog.getByLabel('Alt text').fill('The crowd singing along at the encore')
  await keepScreenshot(page, path.join(SHOTS, `editor-alt-text-${label}.png`))
  await expectNoAxeViolations(page, { label: `bulk alt text dialog at ${label}` })
  await dialog.getByRole('button', { name: 'Apply to 3 files' }).click()
  await poll(() => page.getByText('Alt text saved').first().isVisible()).toBe(true)
  await poll(() => dialog.count()).toBe(0)
  expect((await filesOf(gallery.id)).map((file) => file.altText)).toEqual([
    null,
    null,
    ...Array(3).fill('The crowd singing along at the encore'),
    ...Array(7).fill(null),
  ])

  // The first four, taken at 22:30, 22:10, 22:40 and 22:20, put in the order they were taken.
  await tick(page, 'IMG_1.jpg', 'IMG_2.jpg', 'IMG_3.jpg', 'IMG_4.jpg')
  await bar(page).getByRole('button', { name: 'Order by capture time' }).click()
  await poll(() => page.getByText('Put in the order they were taken').first().isVisible()).toBe(true)
  await poll(async () => (await names(page)).slice(0, 5)).toEqual([
    'IMG_2.jpg',
    'IMG_4.jpg',
    'IMG_1.jpg',
    'IMG_3.jpg',
    'IMG_5.jpg',
  ])

  // Two moved to the other gallery, chosen in a list of the company's galleries.
  await tick(page, 'IMG_11.jpg', 'IMG_12.jpg')
  await bar(page).getByRole('button', { name: 'Move to gallery…' }).click()
  const move = page.getByRole('dialog', { name: 'Move 2 files to another gallery?' })
  await move.waitFor()
  await move.getByLabel('Gallery').selectOption({ label: `Encore ${label}` })
  await keepScreenshot(page, path.join(SHOTS, `editor-move-${label}.png`))
  await expectNoAxeViolations(page, { label: `bulk move dialog at ${label}` })
  await move.getByRole('button', { name: 'Move 2 files' }).click()
  await poll(() => page.getByText('Moved to the other gallery').first().isVisible()).toBe(true)
  await poll(() => tiles(page).count()).toBe(10)
  expect((await filesOf(target.id)).map((file) => file.name)).toEqual(['IMG_1.jpg', 'IMG_11.jpg', 'IMG_12.jpg'])

  // A file's own details: its texts and the actions the small tile has no room for.
  await tiles(page).first().getByTestId('file-details-button').click()
  const details = page.getByTestId('file-details')
  await details.waitFor()
  expect(await details.getByLabel('Alt text').inputValue()).toBe('')
  await keepScreenshot(page, path.join(SHOTS, `editor-file-details-${label}.png`))
  await expectNoAxeViolations(page, { label: `file details at ${label}` })
  await page.keyboard.press('Escape')
  await poll(() => details.count()).toBe(0)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width)
  await keepScreenshot(page, path.join(SHOTS, `editor-${label}.png`), { fullPage: true })
  return page
}

describe('the gallery editor on a phone and in bulk', () => {
  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true })
    admin = await createCompanyAdmin('e2e-bulk')
    browser = await launchBrowser()
  })
  afterAll(async () => {
    for (const context of contexts) await context.close()
    await browser?.close()
  })

  it('shows a 40-photo gallery as small squares: three or more a row on a phone, a short page', async () => {
    const gallery = await galleryOf('Festival night', 40)
    const phone = await pageAt(PHONE)
    await visit(phone, `/admin/content/${gallery.id}`)
    await hydrated(phone)
    await poll(() => tiles(phone).count()).toBe(40)
    await poll(() => phone.getByTestId('media-grid').locator('img[src$="/w400.webp"]').count()).toBe(40)
    // Measured once every panel has its data (live show, QR code, set-list, protection) and the page stops growing.
    await phone.getByTestId('live-switch').waitFor()
    await networkQuiet(phone, { quietMs: 500 })
    const height = await settledHeight(phone)
    console.info(`gallery editor, 40 photos, at 390 px: ${height} px tall, ${await tilesInFirstRow(phone)} a row`)
    expect(await tilesInFirstRow(phone)).toBeGreaterThanOrEqual(3)
    expect(height).toBeLessThan(7500)
    await keepScreenshot(phone, path.join(SHOTS, 'editor-40-photos-390.png'), { fullPage: true })

    const desk = await pageAt(DESKTOP)
    await visit(desk, `/admin/content/${gallery.id}`)
    await poll(() => tiles(desk).count()).toBe(40)
    console.info(`gallery editor, 40 photos, at 1440 px: ${await tilesInFirstRow(desk)} a row`)
    expect(await tilesInFirstRow(desk)).toBeGreaterThanOrEqual(6)
    await keepScreenshot(desk, path.join(SHOTS, 'editor-40-photos-1440.png'), { fullPage: true })
  })

  it('puts a live gallery’s approval tray beside the uploads at 1440 px and above them at 390 px', async () => {
    const gallery = await galleryOf('Tonight live', 20, {
      liveMode: true,
      status: 'published',
      publishedAt: new Date(),
    })
    // A photo from the venue waits for approval.
    await withSystem((tx) =>
      tx
        .update(asset)
        .set({ moderation: 'pending' })
        .where(
          inArray(
            asset.id,
            tx
              .select({ id: asset.id })
              .from(asset)
              .where(sql`${asset.contentItemId} = ${gallery.id} and ${asset.originalName} = 'IMG_20.jpg'`),
          ),
        ),
    )
    const desk = await pageAt(DESKTOP)
    await visit(desk, `/admin/content/${gallery.id}`)
    await poll(() => desk.getByTestId('live-tray').locator('li').count()).toBe(1)
    const tray = (await desk.getByTestId('live-panel').boundingBox())!
    const grid = (await desk.getByTestId('media-grid').boundingBox())!
    const uploads = (await desk.getByTestId('file-input-gallery-media').locator('..').boundingBox())!
    console.info(
      `live layout at 1440 px: tray x ${tray.x}–${tray.x + tray.width}, y ${tray.y}; grid x ${grid.x}–${grid.x + grid.width}`,
    )
    // Side by side: the tray right of the grid, its top level with the uploads'.
    expect(tray.x).toBeGreaterThanOrEqual(grid.x + grid.width)
    expect(Math.abs(tray.y - uploads.y)).toBeLessThan(200)
    await keepScreenshot(desk, path.join(SHOTS, 'editor-live-1440.png'), { fullPage: true })
    await expectNoAxeViolations(desk, { label: 'live gallery editor at 1440 px' })

    const phone = await pageAt(PHONE)
    await visit(phone, `/admin/content/${gallery.id}`)
    await poll(() => phone.getByTestId('live-tray').locator('li').count()).toBe(1)
    const trayTop = (await phone.getByTestId('live-tray').boundingBox())!.y
    const gridTop = (await phone.getByTestId('media-grid').boundingBox())!.y
    console.info(`live layout at 390 px: the tray's photos at y ${trayTop}, the grid at y ${gridTop}`)
    expect(trayTop).toBeLessThan(gridTop)
    expect(trayTop).toBeLessThan(1500)
    await keepScreenshot(phone, path.join(SHOTS, 'editor-live-390.png'), { fullPage: true })
    await expectNoAxeViolations(phone, { label: 'live gallery editor at 390 px' })
  })

  it('hides and shows, gives one alt text, orders by capture time and moves a selection at 1440 px', async () => {
    await bulkActionsAt(DESKTOP, '1440')
  })

  it('does the same on a phone at 390 px', async () => {
    await bulkActionsAt(PHONE, '390')
  })
})
