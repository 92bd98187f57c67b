import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { contentItem } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { waitForAssetsReady } from '../support/assets'
import { closedCookieBannerBefore, launchBrowser, leave, PHONE, reportedEvents, visit } from '../support/browser'
import { createCompanyAdmin } from '../support/fixtures'
import { makePhoto } from '../support/media-files'
import { tusUpload } from '../support/tus'

const baseUrl = inject('baseUrl')
describe("a fan's visit to a gallery", () => {
  let browser: Browser
  let slug = ''
  let galleryId = ''
  let photoId = ''
  beforeAll(async () => {
    const admin = await createCompanyAdmin('views-e2e')
    slug = admin.company.slug
    const [gallery] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({
          companyId: admin.company.id,
          kind: 'gallery',
          title: 'Counted',
          slug: 'counted',
          status: 'published',
          publishedAt: new Date(),
        })
        .returning(),
    )
    galleryId = gallery.id
    const uploaded = await tusUpload(admin.client, await makePhoto(1200, 800), {
      filename: 'one.jpg',
      purpose: 'gallery-media',
      contentItemId: gallery.id,
    })
    if (!uploaded.ok || !uploaded.assetId) throw new Error(`upload failed: ${JSON.stringify(uploaded)}`)
    await waitForAssetsReady([uploaded.assetId])
    photoId = uploaded.assetId
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('reports the page’s view once and each photo the fan opens: the analytics’ views, which every screen shows', async () => {
    const page = await (
      await browser.newContext({ viewport: PHONE, baseURL: baseUrl, hasTouch: true, isMobile: true })
    ).newPage()
    await closedCookieBannerBefore(page)
    const events = reportedEvents(page)
    await visit(page, `/${slug}/galeria/counted`)
    await page.getByRole('link', { name: 'Photo 1' }).click()
    await page.locator('.yarl__root').waitFor()
    await page.getByRole('button', { name: 'Close' }).click()
    // Leaving sends what the page noted.
    await leave(page)
    const views = () => events.filter((event) => event.contentId === galleryId && event.type.endsWith('_view'))
    await expect.poll(() => views().length, { timeout: 10_000 }).toBe(2)
    expect(views().map((event) => event.type)).toEqual(['page_view', 'item_view'])
    expect(views()[1].assetId).toBe(photoId)
    await page.close()
  })
})
