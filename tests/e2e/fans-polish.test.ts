import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { asset, contentItem, event, organization } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { expectNoAxeViolations } from '../support/axe'
import { addCookiesTo, DESKTOP, launchBrowser, PHONE, visit } from '../support/browser'
import { createCompanyAdmin } from '../support/fixtures'
import { makePhoto, makeVideo } from '../support/media-files'
import { tusUpload } from '../support/tus'
import { keepScreenshot } from '../support/screenshots'

const baseUrl = inject('baseUrl')
const SHOTS = path.resolve('test-results', 'fans-polish')
let browser: Browser
let slug = ''

async function fanPage(viewport: typeof DESKTOP, language = 'en') {
  const context = await browser.newContext({ viewport, baseURL: baseUrl, locale: language })
  await addCookiesTo(context, baseUrl, [['lang', language]])
  await context.addInitScript(() => localStorage.setItem('tracking-consent', 'declined'))
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  return { page, errors }
}

describe('the fans’ pages, polished', () => {
  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true })
    const admin = await createCompanyAdmin('e2e-polish')
    slug = admin.company.slug
    const companyId = admin.company.id
    // Branded (Professional): the lead dialog must wear these colours.
    await withSystem((tx) =>
      tx
        .update(organization)
        .set({ plan: 'professional', planValidUntil: null, brandPrimaryColor: '#0f766e', brandAccentColor: '#f59e0b' })
        .where(eq(organization.id, companyId)),
    )
    const [show] = await withSystem((tx) =>
      tx
        .insert(event)
        .values({
          companyId,
          slug: 'big-night',
          title: 'Big Night',
          status: 'published',
          spots: 3300,
          startsAt: new Date('2026-10-17T21:00:00Z'),
        })
        .returning(),
    )
    const [photos] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({
          companyId,
          kind: 'gallery',
          title: 'Photos Only',
          slug: 'photos-only',
          status: 'published',
          publishedAt: new Date(),
          eventId: show.id,
          requireLead: true,
        })
        .returning(),
    )
    const [mixed] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({
          companyId,
          kind: 'gallery',
          title: 'Mixed',
          slug: 'mixed',
          status: 'published',
          publishedAt: new Date(),
        })
        .returning(),
    )
    for (const [index, color] of ['#e11d48', '#2563eb', '#16a34a'].entries()) {
      await tusUpload(admin.client, await makePhoto(1500, 1000, color), {
        filename: `p${index}.jpg`,
        purpose: 'gallery-media',
        contentItemId: photos.id,
      })
      await tusUpload(admin.client, await makePhoto(1500, 1000, color), {
        filename: `m${index}.jpg`,
        purpose: 'gallery-media',
        contentItemId: mixed.id,
      })
    }
    await tusUpload(admin.client, await makeVideo('mp4', 2), {
      filename: 'clip.mp4',
      purpose: 'gallery-media',
      contentItemId: mixed.id,
    })
    // Files are processed in the background: wait until every one is ready.
    const ready = async () =>
      (
        await withSystem((tx) =>
          tx.select({ status: asset.processingStatus }).from(asset).where(eq(asset.companyId, companyId)),
        )
      ).every((row) => row.status === 'ready')
    for (const deadline = Date.now() + 90_000; !(await ready()); ) {
      if (Date.now() > deadline) throw new Error('files not processed in time')
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
    await withSystem((tx) =>
      tx
        .update(asset)
        .set({ title: 'Red lights at the encore' })
        .where(and(eq(asset.contentItemId, mixed.id), eq(asset.originalName, 'm0.jpg'))),
    )
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('hides tabs without items, keeps a lone last tile at its size, and the viewer has a counter, caption, thumbnails, shortcuts and zoom on photos only', async () => {
    const { page, errors } = await fanPage(DESKTOP)
    await visit(page, `/${slug}/galeria/photos-only`)
    await expect.poll(() => page.getByTestId('public-media').count()).toBe(3)
    expect(await page.getByTestId('filter-tabs').count()).toBe(0)

    await visit(page, `/${slug}/galeria/mixed`)
    await expect.poll(() => page.getByTestId('public-media').count()).toBe(4)
    expect(await page.getByTestId('filter-tabs').getByRole('link').allTextContents()).toEqual([
      'All',
      'Photos',
      'Videos',
    ])
    await page.getByTestId('filter-tabs').getByRole('link', { name: 'Videos' }).click()
    await expect.poll(() => page.getByTestId('public-media').count()).toBe(1)
    const grid = (await page.getByTestId('media-grid').boundingBox())!
    const tile = (await page.getByTestId('public-media').boundingBox())!
    // The lone video keeps about a row's height (240 px at this width), not the page's width.
    expect(tile.width).toBeLessThan(grid.width * 0.6)
    expect(tile.height).toBeLessThan(320)
    await keepScreenshot(page, path.join(SHOTS, 'lone-video-1440.png'))
    await page.getByTestId('filter-tabs').getByRole('link', { name: 'All' }).click()
    await expect.poll(() => page.getByTestId('public-media').count()).toBe(4)

    await page.getByTestId('public-media').first().locator('a').click()
    await page.locator('.yarl__root').waitFor()
    await expect.poll(() => page.getByTestId('viewer-counter').textContent()).toBe('1 / 4')
    expect(await page.locator('.yarl__slide_current .yarl__slide_description').textContent()).toBe(
      'Red lights at the encore',
    )
    expect(await page.locator('.yarl__thumbnails_track').isVisible()).toBe(true)
    expect(await page.getByTestId('viewer-zoom-in').isVisible()).toBe(true)
    await page.getByTestId('viewer-shortcuts').click()
    expect(await page.getByTestId('viewer-shortcuts-list').textContent()).toContain('Previous / next')
    await keepScreenshot(page, path.join(SHOTS, 'viewer-1440.png'))
    for (let step = 0; step < 3; step++) await page.locator('.yarl__navigation_next').click()
    await expect.poll(() => page.getByTestId('viewer-counter').textContent()).toBe('4 / 4')
    // The video: no zoom buttons.
    expect(await page.getByTestId('viewer-zoom-in').count()).toBe(0)
    expect(errors).toEqual([])
  })

  it('opens a photo on the grid’s own image at once, without a spinner, and sharpens it when the larger size arrives', async () => {
    // The grid at a phone's width has fetched the small size only; the viewer, at a desktop's, wants a larger one.
    const { page, errors } = await fanPage(PHONE)
    await visit(page, `/${slug}/galeria/photos-only`)
    await page.setViewportSize(DESKTOP)
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const larger = /\/p\/[0-9a-f-]{36}\/w(1200|2400)\.webp$/
    await page.route(larger, async (route) => {
      await held
      await route.continue()
    })
    await page.getByTestId('public-media').first().locator('a').click()
    const slide = page.locator('.yarl__slide_current')
    const placeholder = slide.locator('.gallery-viewer-placeholder img')
    await expect
      .poll(() => placeholder.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
      .toBe(true)
    expect(await placeholder.isVisible()).toBe(true)
    expect(await slide.locator('.yarl__slide_loading').count()).toBe(0)
    await keepScreenshot(page, path.join(SHOTS, 'viewer-sharpening-1440.png'))
    release()
    await expect.poll(() => placeholder.isVisible()).toBe(false)
    await keepScreenshot(page, path.join(SHOTS, 'viewer-sharp-1440.png'))
    expect(await slide.locator('.yarl__slide_image').evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(
      larger,
    )
    await page.unroute(larger)
    expect(errors).toEqual([])
  })

  it('a tab tapped before the page’s scripts have come shows that tab’s files', async () => {
    const { page, errors } = await fanPage(DESKTOP)
    // A phone on a crowded network: the page's HTML is there, its scripts are not yet.
    let release = () => {}
    const scriptsHeld = new Promise<void>((resolve) => (release = resolve))
    await page.route(
      (url) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js'),
      async (route) => {
        await scriptsHeld
        await route.continue()
      },
    )
    await page.goto(`/${slug}/galeria/mixed`, { waitUntil: 'commit' })
    const videos = page.getByTestId('filter-tabs').getByRole('link', { name: 'Videos' })
    await videos.click()
    await page.waitForURL((url) => url.searchParams.get('type') === 'videos', { waitUntil: 'commit' })
    release()
    await expect.poll(() => page.getByTestId('public-media').count()).toBe(1)
    expect(await videos.getAttribute('aria-current')).toBe('page')
    expect(errors).toEqual([])
  })

  it('on a phone: no thumbnail strip, the counter stays; axe finds nothing on the gallery', async () => {
    const { page, errors } = await fanPage(PHONE)
    await visit(page, `/${slug}/galeria/mixed`)
    await expectNoAxeViolations(page, { label: 'gallery with tabs' })
    await page.getByTestId('public-media').first().locator('a').click()
    await expect.poll(() => page.getByTestId('viewer-counter').textContent()).toBe('1 / 4')
    expect(await page.locator('.yarl__thumbnails_track').count()).toBe(0)
    // Pinch and double tap zoom on a phone, no keyboard: its top bar keeps clear of the counter.
    expect(await page.getByTestId('viewer-zoom-in').count()).toBe(0)
    expect(await page.getByTestId('viewer-shortcuts').count()).toBe(0)
    const counter = (await page.getByTestId('viewer-counter').boundingBox())!
    const toolbar = (await page.locator('.yarl__toolbar').boundingBox())!
    expect(counter.x + counter.width).toBeLessThanOrEqual(toolbar.x)
    await keepScreenshot(page, path.join(SHOTS, 'viewer-390.png'))
    expect(errors).toEqual([])
  })

  it('the event: its hero, grouped numbers in each language, no empty tabs, and the lead dialog in the company’s colours', async () => {
    const spots = { en: '3,300 spots', pt: '3.300 vagas', es: '3300 plazas', fr: '3 300 places' }
    for (const [language, text] of Object.entries(spots)) {
      const { page } = await fanPage(PHONE, language)
      await visit(page, `/${slug}/evento/big-night`)
      // es groups only from five digits (CLDR); fr uses a narrow no-break space.
      expect((await page.locator('main').innerText()).replace(/[\u202f\u00a0]/g, ' ')).toContain(text)
      expect(await page.getByTestId('filter-tabs').count()).toBe(0)
      expect(await page.locator('img[fetchpriority="high"]').count()).toBe(1)
      await keepScreenshot(page, path.join(SHOTS, `event-${language}-390.png`), { fullPage: true })
      await page.context().close()
    }
    const { page, errors } = await fanPage(DESKTOP)
    await visit(page, `/${slug}/galeria/photos-only`)
    const pageAccent = await page
      .locator('[data-canvas]')
      .evaluate((shell) => getComputedStyle(shell).getPropertyValue('--accent').trim())
    await page.getByText('Download all (ZIP)').first().click()
    const dialog = page.getByTestId('lead-dialog')
    await dialog.waitFor()
    expect(await dialog.getAttribute('data-palette')).toBe('page')
    expect(await dialog.evaluate((element) => getComputedStyle(element).getPropertyValue('--accent').trim())).toBe(
      pageAccent,
    )
    expect(pageAccent.toLowerCase()).not.toBe('#a78bfa')
    await expectNoAxeViolations(page, { include: '[data-testid="lead-dialog"]', label: 'branded lead dialog' })
    await keepScreenshot(page, path.join(SHOTS, 'lead-dialog-1440.png'))
    expect(errors).toEqual([])
  })
})
