import { stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import { zipEntries } from '../support/zip'
import { assetRendition, contentItem, download, lead } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { launchBrowser, PHONE, visit } from '../support/browser'
import { createCompanyAdmin } from '../support/fixtures'
import { makePhoto } from '../support/media-files'
import { tusUpload } from '../support/tus'

const baseUrl = inject('baseUrl')
let browser: Browser
let page: Page
let slug = ''
let companyId = ''
let galleryId = ''
const photoIds: string[] = []

async function webSize(assetId: string) {
  const [row] = await withSystem((tx) =>
    tx
      .select({ size: assetRendition.sizeBytes })
      .from(assetRendition)
      .where(
        and(
          eq(assetRendition.assetId, assetId),
          eq(assetRendition.rendition, 'w2400'),
          eq(assetRendition.format, 'jpeg'),
        ),
      ),
  )
  return row.size
}

describe('a fan downloads from a gallery that asks for their details, on a phone', () => {
  beforeAll(async () => {
    const admin = await createCompanyAdmin('fan-dl')
    slug = admin.company.slug
    companyId = admin.company.id
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
          requireLead: true,
        })
        .returning(),
    )
    galleryId = gallery.id
    for (const [index, color] of ['#e11d48', '#2563eb', '#16a34a'].entries()) {
      const photo = await makePhoto(2600, 1700, color)
      const upload = (await tusUpload(admin.client, photo, {
        filename: `p${index}.jpg`,
        purpose: 'gallery-media',
        contentItemId: gallery.id,
      })) as { assetId: string }
      photoIds.push(upload.assetId)
    }
    browser = await launchBrowser()
    page = await (
      await browser.newContext({
        viewport: PHONE,
        baseURL: baseUrl,
        hasTouch: true,
        isMobile: true,
        acceptDownloads: true,
      })
    ).newPage()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('leaves their details once in the viewer, then gets the photo and the whole gallery', async () => {
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await expect
      .poll(
        async () => {
          await visit(page, `/${slug}/galeria/last-night`)
          return page.getByTestId('public-media').count()
        },
        { timeout: 60_000 },
      )
      .toBe(3)

    await page.getByRole('link', { name: 'Photo 1' }).click()
    const viewer = page.locator('.yarl__root')
    await viewer.waitFor()
    await viewer.getByRole('link', { name: 'Download' }).click()
    const dialog = page.getByRole('dialog', { name: 'Before you download' })
    await dialog.waitFor()
    expect(await dialog.getByRole('heading').first().textContent()).toBe('Before you download')
    // Focus is in the form, and Escape closes only the dialog, not the viewer; nothing is stored.
    await expect
      .poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[data-testid="lead-dialog"]'))))
      .toBe(true)
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.count()).toBe(0)
    expect(await viewer.count()).toBe(1)
    await viewer.getByRole('link', { name: 'Download' }).click()
    await dialog.waitFor()
    await dialog.getByRole('button', { name: 'Cancel' }).first().click()
    await expect.poll(() => dialog.count()).toBe(0)
    expect(await withSystem((tx) => tx.select().from(lead).where(eq(lead.companyId, companyId)))).toEqual([])

    await viewer.getByRole('link', { name: 'Download' }).click()
    await dialog.waitFor()
    await dialog.getByRole('button', { name: 'Continue to download' }).click()
    await dialog.getByText('Required Fields Missing').waitFor()
    expect(await dialog.getByText('Please fill in all required fields').count()).toBe(1)
    expect(await dialog.getByText('Please accept the privacy policy to continue').count()).toBe(1)
    expect(await dialog.getByRole('link', { name: 'privacy policy' }).getAttribute('href')).toBe(`/${slug}/privacidade`)
    // The dialog fits the phone: nothing wider than the screen.
    expect(
      await page.evaluate(() => document.querySelector('[data-testid="lead-dialog"]')!.getBoundingClientRect().width),
    ).toBeLessThanOrEqual(PHONE.width)

    await dialog.getByLabel('Full name', { exact: true }).fill('Ana Souza')
    await dialog.getByLabel('E-mail', { exact: true }).fill('ana@example.com')
    await dialog.getByLabel(/I have read and accept/).check()
    await dialog.getByLabel(/processes my details/).check()
    const [photoDownload] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Continue to download' }).click(),
    ])
    expect(photoDownload.suggestedFilename()).toBe('Last Night - 01.jpg')
    const photoFile = path.join(os.tmpdir(), `afterglow-e2e-${Date.now()}.jpg`)
    await photoDownload.saveAs(photoFile)
    expect((await stat(photoFile)).size).toBe(await webSize(photoIds[0]))
    await expect.poll(() => dialog.count()).toBe(0)

    // The company now knows this fan: the whole gallery comes without asking again.
    await page.keyboard.press('Escape')
    await expect.poll(() => viewer.count()).toBe(0)
    const all = page.getByRole('link', { name: /Download all \(ZIP\)/ })
    expect(await all.textContent()).toMatch(/Download all \(ZIP\)· \d+(\.\d)?\u00a0(KB|MB)/)
    const [zipDownload] = await Promise.all([page.waitForEvent('download'), all.click()])
    expect(await dialog.count()).toBe(0)
    expect(zipDownload.suggestedFilename()).toBe('Last Night.zip')
    const zipFile = path.join(os.tmpdir(), `afterglow-e2e-${Date.now()}.zip`)
    await zipDownload.saveAs(zipFile)
    const entries = await zipEntries(zipFile)
    expect(entries.map((entry) => entry.name)).toEqual([
      'Last Night - 01.jpg',
      'Last Night - 02.jpg',
      'Last Night - 03.jpg',
    ])
    expect(entries.map((entry) => entry.size)).toEqual(await Promise.all(photoIds.map(webSize)))
    expect(entries.every((entry) => entry.method === 0)).toBe(true)

    const [captured] = await withSystem((tx) => tx.select().from(lead).where(eq(lead.companyId, companyId)))
    expect(captured).toMatchObject({
      fullName: 'Ana Souza',
      email: 'ana@example.com',
      dataProcessingConsent: true,
      marketingConsent: false,
    })
    const rows = await withSystem((tx) =>
      tx.select().from(download).where(eq(download.contentItemId, galleryId)).orderBy(download.createdAt),
    )
    expect(rows.map((row) => [row.kind, row.leadId])).toEqual([
      ['file', captured.id],
      ['zip', captured.id],
    ])
    expect(errors).toEqual([])
  })
})
