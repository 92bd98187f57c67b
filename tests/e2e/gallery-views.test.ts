import { eq } from 'drizzle-orm'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { contentItem } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { waitForAssetsReady } from '../support/assets'
import { closedCookieBannerBefore, launchBrowser, PHONE, visit } from '../support/browser'
import { createCompanyAdmin } from '../support/fixtures'
import { makePhoto } from '../support/media-files'
import { tusUpload } from '../support/tus'

const baseUrl = inject('baseUrl')
const viewCount = async (id: string) =>
  (
    await withSystem((tx) =>
      tx.select({ views: contentItem.viewCount }).from(contentItem).where(eq(contentItem.id, id)),
    )
  )[0].views

describe("a fan's visit to a gallery", () => {
  let browser: Browser
  let slug = ''
  let galleryId = ''
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
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('is counted once, whatever the fan does on the page', async () => {
    const page = await (
      await browser.newContext({ viewport: PHONE, baseURL: baseUrl, hasTouch: true, isMobile: true })
    ).newPage()
    await closedCookieBannerBefore(page)
    await visit(page, `/${slug}/galeria/counted`)
    await expect.poll(() => viewCount(galleryId), { timeout: 10_000 }).toBe(1)
    await page.getByRole('link', { name: 'Photo 1' }).click()
    await page.locator('.yarl__root').waitFor()
    await page.getByRole('button', { name: 'Close' }).click()
    await page.waitForLoadState('networkidle')
    expect(await viewCount(galleryId)).toBe(1)
    await page.close()
  })
})
