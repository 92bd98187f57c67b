import { mkdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { contentItem, organization } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { waitForAsset } from '../support/assets'
import { BROWSER_UA } from '../support/analytics'
import { DESKTOP, launchBrowser, PHONE, visit } from '../support/browser'
import { createCompanyAdmin } from '../support/fixtures'
import { makePhoto, makeVideo } from '../support/media-files'
import { tusUpload } from '../support/tus'
import { waitUntil } from '../support/wait'

/*
 * Issue 14's whole story in a browser: a fan's visit to a gallery, the admin approving the
 * comment, and every figure of the dashboard and of the analytics moving. Nothing is rolled up
 * by the test: the app's own job does it after the events are written, as in production.
 */

const baseUrl = inject('baseUrl')
const SHOTS = path.resolve('test-results', 'analytics-story')
let browser: Browser
const contexts: BrowserContext[] = []
let admin: Awaited<ReturnType<typeof createCompanyAdmin>>
let galleryId = ''
const galleryPath = () => `/${admin.company.slug}/galeria/encore-night`

async function openPage(options: { viewport: typeof DESKTOP; staff?: boolean; declineCookiesWhenAsked?: boolean }) {
  const context = await browser.newContext({ viewport: options.viewport, baseURL: baseUrl, userAgent: BROWSER_UA, acceptDownloads: true, isMobile: options.viewport === PHONE, hasTouch: options.viewport === PHONE })
  contexts.push(context)
  if (options.staff) await context.addCookies([...admin.client.cookies].map(([name, value]) => ({ name, value, url: baseUrl })))
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  if (options.declineCookiesWhenAsked ?? true) {
    await page.addLocatorHandler(page.getByRole('button', { name: 'Decline', exact: true }), async (button) => {
      await button.click()
    })
  }
  return { page, errors }
}

const rawTypes = async () =>
  (await withSystem((tx) => tx.execute<{ type: string; n: number }>(sql`select type, count(*)::int as n from analytics_events where company_id = ${admin.company.id} group by type`))).rows.reduce<Record<string, number>>(
    (all, row) => ({ ...all, [row.type]: row.n }),
    {},
  )

/** The dashboard's engagement figures (last 30 days) and the spec's totals, as shown. */
async function dashboardFigures(page: Page) {
  await visit(page, '/admin')
  const value = (key: string) => page.getByTestId(`engagement-${key}`).getByTestId('figure-value').textContent()
  const total = (key: string) => page.getByTestId(`total-${key}`).locator('dd').textContent()
  return { views: await value('views'), likes: await value('likes'), shares: await value('shares'), comments: await value('comments'), watchedMinutes: await value('watchedMinutes'), downloads: await total('downloads'), leads: await total('leads') }
}

function csvLines(text: string) {
  return text.replace(/^\uFEFF/, '').trimEnd().split('\r\n')
}

describe('a fan’s visit, as the admin sees it', () => {
  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true })
    admin = await createCompanyAdmin('e2e-story')
    await withSystem((tx) => tx.update(organization).set({ plan: 'professional', planValidUntil: null }).where(eq(organization.id, admin.company.id)))
    const [gallery] = await withSystem((tx) =>
      tx.insert(contentItem).values({ companyId: admin.company.id, kind: 'gallery', title: 'Encore night', slug: 'encore-night', status: 'published', publishedAt: new Date(), requireLead: true }).returning(),
    )
    galleryId = gallery.id
    const photo = await tusUpload(admin.client, await makePhoto(1500, 1000, '#e11d48'), { filename: 'crowd.jpg', purpose: 'gallery-media', contentItemId: galleryId })
    const video = await tusUpload(admin.client, await makeVideo('mp4', 8), { filename: 'encore.mp4', purpose: 'gallery-media', contentItemId: galleryId })
    if (!photo.ok || !photo.assetId || !video.ok || !video.assetId) throw new Error('upload failed')
    await waitForAsset(photo.assetId, (row) => row.processingStatus === 'ready')
    await waitForAsset(video.assetId, (row) => row.processingStatus === 'ready' && row.durationMs !== null, 60_000)
    // A fan's browser, not an automated one: analytics leaves out pages that say they are driven.
    browser = await launchBrowser(['--disable-blink-features=AutomationControlled', '--autoplay-policy=no-user-gesture-required'])
  })
  afterAll(async () => {
    for (const context of contexts) await context.close()
    await browser?.close()
  })

  it('likes, plays, shares, downloads and comments; the admin approves and sees every figure move, the heatmap and a matching CSV', async () => {
    const staff = await openPage({ viewport: DESKTOP, staff: true })
    const before = await dashboardFigures(staff.page)
    expect(before).toEqual({ views: '0', likes: '0', shares: '0', comments: '0', watchedMinutes: '0', downloads: '0', leads: '0' })

    // The fan, on a phone.
    const fan = await openPage({ viewport: PHONE, declineCookiesWhenAsked: false })
    await fan.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl })
    await expect.poll(async () => {
      await visit(fan.page, galleryPath())
      return fan.page.getByTestId('public-media').count()
    }, { timeout: 60_000 }).toBe(2)
    // The cookie banner first: the viewer would cover it. Declined, the visit is still counted, without a cookie.
    await fan.page.getByRole('button', { name: 'Decline', exact: true }).click()
    await fan.page.getByRole('link', { name: 'Photo 1' }).click()
    const viewer = fan.page.locator('.yarl__root')
    await viewer.waitFor()
    await viewer.getByRole('button', { name: 'Like' }).click()
    await expect.poll(() => viewer.getByRole('button', { name: 'Remove like' }).getAttribute('aria-pressed')).toBe('true')
    // On to the video: it plays for a while, to its end.
    await fan.page.keyboard.press('ArrowRight')
    const player = viewer.locator('.yarl__slide_current video')
    await player.waitFor()
    await player.evaluate((video: HTMLVideoElement) => {
      video.muted = true
      return video.play()
    })
    await fan.page.waitForFunction(() => (document.querySelector('.yarl__slide_current video') as HTMLVideoElement | null)?.ended === true, undefined, { timeout: 30_000 })
    await viewer.getByRole('button', { name: 'Close' }).click()
    await expect.poll(() => viewer.count()).toBe(0)

    await fan.page.getByRole('button', { name: 'Share', exact: true }).click()
    await fan.page.getByRole('menuitem', { name: 'Copy link' }).click()
    await fan.page.getByText('Link copied').first().waitFor()

    // The whole gallery, after leaving their details.
    await fan.page.getByRole('link', { name: /Download all \(ZIP\)/ }).click()
    const dialog = fan.page.getByRole('dialog', { name: 'Before you download' })
    await dialog.waitFor()
    await dialog.getByLabel('Full name', { exact: true }).fill('Ana Souza')
    await dialog.getByLabel('E-mail', { exact: true }).fill('ana@example.com')
    await dialog.getByLabel(/I have read and accept/).check()
    await dialog.getByLabel(/processes my details/).check()
    const [zip] = await Promise.all([fan.page.waitForEvent('download'), dialog.getByRole('button', { name: 'Continue to download' }).click()])
    expect(zip.suggestedFilename()).toBe('Encore night.zip')
    await zip.path()

    await fan.page.getByTestId('comments-toggle').click()
    await fan.page.getByLabel('Name', { exact: true }).fill('Marta')
    await fan.page.getByLabel('Comment', { exact: true }).fill('The encore was unreal!')
    await fan.page.waitForTimeout(3200) // a person takes a moment (the spam guard's time to submit)
    await fan.page.getByTestId('comment-submit').click()
    await fan.page.getByTestId('comment-pending').waitFor()
    // The fan closes the tab: its pagehide sends what waits.
    await fan.page.close({ runBeforeUnload: true })
    let seen: Record<string, number> = {}
    await waitUntil(async () => {
      seen = await rawTypes()
      return ['page_view', 'item_view', 'like', 'heartbeat', 'share', 'lead', 'download', 'comment'].every((type) => (seen[type] ?? 0) > 0)
    }, { timeoutMs: 20_000, message: () => `events seen: ${JSON.stringify(seen)}` })

    // The admin approves the comment.
    await visit(staff.page, '/admin/comments')
    const row = staff.page.getByTestId('comment-row').filter({ hasText: 'The encore was unreal!' })
    await row.getByRole('button', { name: 'Approve' }).click()
    await staff.page.getByText('Comment approved: fans can see it now').waitFor()
    await expect.poll(() => staff.page.getByTestId('comment-count-approved').textContent()).toBe('1')

    // The dashboard, once the app's rollup job has run.
    let after = before
    await expect
      .poll(async () => {
        after = await dashboardFigures(staff.page)
        return after.watchedMinutes !== '0' && after.comments === '1' && after.shares === '1' && after.likes === '1'
      }, { timeout: 90_000, interval: 1_000 })
      .toBe(true)
    expect(after).toMatchObject({ likes: '1', shares: '1', comments: '1', downloads: '1', leads: '1' })
    // The gallery page, the photo and the video opened in the viewer.
    expect(Number(after.views)).toBe(3)
    // About 8 seconds of video.
    expect(Number(after.watchedMinutes)).toBe(0.1)
    await staff.page.screenshot({ path: path.join(SHOTS, 'dashboard-1440.png'), fullPage: true })

    // The analytics: the same figures, the funnel, the tables and the video's heatmap.
    await visit(staff.page, '/admin/analytics?range=7')
    const card = (key: string) => staff.page.getByTestId(`figure-${key}`).getByTestId('figure-value').textContent()
    for (const key of ['views', 'likes', 'shares', 'comments', 'watchedMinutes'] as const) expect(await card(key), key).toBe(after[key])
    expect(await card('downloads')).toBe('1')
    expect(await card('leads')).toBe('1')
    expect(await card('visitors')).toBe('1')
    for (const step of ['view', 'lead', 'download', 'share']) expect(await staff.page.getByTestId(`funnel-${step}`).getByTestId('funnel-value').textContent(), step).toBe('1')
    expect(await staff.page.getByTestId('funnel-share').textContent()).toContain('100% of viewers')
    expect(await staff.page.getByTestId('channel-copy').textContent()).toBe('Copy link1')
    expect(await staff.page.getByTestId('top-likes').getByTestId('top-item').textContent()).toContain('Encore night')
    const contentRow = staff.page.getByTestId('by-content').getByTestId('analytics-row').filter({ hasText: 'Encore night' })
    expect(await contentRow.getByTestId('share-channels-of-row').textContent()).toBe('Copy link 1')

    const videoRow = staff.page.getByTestId('video-row').filter({ hasText: 'Encore night' })
    await videoRow.getByTestId('heatmap-toggle').click()
    const heatmap = staff.page.getByTestId('heatmap-panel').getByTestId('heatmap')
    await heatmap.waitFor()
    expect(await heatmap.getAttribute('aria-label')).toMatch(/^Re-watch heatmap: most played at 0:0\d \(1 plays\)$/)
    // The 8-second timeline in 2-second slices, each played once, also as a table.
    expect(await heatmap.locator('rect').count()).toBe(4)
    await staff.page.getByText('Show the played moments as a table').click()
    expect(await staff.page.getByTestId('heatmap-table').locator('tbody tr').allTextContents()).toEqual(['0:00–0:021', '0:02–0:041', '0:04–0:061', '0:06–0:081'])
    expect(await videoRow.locator('[data-figure="completionRate"]').textContent()).toBe('100%')
    await staff.page.screenshot({ path: path.join(SHOTS, 'analytics-1440.png'), fullPage: true })

    // The CSV of the videos holds the rows the page shows.
    const [download] = await Promise.all([staff.page.waitForEvent('download'), staff.page.getByTestId('export-by-video').click()])
    const lines = csvLines(await readFile((await download.path())!, 'utf8'))
    expect(lines[0]).toBe('Title,id,Watched minutes,Plays,Average watched,Completion rate')
    expect(lines).toHaveLength(2)
    const [title, id, minutes, plays, average, completion] = lines[1].split(',')
    expect([title, id]).toEqual(['Encore night', galleryId])
    const shown = (figure: string) => videoRow.locator(`[data-figure="${figure}"]`).textContent()
    expect(await shown('watchedMinutes')).toBe(minutes)
    expect(await shown('plays')).toBe(plays)
    expect(await shown('averageWatched')).toBe(`${Math.round(Number(average) * 100)}%`)
    expect(await shown('completionRate')).toBe(`${Math.round(Number(completion) * 100)}%`)
    // And the one by content, the gallery's figures as the table shows them.
    const [byContent] = await Promise.all([staff.page.waitForEvent('download'), staff.page.getByTestId('export-by-content').click()])
    const contentLines = csvLines(await readFile((await byContent.path())!, 'utf8'))
    const cells = contentLines[1].split(',')
    expect(cells.slice(0, 2)).toEqual(['Encore night', galleryId])
    for (const [index, figure] of ['views', 'visitors', 'likes', 'shares', 'downloads', 'comments', 'watchedMinutes'].entries()) {
      const text = (await contentRow.locator(`[data-figure="${figure}"]`).textContent())!
      expect(text.startsWith(cells[index + 2]), `${figure}: ${text} vs ${cells[index + 2]}`).toBe(true)
    }
    expect(cells.at(-6)).toBe('1') // shares by copy link

    // On a phone, the same page with the heatmap open fits the screen.
    const phone = await openPage({ viewport: PHONE, staff: true })
    await visit(phone.page, '/admin/analytics?range=7')
    await phone.page.getByTestId('video-row').getByTestId('heatmap-toggle').click()
    await phone.page.getByTestId('heatmap-panel').waitFor()
    expect(await phone.page.evaluate(() => [window.innerWidth, document.documentElement.scrollWidth])).toEqual([390, 390])
    await phone.page.screenshot({ path: path.join(SHOTS, 'analytics-390.png'), fullPage: true })
    for (const { errors } of [staff, fan, phone]) expect(errors).toEqual([])
  })
})
