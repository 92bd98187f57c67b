import type { Browser, BrowserContext } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { contentItem } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { VISITOR_COOKIE } from '#app/features/analytics/analytics-sender'
import { CONSENT_STORAGE_KEYS } from '#app/features/consent/consent'
import { waitForAsset } from '../support/assets'
import { launchBrowser, leave, PHONE, reportedEvents, visit, type ReportedEvent } from '../support/browser'
import { createCompanyAdmin } from '../support/fixtures'
import { makePdf, makeVideo } from '../support/media-files'
import { tusUpload } from '../support/tus'

const baseUrl = inject('baseUrl')
let browser: Browser
let context: BrowserContext
let slug = ''
const ids = { video: '', videoAsset: '', pdf: '' }

async function publishSingle(
  admin: Awaited<ReturnType<typeof createCompanyAdmin>>,
  title: string,
  file: Buffer,
  filename: string,
) {
  const [item] = await withSystem((tx) =>
    tx
      .insert(contentItem)
      .values({ companyId: admin.company.id, kind: 'single', title, status: 'published', publishedAt: new Date() })
      .returning(),
  )
  const uploaded = await tusUpload(admin.client, file, { filename, purpose: 'content-file', contentItemId: item.id })
  if (!uploaded.ok || !uploaded.assetId) throw new Error('upload failed')
  return { id: item.id, assetId: uploaded.assetId }
}

/** The views of `contentId` among what a page reported (the rollup counts them: tests/integration/gallery-views.test.ts). */
const viewsOf = (events: ReportedEvent[], contentId: string) =>
  events.filter((event) => event.type === 'page_view' && event.contentId === contentId)

describe('a fan opens the player on a phone', () => {
  beforeAll(async () => {
    const admin = await createCompanyAdmin('player-e2e')
    slug = admin.company.slug
    const video = await publishSingle(admin, 'Encore', await makeVideo('mp4', 6), 'encore.mp4')
    ids.video = video.id
    ids.videoAsset = video.assetId
    ids.pdf = (await publishSingle(admin, 'Setlist', makePdf('Setlist'), 'setlist.pdf')).id
    // The poster frame comes from the renditions job; the page works before it too.
    await waitForAsset(ids.videoAsset, (row) => row.processingStatus === 'ready')
    browser = await launchBrowser()
    context = await browser.newContext({ viewport: PHONE, baseURL: baseUrl, hasTouch: true, isMobile: true })
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('plays the video and seeks in it, streamed with byte ranges, and reports its view to the analytics', async () => {
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    const events = reportedEvents(page)
    const ranges: number[] = []
    page.on('response', (response) => {
      if (response.url().endsWith(`/p/${ids.videoAsset}/stream`)) ranges.push(response.status())
    })
    // The fan accepts cookies on the company's page first: with analytics consent a visit lasts for the tab.
    await visit(page, `/${slug}`)
    await page.getByRole('button', { name: 'Accept', exact: true }).click({ timeout: 10_000 })
    // What records the choice comes as the fan reaches for the button: the toast says it is kept.
    await page.getByText('Cookies Accepted', { exact: true }).waitFor()
    await visit(page, `/${slug}/player/${ids.video}`)
    const video = page.getByTestId('content-video')
    await video.waitFor()
    expect(await video.getAttribute('src')).toBe(`/p/${ids.videoAsset}/stream`)
    expect(await video.getAttribute('poster')).toMatch(new RegExp(`^/p/${ids.videoAsset}/w\\d+\\.webp$`))
    // Nothing sticks out sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)

    await video.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true
      await element.play()
    })
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 15_000 })
      .toBeGreaterThan(0.2)
    await video.evaluate(
      (element: HTMLVideoElement) =>
        new Promise<void>((resolve) => {
          element.addEventListener('seeked', () => resolve(), { once: true })
          element.currentTime = 4
        }),
    )
    expect(await video.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeGreaterThanOrEqual(4)
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 15_000 })
      .toBeGreaterThan(4.1)
    expect(ranges).toContain(206)

    // Leaving the page sends what it noted: its view among it.
    await leave(page)
    await expect.poll(() => viewsOf(events, ids.video).length, { timeout: 10_000 }).toBe(1)
    expect(errors).toEqual([])
    await page.close()
  })

  it('reports a view without cookie consent too, storing nothing on the device', async () => {
    const fresh = await browser.newContext({ viewport: PHONE, baseURL: baseUrl, hasTouch: true, isMobile: true })
    const page = await fresh.newPage()
    const events = reportedEvents(page)
    await visit(page, `/${slug}/player/${ids.pdf}`)
    const stored = await page.evaluate(() => [...Object.keys(sessionStorage), ...Object.keys(localStorage)])
    await leave(page)
    await expect.poll(() => viewsOf(events, ids.pdf).length, { timeout: 10_000 }).toBe(1)
    // Only the banner's own note that it was shown: no mark of the visit.
    expect(stored.filter((key) => !Object.values(CONSENT_STORAGE_KEYS).includes(key as never))).toEqual([])
    // No visitor cookie without consent: the analytics tell such a visitor apart for a day only.
    expect((await fresh.cookies()).map((cookie) => cookie.name)).not.toContain(VISITOR_COOKIE)
    await fresh.close()
  })

  it("shows a PDF in the browser's own viewer inside the page", async () => {
    const page = await context.newPage()
    await visit(page, `/${slug}/player/${ids.pdf}`)
    const frame = page.getByTestId('content-pdf')
    await frame.waitFor()
    const src = await frame.getAttribute('src')
    expect(src).toMatch(/^\/p\/[0-9a-f-]{36}\/stream$/)
    // The framed document is the PDF itself (not a refused frame), opened by the PDF viewer.
    await expect
      .poll(
        async () => {
          for (const child of page.frames()) {
            if (!child.url().endsWith(src!)) continue
            const type = await child.evaluate(() => document.contentType).catch(() => null)
            if (type === 'application/pdf') return type
          }
          return null
        },
        { timeout: 15_000 },
      )
      .toBe('application/pdf')
    await expect
      .poll(() => page.frames().some((child) => child.url().startsWith('chrome-extension://')), { timeout: 15_000 })
      .toBe(true)
    // And the page is drawn: a large white sheet inside the viewer.
    await page.waitForTimeout(1000)
    const { data, info } = await sharp(await frame.screenshot())
      .raw()
      .toBuffer({ resolveWithObject: true })
    let white = 0
    for (let i = 0; i < data.length; i += info.channels)
      if (data[i] > 245 && data[i + 1] > 245 && data[i + 2] > 245) white++
    expect(white / (info.width * info.height)).toBeGreaterThan(0.2)
    await page.close()
  })
})
