import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { contentItem } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { rollUpEvents } from '#app/features/analytics/server/roll-up-events.server'
import { asPlatform } from '#app/access/tenant.server'
import { waitForAsset } from '../support/assets'
import { BROWSER_UA, figureOf } from '../support/analytics'
import { launchBrowser, PHONE, visit } from '../support/browser'
import { createCompanyAdmin } from '../support/fixtures'
import { makePhoto, makeVideo } from '../support/media-files'
import { tusUpload } from '../support/tus'
import { waitUntil } from '../support/wait'

const baseUrl = inject('baseUrl')
let browser: Browser
let context: BrowserContext
let companyId = ''
let slug = ''
const ids = { video: '', videoAsset: '', gallery: '', photos: [] as string[] }

const rawTypes = async () =>
  (
    await withSystem((tx) =>
      tx.execute<{ type: string; n: number }>(
        sql`select type, count(*)::int as n from analytics_events where company_id = ${companyId} group by type`,
      ),
    )
  ).rows.reduce<Record<string, number>>((all, row) => ({ ...all, [row.type]: row.n }), {})

describe("a fan's visit is counted from the page itself", () => {
  beforeAll(async () => {
    const admin = await createCompanyAdmin('stats-e2e')
    companyId = admin.company.id
    slug = admin.company.slug
    const [item] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({ companyId, kind: 'single', title: 'Encore', status: 'published', publishedAt: new Date() })
        .returning(),
    )
    const uploaded = await tusUpload(admin.client, await makeVideo('mp4', 6), {
      filename: 'encore.mp4',
      purpose: 'content-file',
      contentItemId: item.id,
    })
    if (!uploaded.ok || !uploaded.assetId) throw new Error('upload failed')
    ids.video = item.id
    ids.videoAsset = uploaded.assetId
    await waitForAsset(ids.videoAsset, (row) => row.processingStatus === 'ready' && row.durationMs !== null)
    const [gallery] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({
          companyId,
          kind: 'gallery',
          title: 'Last Night',
          slug: 'last-night',
          status: 'published',
          publishedAt: new Date(),
        })
        .returning(),
    )
    ids.gallery = gallery.id
    for (const [index, color] of ['#e11d48', '#2563eb'].entries()) {
      const photo = await tusUpload(admin.client, await makePhoto(1500, 1000, color), {
        filename: `p${index}.jpg`,
        purpose: 'gallery-media',
        contentItemId: gallery.id,
      })
      if (!photo.ok || !photo.assetId) throw new Error('upload failed')
      ids.photos.push(photo.assetId)
    }
    for (const photo of ids.photos) await waitForAsset(photo, (row) => row.processingStatus === 'ready')
    // A fan's browser, not an automated one: analytics leaves out pages that say they are driven.
    browser = await launchBrowser([
      '--disable-blink-features=AutomationControlled',
      '--autoplay-policy=no-user-gesture-required',
    ])
    context = await browser.newContext({ viewport: PHONE, baseURL: baseUrl, userAgent: BROWSER_UA })
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('sends the page view, the player open, a share, a like and the heartbeats of the whole video, without a cookie', async () => {
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await visit(page, `/${slug}/player/${ids.video}`)
    await page.getByRole('button', { name: 'Share', exact: true }).click()
    await page.getByRole('menuitem', { name: 'Copy link' }).click()
    // A like, taken back and given again: one like, the heart full at once.
    const heart = page.getByTestId('like-button')
    await heart.click()
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true')
    await heart.click()
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('false')
    await heart.click()
    expect(await heart.textContent()).toBe('Liked')
    // At three times the speed: the figures count the seconds of the video covered, not how long that took.
    await page.getByTestId('content-video').evaluate((video: HTMLVideoElement) => {
      video.muted = true
      video.playbackRate = 3
      return video.play()
    })
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="content-video"]') as HTMLVideoElement).ended,
      undefined,
      { timeout: 20_000 },
    )
    // On to the company's page, then the fan closes the tab: its pagehide sends what waits.
    await visit(page, `/${slug}`)
    await page.close({ runBeforeUnload: true })
    let seen: Record<string, number> = {}
    const types = await waitUntil(
      async () => {
        seen = await rawTypes()
        return seen.heartbeat && seen.share && (seen.page_view ?? 0) >= 2 ? seen : null
      },
      { message: () => `events seen: ${JSON.stringify(seen)}` },
    )
    expect(types.item_view).toBe(1)
    expect(types.share).toBe(1)
    expect(types.like).toBe(2)
    expect(types.unlike).toBe(1)
    await rollUpEvents(asPlatform('test'))
    expect(await figureOf(companyId, 'item', ids.video, 'pageViews')).toBe(1)
    expect(await figureOf(companyId, 'item', ids.video, 'itemViews')).toBe(1)
    expect(await figureOf(companyId, 'item', ids.video, 'shares')).toBe(1)
    expect(await figureOf(companyId, 'item', ids.video, 'likes')).toBe(1)
    expect(await figureOf(companyId, 'item', ids.video, 'plays')).toBe(1)
    expect(await figureOf(companyId, 'item', ids.video, 'completions')).toBe(1)
    const watched = await figureOf(companyId, 'item', ids.video, 'watchedSeconds')
    expect(watched).toBeGreaterThan(5)
    expect(watched).toBeLessThanOrEqual(6.1)
    expect(await figureOf(companyId, 'company', '', 'visitors')).toBe(1)
    // Without analytics consent no visitor cookie was set.
    expect((await context.cookies()).some((cookie) => cookie.name === 'ag_vid')).toBe(false)
    expect(errors).toEqual([])
  })

  it('counts each photo landed on in the viewer and a like from its heart', async () => {
    const page = await context.newPage()
    const before = await rawTypes()
    await visit(page, `/${slug}/galeria/last-night`)
    await page.getByRole('link', { name: 'Photo 1' }).click()
    await page.locator('.yarl__root').waitFor()
    const heart = page.locator('.yarl__root').getByRole('button', { name: 'Like' })
    await heart.click()
    await expect
      .poll(() => page.locator('.yarl__root').getByRole('button', { name: 'Remove like' }).getAttribute('aria-pressed'))
      .toBe('true')
    await page.keyboard.press('ArrowRight')
    // The next photo has its own heart, not liked.
    await expect
      .poll(() => page.locator('.yarl__root').getByRole('button', { name: 'Like' }).getAttribute('aria-pressed'))
      .toBe('false')
    // The fan closes the tab: the page's pagehide sends what waits.
    await page.close({ runBeforeUnload: true })
    await waitUntil(async () => ((await rawTypes()).item_view ?? 0) >= (before.item_view ?? 0) + 2)
    await rollUpEvents(asPlatform('test'))
    expect(await figureOf(companyId, 'item', ids.gallery, 'itemViews')).toBe(2)
    expect(await figureOf(companyId, 'item', ids.gallery, 'likes')).toBe(1)
    expect(await figureOf(companyId, 'item', ids.gallery, 'pageViews')).toBe(1)
  })

  it('keeps a visitor cookie only with analytics consent, and the cookie policy names every cookie a fan carries', async () => {
    const fan = await browser.newContext({ baseURL: baseUrl, userAgent: BROWSER_UA })
    const page = await fan.newPage()
    await visit(page, `/${slug}/galeria/last-night`)
    await page.getByTestId('consent-banner').getByRole('button', { name: 'Accept', exact: true }).click()
    // What records the choice comes as the fan reaches for the button (a click before it is kept and
    // answered once it is here): leaving before the toast says so left with no consent on a busy machine.
    await page.getByText('Cookies Accepted', { exact: true }).waitFor()
    // The page's events leave as the fan moves on; the cookie is made with them.
    await visit(page, `/${slug}`)
    await expect.poll(async () => (await fan.cookies()).some((cookie) => cookie.name === 'ag_vid')).toBe(true)

    await visit(page, '/cookies')
    const policy = await page.locator('main').innerText()
    for (const cookie of await fan.cookies())
      expect(policy).toContain(cookie.name.startsWith('ag_lead_') ? 'ag_lead_' : cookie.name)
    const visitorRow = await page.getByRole('row').filter({ hasText: 'ag_vid' }).innerText()
    expect(visitorRow).toContain('Analytics')

    // Withdrawn: gone with the next page's events.
    await visit(page, `/${slug}/galeria/last-night`)
    await page.getByRole('button', { name: 'Cookie settings' }).first().click()
    await page.getByRole('dialog', { name: 'Cookie settings' }).getByRole('button', { name: 'Only Necessary' }).click()
    await page.getByText('Optional Cookies Declined', { exact: true }).waitFor()
    await visit(page, `/${slug}`)
    await expect.poll(async () => (await fan.cookies()).some((cookie) => cookie.name === 'ag_vid')).toBe(false)
    await fan.close()
  })
})
