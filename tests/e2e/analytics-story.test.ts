import { mkdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { contentItem, organization } from '#db/schema'
import { rollUpEventsJob } from '#app/jobs/definitions/analytics/roll-up'
import { enqueue, startJobs } from '#app/jobs/queue.server'
import { withSystem } from '#app/lib/db.server'
import { waitForAsset } from '../support/assets'
import { BROWSER_UA } from '../support/analytics'
import { addCookiesTo, closedCookieBannerBefore, DESKTOP, launchBrowser, PHONE, visit } from '../support/browser'
import { createCompanyAdmin } from '../support/fixtures'
import { makePhoto, makeVideo } from '../support/media-files'
import { tusUpload } from '../support/tus'
import { waitUntil } from '../support/wait'
import { keepScreenshot } from '../support/screenshots'

/*
 * Issue 14's whole story in a browser: a fan's visit to a gallery, the admin approving the
 * comment, and every figure of the dashboard and of the analytics moving. Nothing is rolled up
 * by the test: the app's own job does it, through the queue, after the events are written. The
 * test queues it rather than waiting up to a minute for its schedule (every minute, proved in
 * tests/integration/analytics-ingestion.test.ts).
 */

const baseUrl = inject('baseUrl')
const SHOTS = path.resolve('test-results', 'analytics-story')
let browser: Browser
const contexts: BrowserContext[] = []
let admin: Awaited<ReturnType<typeof createCompanyAdmin>>
let galleryId = ''
let stopQueue: (() => Promise<void>) | undefined
const galleryPath = () => `/${admin.company.slug}/galeria/encore-night`

async function openPage(options: { viewport: typeof DESKTOP; staff?: boolean; bannerClosedBefore?: boolean }) {
  const context = await browser.newContext({
    viewport: options.viewport,
    baseURL: baseUrl,
    userAgent: BROWSER_UA,
    acceptDownloads: true,
    isMobile: options.viewport === PHONE,
    hasTouch: options.viewport === PHONE,
  })
  contexts.push(context)
  if (options.staff) await addCookiesTo(context, baseUrl, admin.client.cookies)
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  if (options.bannerClosedBefore ?? true) await closedCookieBannerBefore(page)
  return { page, errors }
}

const rawTypes = async () =>
  (
    await withSystem((tx) =>
      tx.execute<{ type: string; n: number }>(
        sql`select type, count(*)::int as n from analytics_events where company_id = ${admin.company.id} group by type`,
      ),
    )
  ).rows.reduce<Record<string, number>>((all, row) => ({ ...all, [row.type]: row.n }), {})

/** The dashboard's engagement figures (last 30 days) and the spec's totals, as shown. */
async function dashboardFigures(page: Page) {
  await visit(page, '/admin')
  const value = (key: string) => page.getByTestId(`engagement-${key}`).getByTestId('figure-value').textContent()
  const total = (key: string) => page.getByTestId(`total-${key}`).locator('dd').textContent()
  return {
    views: await value('views'),
    likes: await value('likes'),
    shares: await value('shares'),
    comments: await value('comments'),
    watchedMinutes: await value('watchedMinutes'),
    downloads: await total('downloads'),
    leads: await total('leads'),
  }
}

/**
 * The first heatmap's axis labels, from 0:00 to the file's end, each under the moment it names: the label's anchor
 * (left edge for 0, right edge for the end, centre otherwise) within a pixel of where that second
 * falls on the drawing.
 */
async function axisLinesUp(page: Page, endLabel: string) {
  const file = page.getByTestId('heatmap-panel').getByTestId('heatmap-file').first()
  const drawing = (await file.getByTestId('heatmap').boundingBox())!
  const ticks = file.getByTestId('heatmap-axis').locator('span')
  const labels = await ticks.allTextContents()
  expect(labels.length).toBeGreaterThanOrEqual(3)
  expect([labels[0], labels.at(-1)]).toEqual(['0:00', endLabel])
  // The drawing spans the file's length, the last label's moment.
  const span = Number(await ticks.last().getAttribute('data-seconds'))
  for (let index = 0; index < labels.length; index++) {
    const tick = ticks.nth(index)
    const box = (await tick.boundingBox())!
    const seconds = Number(await tick.getAttribute('data-seconds'))
    const anchor = index === 0 ? box.x : index === labels.length - 1 ? box.x + box.width : box.x + box.width / 2
    expect(Math.abs(anchor - (drawing.x + (seconds / span) * drawing.width)), labels[index]).toBeLessThan(1.5)
    // Inside the drawing's width: nothing hangs past its edges.
    expect(box.x).toBeGreaterThanOrEqual(drawing.x - 0.5)
    expect(box.x + box.width).toBeLessThanOrEqual(drawing.x + drawing.width + 0.5)
  }
}

function csvLines(text: string) {
  return text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
}

describe('a fan’s visit, as the admin sees it', () => {
  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true })
    admin = await createCompanyAdmin('e2e-story')
    await withSystem((tx) =>
      tx
        .update(organization)
        .set({ plan: 'professional', planValidUntil: null })
        .where(eq(organization.id, admin.company.id)),
    )
    const [gallery] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({
          companyId: admin.company.id,
          kind: 'gallery',
          title: 'Encore night',
          slug: 'encore-night',
          status: 'published',
          publishedAt: new Date(),
          requireLead: true,
        })
        .returning(),
    )
    galleryId = gallery.id
    const photo = await tusUpload(admin.client, await makePhoto(1500, 1000, '#e11d48'), {
      filename: 'crowd.jpg',
      purpose: 'gallery-media',
      contentItemId: galleryId,
    })
    const video = await tusUpload(admin.client, await makeVideo('mp4', 8), {
      filename: 'encore.mp4',
      purpose: 'gallery-media',
      contentItemId: galleryId,
    })
    // A second video: each of a gallery's videos has its own row, figures and heatmap.
    const second = await tusUpload(admin.client, await makeVideo('mp4', 4), {
      filename: 'bows.mp4',
      purpose: 'gallery-media',
      contentItemId: galleryId,
    })
    if (!photo.ok || !photo.assetId || !video.ok || !video.assetId || !second.ok || !second.assetId)
      throw new Error('upload failed')
    await waitForAsset(photo.assetId, (row) => row.processingStatus === 'ready')
    for (const assetId of [video.assetId, second.assetId])
      await waitForAsset(assetId, (row) => row.processingStatus === 'ready' && row.durationMs !== null, 60_000)
    // A fan's browser, not an automated one: analytics leaves out pages that say they are driven.
    browser = await launchBrowser([
      '--disable-blink-features=AutomationControlled',
      '--autoplay-policy=no-user-gesture-required',
    ])
    // This process only queues; the app's workers run the job.
    stopQueue = (await startJobs(process.env.DATABASE_URL!, [rollUpEventsJob], { work: false })).stop
  })
  afterAll(async () => {
    await stopQueue?.()
    for (const context of contexts) await context.close()
    await browser?.close()
  })

  it('likes, plays, shares, downloads and comments; the admin approves and sees every figure move, the heatmap and a matching CSV', async () => {
    const staff = await openPage({ viewport: DESKTOP, staff: true })
    const before = await dashboardFigures(staff.page)
    expect(before).toEqual({
      views: '0',
      likes: '0',
      shares: '0',
      comments: '0',
      watchedMinutes: '0',
      downloads: '0',
      leads: '0',
    })

    // The fan, on a phone.
    const fan = await openPage({ viewport: PHONE, bannerClosedBefore: false })
    await fan.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl })
    await expect
      .poll(
        async () => {
          await visit(fan.page, galleryPath())
          return fan.page.getByTestId('public-media').count()
        },
        { timeout: 60_000 },
      )
      .toBe(3)
    // The cookie banner first: the viewer would cover it. Declined, the visit is still counted, without a cookie.
    await fan.page.getByRole('button', { name: 'Decline', exact: true }).click()
    await fan.page.getByRole('link', { name: 'Photo 1' }).click()
    const viewer = fan.page.locator('.yarl__root')
    await viewer.waitFor()
    await viewer.getByRole('button', { name: 'Like' }).click()
    await expect
      .poll(() => viewer.getByRole('button', { name: 'Remove like' }).getAttribute('aria-pressed'))
      .toBe('true')
    // On to the videos: each plays for a while, to its end.
    let previous = ''
    for (const name of ['encore.mp4', 'bows.mp4']) {
      await viewer.getByRole('button', { name: 'Next' }).click()
      const player = viewer.locator('.yarl__slide_current video')
      // On the next slide: another video than the one just played.
      const source = async () =>
        (await player.count()) === 1
          ? player.evaluate((video: HTMLVideoElement) => video.currentSrc || video.querySelector('source')?.src || '')
          : ''
      await expect
        .poll(
          async () => {
            const now = await source()
            return now !== '' && now !== previous
          },
          { timeout: 10_000 },
        )
        .toBe(true)
      previous = await source()
      expect(previous, name).toBeTruthy()
      // At four times the speed: the figures count the seconds of the video covered, not how long that took.
      await player.evaluate((video: HTMLVideoElement) => {
        video.muted = true
        video.playbackRate = 4
        return video.play()
      })
      await fan.page.waitForFunction(
        () => (document.querySelector('.yarl__slide_current video') as HTMLVideoElement | null)?.ended === true,
        undefined,
        { timeout: 30_000 },
      )
    }
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
    const [zip] = await Promise.all([
      fan.page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Continue to download' }).click(),
    ])
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
    await waitUntil(
      async () => {
        seen = await rawTypes()
        return ['page_view', 'item_view', 'like', 'heartbeat', 'share', 'lead', 'download', 'comment'].every(
          (type) => (seen[type] ?? 0) > 0,
        )
      },
      { timeoutMs: 20_000, message: () => `events seen: ${JSON.stringify(seen)}` },
    )

    // The admin approves the comment.
    await visit(staff.page, '/admin/comments')
    const row = staff.page.getByTestId('comment-row').filter({ hasText: 'The encore was unreal!' })
    await row.getByRole('button', { name: 'Approve' }).click()
    await staff.page.getByText('Comment approved: fans can see it now').waitFor()
    await expect.poll(() => staff.page.getByTestId('comment-count-approved').textContent()).toBe('1')

    // The dashboard, once the app's rollup job has run.
    await enqueue(rollUpEventsJob, {})
    let after = before
    await expect
      .poll(
        async () => {
          after = await dashboardFigures(staff.page)
          return after
        },
        { timeout: 90_000, interval: 1_000 },
      )
      // The gallery page, the photo and the two videos opened in the viewer; about 8 + 4 seconds of video.
      .toEqual({
        views: '4',
        likes: '1',
        shares: '1',
        comments: '1',
        watchedMinutes: '0.2',
        downloads: '1',
        leads: '1',
      })
    await keepScreenshot(staff.page, path.join(SHOTS, 'dashboard-1440.png'), { fullPage: true })

    // The analytics: the same figures, the funnel, the tables and the video's heatmap.
    await visit(staff.page, '/admin/analytics?range=7')
    const card = (key: string) => staff.page.getByTestId(`figure-${key}`).getByTestId('figure-value').textContent()
    for (const key of ['views', 'likes', 'shares', 'comments', 'watchedMinutes'] as const)
      expect(await card(key), key).toBe(after[key])
    expect(await card('downloads')).toBe('1')
    expect(await card('leads')).toBe('1')
    expect(await card('visitors')).toBe('1')
    for (const step of ['view', 'lead', 'download', 'share'])
      expect(await staff.page.getByTestId(`funnel-${step}`).getByTestId('funnel-value').textContent(), step).toBe('1')
    expect(await staff.page.getByTestId('funnel-share').textContent()).toContain('100% of viewers')
    expect(await staff.page.getByTestId('channel-copy').textContent()).toBe('Copy link1')
    expect(await staff.page.getByTestId('top-likes').getByTestId('top-item').textContent()).toContain('Encore night')
    const contentRow = staff.page
      .getByTestId('by-content')
      .getByTestId('analytics-row')
      .filter({ hasText: 'Encore night' })
    expect(await contentRow.getByTestId('share-channels-of-row').textContent()).toBe('Copy link 1')

    // One item's funnel and shares: its row's title chooses it.
    await contentRow.getByTestId('row-funnel').click()
    await expect.poll(() => staff.page.getByTestId('funnel-subject').textContent()).toBe('Content: Encore night')
    expect(new URL(staff.page.url()).searchParams.get('funnel')).toBe(`item:${galleryId}`)
    for (const step of ['view', 'lead', 'download', 'share'])
      expect(await staff.page.getByTestId(`funnel-${step}`).getByTestId('funnel-value').textContent(), step).toBe('1')
    expect(await staff.page.getByTestId('channels-subject').textContent()).toBe('Content: Encore night')
    expect(await staff.page.getByTestId('channel-copy').textContent()).toBe('Copy link1')
    expect(await staff.page.getByTestId('funnel-filter').getByRole('combobox').inputValue()).toBe(`item:${galleryId}`)
    // And back to the whole company through the funnel's own list.
    await staff.page.getByTestId('funnel-filter').getByRole('combobox').selectOption('')
    await staff.page.getByTestId('funnel-filter').getByRole('button', { name: 'Show' }).click()
    await expect.poll(() => staff.page.getByTestId('funnel-subject').count()).toBe(0)
    expect(new URL(staff.page.url()).searchParams.get('funnel')).toBe('')

    // The gallery's row, and one row per video under it, each with its own figures and heatmap.
    const videoRow = staff.page.getByTestId('video-row').filter({ hasText: 'Encore night' })
    const fileRow = (name: string) => staff.page.getByTestId('video-file-row').filter({ hasText: name })
    expect(await staff.page.getByTestId('video-file-row').count()).toBe(2)
    expect(await videoRow.locator('[data-figure="plays"]').textContent()).toBe('2')
    expect(await videoRow.locator('[data-figure="completionRate"]').textContent()).toBe('100%')
    for (const name of ['encore.mp4', 'bows.mp4']) {
      expect(await fileRow(name).locator('[data-figure="plays"]').textContent(), name).toBe('1')
      expect(await fileRow(name).locator('[data-figure="completionRate"]').textContent(), name).toBe('100%')
    }
    expect(await fileRow('encore.mp4').locator('[data-figure="watchedMinutes"]').textContent()).toBe('0.1')
    await videoRow.getByTestId('heatmap-toggle').click()
    // Read from the server as it opens.
    await expect.poll(() => staff.page.getByTestId('heatmap-panel').getByTestId('heatmap-file').count()).toBe(2)
    await fileRow('encore.mp4').getByTestId('file-heatmap-toggle').click()
    const heatmap = staff.page.getByTestId('heatmap-panel').getByTestId('heatmap')
    await expect.poll(() => heatmap.count()).toBe(1)
    expect(await heatmap.getAttribute('aria-label')).toMatch(/^Re-watch heatmap: most played at 0:0\d \(1 plays\)$/)
    // The 8-second timeline in 2-second slices, each played once, also as a table.
    expect(await heatmap.locator('rect').count()).toBe(4)
    await axisLinesUp(staff.page, '0:08')
    await staff.page.getByText('Show the played moments as a table').click()
    expect(await staff.page.getByTestId('heatmap-table').locator('tbody tr').allTextContents()).toEqual([
      '0:00–0:021',
      '0:02–0:041',
      '0:04–0:061',
      '0:06–0:081',
    ])
    await staff.page.getByTestId('heatmap-panel').scrollIntoViewIfNeeded()
    await keepScreenshot(staff.page, path.join(SHOTS, 'analytics-1440.png'), { fullPage: true })
    await fileRow('bows.mp4').getByTestId('file-heatmap-toggle').click()
    await expect.poll(() => heatmap.locator('rect').count()).toBe(2)
    await axisLinesUp(staff.page, '0:04')

    // The CSV of the videos holds the rows the page shows.
    const [download] = await Promise.all([
      staff.page.waitForEvent('download'),
      staff.page.getByTestId('export-by-video').click(),
    ])
    const lines = csvLines(await readFile((await download.path())!, 'utf8'))
    expect(lines[0]).toBe('Title,id,Watched minutes,Plays,Average watched,Completion rate,File,file id')
    // A row per video, as the page's rows per file.
    expect(lines).toHaveLength(3)
    expect(
      lines
        .slice(1)
        .map((line) => line.split(',')[6])
        .sort(),
    ).toEqual(['bows.mp4', 'encore.mp4'])
    for (const line of lines.slice(1)) {
      const [title, id, minutes, plays, average, completion, file] = line.split(',')
      expect([title, id]).toEqual(['Encore night', galleryId])
      const shown = (figure: string) => fileRow(file).locator(`[data-figure="${figure}"]`).textContent()
      expect(await shown('watchedMinutes'), file).toBe(minutes)
      expect(await shown('plays'), file).toBe(plays)
      expect(await shown('averageWatched'), file).toBe(`${Math.round(Number(average) * 100)}%`)
      expect(await shown('completionRate'), file).toBe(`${Math.round(Number(completion) * 100)}%`)
    }
    // And the one by content, the gallery's figures as the table shows them.
    const [byContent] = await Promise.all([
      staff.page.waitForEvent('download'),
      staff.page.getByTestId('export-by-content').click(),
    ])
    const contentLines = csvLines(await readFile((await byContent.path())!, 'utf8'))
    const cells = contentLines[1].split(',')
    expect(cells.slice(0, 2)).toEqual(['Encore night', galleryId])
    for (const [index, figure] of [
      'views',
      'visitors',
      'likes',
      'shares',
      'downloads',
      'comments',
      'watchedMinutes',
    ].entries()) {
      const text = (await contentRow.locator(`[data-figure="${figure}"]`).textContent())!
      expect(text.startsWith(cells[index + 2]), `${figure}: ${text} vs ${cells[index + 2]}`).toBe(true)
    }
    expect(cells.at(-6)).toBe('1') // shares by copy link

    // On a phone, the same page with one item's funnel and the heatmaps open fits the screen.
    const phone = await openPage({ viewport: PHONE, staff: true })
    await visit(phone.page, `/admin/analytics?range=7&funnel=item:${galleryId}`)
    expect(await phone.page.getByTestId('funnel-subject').textContent()).toBe('Content: Encore night')
    await phone.page.getByTestId('video-row').getByTestId('heatmap-toggle').click()
    await phone.page.getByTestId('heatmap-panel').getByTestId('heatmap-file').first().waitFor()
    await axisLinesUp(phone.page, '0:08')
    expect(await phone.page.evaluate(() => [window.innerWidth, document.documentElement.scrollWidth])).toEqual([
      390, 390,
    ])
    await keepScreenshot(phone.page, path.join(SHOTS, 'analytics-390.png'), { fullPage: true })
    await keepScreenshot(phone.page.getByTestId('heatmap-panel'), path.join(SHOTS, 'heatmap-390.png'))
    for (const { errors } of [staff, fan, phone]) expect(errors).toEqual([])
  }, 240_000)
})
