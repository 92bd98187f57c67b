import { mkdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { organization } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { bufferEvents, flushEvents, type RawEvent } from '#app/features/analytics/server/event-buffer.server'
import { rollUpEvents } from '#app/features/analytics/server/roll-up-events.server'
import { asPlatform } from '#app/access/tenant.server'
import { addCookiesTo, closedCookieBannerBefore, DESKTOP, launchBrowser, PHONE, visit } from '../support/browser'
import { createCompanyAdmin } from '../support/fixtures'
import { fanBrowser, publishedCatalog, waitForRawEvents } from '../support/analytics'
import { expectNoAxeViolations } from '../support/axe'
import { keepScreenshot } from '../support/screenshots'

const baseUrl = inject('baseUrl')
const SHOTS = path.resolve('test-results', 'analytics-admin')
let browser: Browser
let admin: Awaited<ReturnType<typeof createCompanyAdmin>>
let catalog: Awaited<ReturnType<typeof publishedCatalog>>
/** Views of the last 30 days: today's two and those of earlier days. */
let monthViews = ''

async function adminPage(viewport: typeof DESKTOP, options: { isMobile?: boolean } = {}) {
  const context = await browser.newContext({
    viewport,
    baseURL: baseUrl,
    hasTouch: options.isMobile,
    isMobile: options.isMobile,
    acceptDownloads: true,
  })
  await addCookiesTo(context, baseUrl, admin.client.cookies)
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await closedCookieBannerBefore(page)
  return { page, errors }
}

const views = (page: Awaited<ReturnType<typeof adminPage>>['page']) =>
  page.getByTestId('figure-views').getByTestId('figure-value').textContent()

describe('the admin reads its analytics', () => {
  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true })
    admin = await createCompanyAdmin('e2e-insights')
    await withSystem((tx) =>
      tx
        .update(organization)
        .set({ plan: 'professional', planValidUntil: null })
        .where(eq(organization.id, admin.company.id)),
    )
    catalog = await publishedCatalog(admin.company.id)
    const { galleryId, eventId, photoId, videoId } = catalog
    // Today, through the events endpoint as a fan's browser sends them.
    const today = [
      { type: 'page_view', page: 'gallery', contentId: galleryId },
      { type: 'item_view', contentId: galleryId, assetId: photoId },
      { type: 'like', contentId: galleryId, assetId: photoId },
      { type: 'share', channel: 'copy', contentId: galleryId },
      ...[0, 10, 20, 30, 40, 50].map((from) => ({
        type: 'heartbeat',
        contentId: galleryId,
        assetId: videoId,
        from,
        to: from + 10,
        reason: 'tick',
      })),
      { type: 'heartbeat', contentId: galleryId, assetId: videoId, from: 20, to: 30, reason: 'seek' },
    ]
    expect((await fanBrowser().send({ company: admin.company.id, events: today })).status).toBe(202)
    // Earlier this month: a few visitors a day, so the 30 days differ from the last 7.
    const earlier: RawEvent[] = []
    for (let daysAgo = 8; daysAgo <= 25; daysAgo += 1) {
      for (let fan = 0; fan < (daysAgo % 4) + 1; fan++) {
        earlier.push({
          companyId: admin.company.id,
          occurredAt: new Date(Date.now() - daysAgo * 86_400_000),
          type: 'page_view',
          visitor: `d:e2e-${daysAgo}-${fan}`,
          contentItemId: galleryId,
          assetId: null,
          eventId,
          detail: 'gallery',
          fromSeconds: null,
          toSeconds: null,
          durationSeconds: null,
        })
      }
    }
    monthViews = String(2 + earlier.length)
    bufferEvents(earlier)
    await flushEvents()
    await waitForRawEvents(admin.company.id, today.length + earlier.length)
    await rollUpEvents(asPlatform('test'))
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('on a desktop: opens Analytics from the sidebar, switches range, sees the chart and tables, downloads a CSV', async () => {
    const { page, errors } = await adminPage(DESKTOP)
    await visit(page, '/admin')
    // The dashboard's last 30 days: today's 2 views and the earlier ones.
    expect(await page.getByTestId('engagement-views').getByTestId('figure-value').textContent()).toBe(monthViews)
    await keepScreenshot(page, path.join(SHOTS, 'dashboard-1440.png'), { fullPage: true })
    await page.getByRole('link', { name: 'Analytics', exact: true }).click()
    await page.waitForURL('**/admin/analytics')
    await expect.poll(() => views(page)).toBe(monthViews) // 30 days by default
    await page.getByTestId('range-7').click()
    await page.waitForURL('**/admin/analytics?range=7')
    await expect.poll(() => views(page), { timeout: 15_000 }).toBe('2')
    // The custom dates follow the preset.
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe(
      new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10),
    )
    await expect
      .poll(() => page.getByTestId('engagement-chart').locator('svg.recharts-surface').count())
      .toBeGreaterThan(0)
    expect(await page.getByTestId('engagement-chart').locator('.recharts-line').count()).toBe(4)
    // The drawing, hidden from screen readers, takes no focus either: its figures are the table's.
    await expectNoAxeViolations(page, { label: 'analytics with its chart drawn' })
    const row = page.getByTestId('by-content').getByTestId('analytics-row').filter({ hasText: 'Encore' })
    expect(await row.locator('[data-figure="views"]').textContent()).toBe('2')
    expect(await row.locator('[data-figure="likes"]').textContent()).toBe('1')
    expect(
      await page.getByTestId('by-event').getByTestId('analytics-row').filter({ hasText: 'Closing night' }).count(),
    ).toBe(1)
    // The video: 70 s watched of a 60 s file, 20–30 s twice.
    const video = page.getByTestId('video-row').filter({ hasText: 'Encore' })
    await video.getByTestId('heatmap-toggle').click()
    expect(await video.getByTestId('heatmap-toggle').getAttribute('aria-expanded')).toBe('true')
    expect(await page.getByTestId('heatmap-panel').getByTestId('heatmap').getAttribute('aria-label')).toContain(
      'most played at 0:20 (2 plays)',
    )
    await keepScreenshot(page, path.join(SHOTS, 'analytics-1440.png'), { fullPage: true })

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-by-content').click()])
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^analytics-content-${admin.company.slug}-\\d{4}-\\d{2}-\\d{2}-\\d{4}-\\d{2}-\\d{2}\\.csv$`),
    )
    const csv = await readFile((await download.path())!, 'utf8')
    expect(csv.startsWith('\uFEFF')).toBe(true)
    const lines = csv.slice(1).trimEnd().split('\r\n')
    expect(lines[0]).toBe(
      'Title,id,Views,Unique visitors,Likes,Shares,Downloads,Comments,Watched minutes,Completion rate,Leads,' +
        'Shares: Phone share sheet,Shares: Copy link,Shares: WhatsApp,Shares: Facebook,Shares: X,Shares: E-mail,Shares: QR code',
    )
    expect(lines).toContain(`Encore,${catalog.galleryId},2,1,1,1,0,0,1.2,1,0,0,1,0,0,0,0,0`)
    // What a view is, under the figures; the library and the editor show the same count (all of it is this month's).
    expect(await page.getByTestId('analytics-views-definition').textContent()).toContain(
      'within 30 minutes counts once',
    )
    await visit(page, '/admin/content')
    expect(await page.getByText(`${monthViews} views`, { exact: true }).count()).toBeGreaterThan(0)
    await visit(page, `/admin/content/${catalog.galleryId}`)
    expect(await page.getByText(`${monthViews} views`, { exact: true }).count()).toBe(1)
    expect(errors).toEqual([])
  })

  it('on a phone: readable without sideways scroll, custom dates in the URL', async () => {
    const { page, errors } = await adminPage(PHONE, { isMobile: true })
    await visit(page, '/admin/analytics?range=90')
    await expect.poll(() => views(page)).toBe(monthViews)
    await expect
      .poll(() => page.getByTestId('engagement-chart').locator('svg.recharts-surface').first().isVisible())
      .toBe(true)
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
    expect(await page.evaluate(() => window.innerWidth)).toBe(390)
    const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10)
    await page.getByLabel('From', { exact: true }).fill(day(10))
    await page.getByLabel('To', { exact: true }).fill(day(8))
    await page.getByRole('button', { name: 'Apply' }).click()
    await page.waitForURL(`**/admin/analytics?range=custom&from=${day(10)}&to=${day(8)}`)
    // 10, 9 and 8 days ago: 3 + 2 + 1 visitors.
    await expect.poll(() => views(page)).toBe('6')
    await keepScreenshot(page, path.join(SHOTS, 'analytics-390.png'), { fullPage: true })
    expect(errors).toEqual([])
  })
})
