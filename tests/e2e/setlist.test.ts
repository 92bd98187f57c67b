import { mkdir } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import type { Browser, BrowserContext } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { zipEntryNames as zipNames } from '../support/zip'
import { contentItem, event } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { copyReadyPhoto, waitForAssetsReady } from '../support/assets'
import { GALLERY_PAGE_SIZE } from '#app/features/galleries/fans/gallery-paging'
import { addCookiesTo, closedCookieBannerBefore, DESKTOP, launchBrowser, PHONE, visit } from '../support/browser'
import { createCompanyAdmin } from '../support/fixtures'
import { tusUpload } from '../support/tus'
import { keepScreenshot } from '../support/screenshots'

/* Issue 18 §5: a company pastes a show's set-list; a fan on a phone browses the songs and downloads one. */

const baseUrl = inject('baseUrl')
const SHOTS = path.resolve('test-results', 'setlist')
let browser: Browser
let admin: BrowserContext
let slug = ''
let galleryId = ''
let crowdId = ''

function exifPhoto(color: string, taken?: { at: string; offset?: string }) {
  const image = sharp({ create: { width: 1200, height: 800, channels: 3, background: color } }).jpeg({ quality: 85 })
  return (
    taken
      ? image.withExif({
          IFD2: { DateTimeOriginal: taken.at, ...(taken.offset ? { OffsetTimeOriginal: taken.offset } : {}) },
        })
      : image
  ).toBuffer()
}

