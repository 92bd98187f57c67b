import { mkdir, readFile, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import sharp from 'sharp'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { assetRendition, contentItem } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { addCookiesTo, closedCookieBannerBefore, DESKTOP, launchBrowser, PHONE, visit } from '../support/browser'
import { createCompanyAdmin } from '../support/fixtures'
import { waitForAssetsReady } from '../support/assets'
import { makePhoto } from '../support/media-files'
import { tusUpload } from '../support/tus'
import { keepScreenshot } from '../support/screenshots'

const baseUrl = inject('baseUrl')
const SHOTS = path.resolve('test-results/watermark')
let browser: Browser
let admin: Awaited<ReturnType<typeof createCompanyAdmin>>
let assetId = ''

async function pixel(image: Buffer, x: number, y: number) {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const offset = (y * info.width + x) * info.channels
  return [data[offset], data[offset + 1], data[offset + 2]]
}

describe("a company's watermark, set in the settings and found in a fan's download", () => {
  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true })
    admin = await createCompanyAdmin('e2e-wm')
    await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({
          companyId: admin.company.id,
          kind: 'gallery',
          title: 'Marked Night',
          slug: 'marked-night',
          status: 'published',
          publishedAt: new Date(),
        })
        .returning(),
    )
    const [gallery] = await withSystem((tx) =>
      tx.select().from(contentItem).where(eq(contentItem.companyId, admin.company.id)),
    )
    const upload = (await tusUpload(admin.client, await makePhoto(1600, 1000, '#16a34a'), {
      filename: 'green.jpg',
      purpose: 'gallery-media',
      contentItemId: gallery.id,
    })) as { assetId: string }
    assetId = upload.assetId
    await waitForAssetsReady([assetId])
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('is chosen with a live preview at 390 and 1440 px, then downloaded by a fan with the mark in its pixels', async () => {
    const markFile = path.join(os.tmpdir(), `afterglow-mark-${Date.now()}.png`)
    // A magenta square with a transparent border: a PNG with transparency, as companies upload.
    await writeFile(
      markFile,
      await sharp({ create: { width: 160, height: 160, channels: 4, background: { r: 255, g: 0, b: 255, alpha: 1 } } })
        .extend({ top: 20, bottom: 20, left: 20, right: 20, background: { r: 0, g: 0, b: 0, alpha: 0 } })
        .png()
        .toBuffer(),
    )

    for (const viewport of [PHONE, DESKTOP]) {
      const context = await browser.newContext({ viewport, baseURL: baseUrl })
      await addCookiesTo(context, baseUrl, admin.client.cookies)
      const page = await context.newPage()
      await closedCookieBannerBefore(page)
      await visit(page, '/admin/settings/watermark')
      await page.getByLabel('Watermark image (PNG)').setInputFiles(markFile)
      const mark = page.getByTestId('watermark-preview-mark')
      await mark.waitFor()
      await page.getByText('Top left', { exact: true }).click()
      await page.getByText('Bottom right', { exact: true }).click()
      // The preview follows the size slider at once.
      await page.getByLabel(/Size:/).fill('30')
      const preview = await page.getByTestId('watermark-preview').boundingBox()
      const drawn = await mark.boundingBox()
      expect(Math.round((drawn!.width / preview!.width) * 100)).toBe(30)
      expect(drawn!.x + drawn!.width).toBeGreaterThan(preview!.x + preview!.width * 0.9)
      await keepScreenshot(page, path.join(SHOTS, `settings-${viewport.width}.png`), { fullPage: true })
      if (viewport === DESKTOP) {
        await page.getByTestId('save-watermark').click()
        await page.getByText('Watermark saved. Your photos are being updated.').waitFor()
      }
      await context.close()
    }

    // The photos are made again in the background.
    await expect
      .poll(
        async () =>
          (
            await withSystem((tx) =>
              tx
                .select({ key: assetRendition.storageKey })
                .from(assetRendition)
                .where(
                  and(
                    eq(assetRendition.assetId, assetId),
                    eq(assetRendition.rendition, 'w1200'),
                    eq(assetRendition.format, 'webp'),
                  ),
                ),
            )
          )[0]?.key,
        { timeout: 40_000 },
      )
      .toMatch(/w1200-m1\.webp$/)

    const context = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl, acceptDownloads: true })
    const page = await context.newPage()
    await closedCookieBannerBefore(page)
    await visit(page, `/${admin.company.slug}/galeria/marked-night`)
    await page.getByRole('link', { name: 'Photo 1' }).click()
    const viewer = page.locator('.yarl__root')
    await viewer.waitFor()
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      viewer.getByRole('link', { name: 'Download' }).click(),
    ])
    const saved = path.join(os.tmpdir(), `afterglow-wm-${Date.now()}.webp`)
    await download.saveAs(saved)
    const bytes = await readFile(saved)
    const { width = 0, height = 0 } = await sharp(bytes).metadata()
    // Bottom right, 30% of the width, 3% from the edges: its middle is magenta at the default 70% over the green photo; the opposite corner is green.
    const size = Math.round(width * 0.3)
    const [r, g, b] = await pixel(
      bytes,
      width - Math.round(width * 0.03) - Math.round(size / 2),
      height - Math.round(width * 0.03) - Math.round(size / 2),
    )
    expect(r).toBeGreaterThan(150)
    expect(g).toBeLessThan(100)
    expect(b).toBeGreaterThan(150)
    const [r0, g0, b0] = await pixel(bytes, 20, 20)
    expect(g0).toBeGreaterThan(100)
    expect(r0).toBeLessThan(80)
    expect(b0).toBeLessThan(120)
    await context.close()
  })
})