describe('set-list chapters', () => {
  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true })
    const company = await createCompanyAdmin('setlist-e2e')
    slug = company.company.slug
    const [show] = await withSystem((tx) =>
      tx
        .insert(event)
        .values({
          companyId: company.company.id,
          slug: 'lisbon',
          title: 'Lisbon night',
          startsAt: new Date('2026-07-14T21:00:00Z'),
          status: 'published',
        })
        .returning(),
    )
    const [gallery] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({
          companyId: company.company.id,
          kind: 'gallery',
          slug: 'lisbon-night',
          title: 'Lisbon Night',
          status: 'published',
          publishedAt: new Date(),
          eventId: show.id,
        })
        .returning(),
    )
    galleryId = gallery.id
    const photos = [
      ['opening.jpg', await exifPhoto('#ef4444', { at: '2026:07:14 21:05:00' })],
      ['second.jpg', await exifPhoto('#22c55e', { at: '2026:07:14 22:11:00', offset: '+02:00' })],
      ['crowd.jpg', await exifPhoto('#a855f7')],
    ] as const
    const ids: string[] = []
    for (const [filename, bytes] of photos)
      ids.push(
        (
          (await tusUpload(company.client, bytes, {
            filename,
            purpose: 'gallery-media',
            contentItemId: gallery.id,
          })) as { assetId: string }
        ).assetId,
      )
    await waitForAssetsReady(ids, 60_000)
    crowdId = ids[2]
    browser = await launchBrowser()
    admin = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl })
    await addCookiesTo(admin, baseUrl, company.client.cookies)
  }, 120_000)

  afterAll(async () => {
    await browser?.close()
  })

  it('the company pastes the set-list, sees each line checked and what a clock shift would move, and saves it', async () => {
    const page = await admin.newPage()
    await closedCookieBannerBefore(page)
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await visit(page, `/admin/content/${galleryId}`)
    const panel = page.getByTestId('setlist-panel')
    await panel.waitFor()
    expect(await panel.getByTestId('setlist-event-start').textContent()).toContain(
      'Jul 14, 2026 at 21:00, from the event "Lisbon night"',
    )

    const songs = panel.getByTestId('setlist-source')
    await songs.fill('21:04 Opening Night\nthe encore')
    await panel.getByText('Line 2: start it with a time, like "21:04 Title" or "+0:12 Title".').waitFor()
    await songs.fill('21:04 Opening Night\n+0:10 Second Song\n21:20 Third Song')
    await panel.getByLabel('Venue time zone').fill('Europe/Lisbon')
    const preview = panel.getByTestId('setlist-preview')
    await preview.getByText('Song 2 — Second Song').waitFor()
    expect(await preview.locator('li').allTextContents()).toEqual([
      '21:04Song 1 — Opening Night1 item',
      '21:10Song 2 — Second Song1 item',
      '21:20Song 3 — Third Song0 items',
      'More from the night1 item',
    ])

    // A camera five minutes slow: the preview says which photo would move before anything is saved.
    await panel.getByTestId('setlist-shift').fill('+0:05')
    await panel
      .getByTestId('setlist-moves')
      .getByText('opening.jpg: Song 1 — Opening Night → Song 2 — Second Song')
      .waitFor()
    await panel.getByTestId('setlist-shift').fill('soon')
    await panel.getByText('Write the shift as hours:minutes, like +0:05 or -1:00 (at most 24 hours).').waitFor()
    await panel.getByTestId('setlist-shift').fill('+0:00')
    await expect.poll(() => panel.getByTestId('setlist-moves').count()).toBe(0)
    await keepScreenshot(page, path.join(SHOTS, 'admin-1440.png'), { fullPage: true })

    await panel.getByTestId('setlist-save').click()
    await page.getByText('Set-list saved').waitFor()
    const [kept] = await withSystem((tx) =>
      tx.select({ setlist: contentItem.setlist }).from(contentItem).where(eq(contentItem.id, galleryId)),
    )
    expect(kept.setlist?.songs.map((song) => song.title)).toEqual(['Opening Night', 'Second Song', 'Third Song'])
    expect(errors).toEqual([])
  })

  it('a fan on a phone opens a song from the chapter menu with the keyboard, shares it and downloads it', async () => {
    const context = await browser.newContext({
      viewport: PHONE,
      baseURL: baseUrl,
      hasTouch: true,
      isMobile: true,
      acceptDownloads: true,
    })
    const page = await context.newPage()
    await closedCookieBannerBefore(page)
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await visit(page, `/${slug}/galeria/lisbon-night`)
    const chapters = page.getByTestId('setlist-chapters')
    const menu = chapters.getByRole('navigation', { name: 'Songs of the show' })
    expect(await menu.getByRole('link').allTextContents()).toEqual([
      'Song 1 — Opening Night1',
      'Song 2 — Second Song1',
      'Song 3 — Third Song0',
      'More from the night1',
    ])
    // Nothing on the page is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    await keepScreenshot(page, path.join(SHOTS, 'fan-menu-390.png'), { fullPage: true })

    // Keyboard: the menu's links are reached with Tab and followed with Enter.
    await menu.getByRole('link', { name: /Song 2/ }).focus()
    await page.keyboard.press('Enter')
    await page.waitForURL(/\?chapter=2#setlist$/)
    await chapters.getByTestId('chapter-heading').filter({ hasText: 'Song 2 — Second Song' }).waitFor()
    await expect.poll(() => page.getByTestId('public-media').count()).toBe(1)
    // On a song's page the menu is folded away; its summary opens it from the keyboard, the song marked as current.
    expect(await menu.isVisible()).toBe(false)
    await chapters.locator('summary').focus()
    await page.keyboard.press('Enter')
    expect(await menu.getByRole('link', { name: /Song 2/ }).getAttribute('aria-current')).toBe('page')
    await page.keyboard.press('Enter')
    expect(await menu.isVisible()).toBe(false)

    // The chapter link is shareable: opened fresh, it lands on the same song.
    await visit(page, `/${slug}/galeria/lisbon-night?chapter=1`)
    await chapters.getByTestId('chapter-heading').filter({ hasText: 'Song 1 — Opening Night' }).waitFor()
    await expect.poll(() => page.getByTestId('public-media').count()).toBe(1)
    await keepScreenshot(page, path.join(SHOTS, 'fan-chapter-390.png'), { fullPage: true })

    const [zip] = await Promise.all([
      page.waitForEvent('download'),
      chapters.getByRole('link', { name: 'Download this song' }).click(),
    ])
    expect(zip.suggestedFilename()).toBe('Lisbon Night - Song 1 — Opening Night.zip')
    const file = path.join(os.tmpdir(), `afterglow-setlist-${Date.now()}.zip`)
    await zip.saveAs(file)
    expect(await zipNames(file)).toHaveLength(1)

    await chapters.getByRole('link', { name: /Next song/ }).click()
    await page.waitForURL(/\?chapter=2#setlist$/)
    expect(errors).toEqual([])
    await context.close()

    const desk = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl })
    const wide = await desk.newPage()
    await closedCookieBannerBefore(wide)
    await visit(wide, `/${slug}/galeria/lisbon-night?chapter=more`)
    await wide.getByTestId('chapter-heading').filter({ hasText: 'More from the night' }).waitFor()
    await keepScreenshot(wide, path.join(SHOTS, 'fan-chapter-1440.png'), { fullPage: true })
    await desk.close()
  })

  it('a fan scrolls a song with more photos than a page to its end, and opens its last photo', async () => {
    // The crowd shots have no capture time: "More from the night" now holds more than a page.
    await copyReadyPhoto(crowdId, GALLERY_PAGE_SIZE + 10)
    const total = GALLERY_PAGE_SIZE + 11
    const context = await browser.newContext({ viewport: PHONE, baseURL: baseUrl, hasTouch: true, isMobile: true })
    const page = await context.newPage()
    await closedCookieBannerBefore(page)
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    const response = await visit(page, `/${slug}/galeria/lisbon-night?chapter=more`)
    await page.getByTestId('chapter-heading').filter({ hasText: 'More from the night' }).waitFor()
    // The server sends the song's first page; the next may already be asked for once the page runs.
    expect((await response!.text()).match(/data-testid="public-media"/g)).toHaveLength(GALLERY_PAGE_SIZE)
    const tiles = page.getByTestId('public-media')
    const moreToCome = async () =>
      (await page.evaluate(() => window.scrollY + window.innerHeight < document.documentElement.scrollHeight - 2)) ||
      (await tiles.count()) < total
    for (let i = 0; i < 300 && (await moreToCome()); i++) {
      await page.mouse.wheel(0, 700)
      await page.waitForTimeout(100)
    }
    // Only the song's photos came: none of the other songs' two.
    expect(await tiles.count()).toBe(total)
    await page.getByRole('link', { name: `Photo ${total}`, exact: true }).click()
    await expect
      .poll(() => page.locator('.yarl__slide_current .yarl__slide_image').getAttribute('src'))
      .toMatch(/\/p\/[0-9a-f-]{36}\/w\d+\.webp$/)
    expect(errors).toEqual([])
    await context.close()
  }, 120_000)
})
