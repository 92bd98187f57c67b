import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { asset, contentItem } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { expectNoAxeViolations, settleAnimations } from '../support/axe'
import { addCookiesTo, closedCookieBannerBefore, DESKTOP, launchBrowser, PHONE, visit } from '../support/browser'
import { createCompanyAdmin, createMemberAccount, latestMail, uniqueEmail } from '../support/fixtures'
import { waitUntil } from '../support/wait'
import { keepScreenshot } from '../support/screenshots'

const baseUrl = inject('baseUrl')
const SHOTS = path.resolve('test-results', 'live-drop')
const poll = <T>(read: () => Promise<T> | T, timeout = 30_000) => expect.poll(read, { timeout, interval: 250 })

async function stagePhoto(name: string, hue: number) {
  const buffer = await sharp({
    create: {
      width: 1600,
      height: 1067,
      channels: 3,
      background: { r: hue, g: 60, b: 255 - hue },
      noise: { type: 'gaussian', mean: 110, sigma: 30 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer()
  return { name, mimeType: 'image/jpeg', buffer }
}

async function contextFor(
  browser: Browser,
  viewport: { width: number; height: number },
  cookies: Map<string, string> | null,
) {
  const context = await browser.newContext({ viewport, baseURL: baseUrl })
  if (cookies) await addCookiesTo(context, baseUrl, cookies)
  await closedCookieBannerBefore(context)
  return context
}

async function assetNamed(galleryId: string, name: string) {
  return waitUntil(async () => {
    const [row] = await withSystem((tx) =>
      tx
        .select({ id: asset.id, moderation: asset.moderation, originalName: asset.originalName })
        .from(asset)
        .where(eq(asset.contentItemId, galleryId)),
    )
    return row && row.originalName === name ? row : undefined
  })
}

describe('a live show: the photographer uploads, the manager approves, fans and the venue wall see it without reloading', () => {
  let browser: Browser
  const contexts: BrowserContext[] = []
  let galleryId = ''
  let galleryPath = ''
  let wallToken = ''
  let photographer: Page
  let manager: Page
  let fan: Page
  let wall: Page

  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true })
    const admin = await createCompanyAdmin('e2e-live')
    const [gallery] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({
          companyId: admin.company.id,
          kind: 'gallery',
          title: 'Night Owls — Tonight',
          slug: 'tonight',
          status: 'published',
          publishedAt: new Date(),
          location: 'Roundhouse, London',
        })
        .returning(),
    )
    galleryId = gallery.id
    galleryPath = `/${admin.company.slug}/galeria/tonight`
    expect(
      (
        await admin.client.postForm(`/admin/content/${galleryId}/live`, {
          intent: 'live-mode',
          live: 'true',
          autoApprove: 'false',
        })
      ).json().ok,
    ).toBe(true)
    expect(
      (
        await admin.client.postForm(`/admin/content/${galleryId}/live`, { intent: 'wall-link', change: 'create' })
      ).json().ok,
    ).toBe(true)
    ;[{ wallToken }] = (await withSystem((tx) =>
      tx.select({ wallToken: contentItem.wallToken }).from(contentItem).where(eq(contentItem.id, galleryId)),
    )) as [{ wallToken: string }]
    // The photographer's role edits drafts only: at a live show they upload into the tray.
    const shooter = await createMemberAccount(admin.company.id, 'user')
    const boss = await createMemberAccount(admin.company.id, 'manager')
    browser = await launchBrowser()
    const [shooterContext, managerContext, fanContext, wallContext] = await Promise.all([
      contextFor(browser, DESKTOP, shooter.client.cookies),
      contextFor(browser, DESKTOP, boss.client.cookies),
      contextFor(browser, PHONE, null),
      contextFor(browser, DESKTOP, null),
    ])
    contexts.push(shooterContext, managerContext, fanContext, wallContext)
    ;[photographer, manager, fan, wall] = await Promise.all(contexts.map((context) => context.newPage()))
  }, 120_000)
  afterAll(async () => {
    await browser?.close()
  })

  it('holds the upload in the tray until one keyboard tap approves it, then shows it on the open fan page and the wall', async () => {
    await visit(fan, galleryPath)
    await expect(fan.getByTestId('live-drop')).toBeDefined()
    await poll(() => fan.getByTestId('live-strip').textContent()).toContain('The first photos of the show appear here')
    await fan.evaluate(() => ((window as unknown as { stayedOpen: boolean }).stayedOpen = true))
    // A second fan behind something that refuses event streams (a proxy answering 502): the page asks every 10 s instead.
    const blocked = await contextFor(browser, PHONE, null)
    contexts.push(blocked)
    await blocked.route(/\/live\?after=/, (route) => route.fulfill({ status: 502, body: 'Bad gateway' }))
    const blockedFan = await blocked.newPage()
    await visit(blockedFan, galleryPath)
    await visit(wall, `/wall/${wallToken}`)
    await poll(() => wall.getByText('The photos of the show will appear here.').isVisible()).toBe(true)
    // No cookie banner on a venue screen.
    expect(await wall.locator('[data-testid="cookie-consent"], [role="dialog"]').count()).toBe(0)

    await visit(photographer, `/admin/content/${galleryId}`)
    await photographer
      .getByTestId('live-panel')
      .getByTestId('file-input-gallery-media')
      .setInputFiles([await stagePhoto('first-song.jpg', 200)])
    const first = await assetNamed(galleryId, 'first-song.jpg')
    expect(first.moderation).toBe('pending')

    await visit(manager, `/admin/content/${galleryId}`)
    const approveButton = manager.getByRole('button', { name: 'Approve first-song.jpg' })
    await poll(() => approveButton.isVisible()).toBe(true)
    await keepScreenshot(manager, path.join(SHOTS, 'manager-tray-1440.png'), { fullPage: true })
    // Not yet on the fans' page.
    expect(await fan.getByTestId('live-photo').count()).toBe(0)
    await approveButton.focus()
    await manager.keyboard.press('Enter')
    await poll(() => manager.getByTestId('live-tray').count()).toBe(0)

    // Reaches the fan's open page and the wall once its renditions are made, without a reload.
    await poll(() => fan.getByTestId('live-photo').count(), 60_000).toBe(1)
    await poll(() =>
      fan
        .locator(`[data-testid="live-photo"] img[src*="${first.id}"]`)
        .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0),
    ).toBe(true)
    expect(await fan.evaluate(() => (window as unknown as { stayedOpen?: boolean }).stayedOpen)).toBe(true)
    await poll(() => blockedFan.locator(`[data-testid="live-photo"] img[src*="${first.id}"]`).count(), 30_000).toBe(1)
    await poll(() => wall.getByTestId('wall').getAttribute('data-current'), 60_000).toBe(first.id)
    await poll(() =>
      wall
        .getByTestId('wall-photo')
        .evaluate(
          (image: HTMLImageElement, id) => image.src.includes(id) && image.complete && image.naturalWidth > 0,
          first.id,
        ),
    ).toBe(true)
    expect(await wall.evaluate(() => document.querySelectorAll('img').length)).toBeLessThanOrEqual(3)
    await keepScreenshot(fan, path.join(SHOTS, 'fan-live-390.png'), { fullPage: true })
    await expectNoAxeViolations(fan, { label: 'live gallery at 390 px' })
    await expectNoAxeViolations(manager, { label: 'gallery editor with the live panel at 1440 px' })
    // The photo's crossfade over, for the picture of the wall.
    await settleAnimations(wall)
    await keepScreenshot(wall, path.join(SHOTS, 'wall-1440.png'))
    await expectNoAxeViolations(wall, { label: 'venue wall at 1440 px' })
  })

  it('brings later photos in behind a "new photos" pill that moves nothing until the fan taps it', async () => {
    await photographer
      .getByTestId('live-panel')
      .getByTestId('file-input-gallery-media')
      .setInputFiles([await stagePhoto('encore.jpg', 40)])
    const approveButton = manager.getByRole('button', { name: 'Approve encore.jpg' })
    await poll(() => approveButton.isVisible()).toBe(true)
    const before = await fan.getByTestId('live-strip').boundingBox()
    await approveButton.click()
    await poll(() => fan.getByTestId('live-new-pill').textContent(), 60_000).toBe('1 new photo')
    // Under the header, never under the cookie banner at the bottom of a phone's screen.
    const pill = (await fan.getByTestId('live-new-pill').boundingBox())!
    expect(pill.y).toBeGreaterThanOrEqual(56)
    expect(pill.y + pill.height).toBeLessThan((fan.viewportSize()?.height ?? 0) / 2)
    expect(await fan.getByTestId('live-strip').boundingBox()).toEqual(before)
    expect(await fan.getByTestId('live-photo').count()).toBe(1)
    await fan.getByTestId('live-new-pill').click()
    await poll(() => fan.getByTestId('live-photo').count()).toBe(2)
    // This gallery's encore: other browser tests upload photos of the same name.
    const encore = await withSystem((tx) =>
      tx
        .select({ id: asset.id })
        .from(asset)
        .where(and(eq(asset.contentItemId, galleryId), eq(asset.originalName, 'encore.jpg'))),
    )
    // Newest first.
    expect(await fan.getByTestId('live-photo').first().locator('img').getAttribute('src')).toContain(encore[0].id)
    // The wall shows the newest next.
    await poll(() => wall.getByTestId('wall').getAttribute('data-current'), 30_000).toBe(encore[0].id)

    const desktopFan = await contexts[3].newPage()
    await visit(desktopFan, galleryPath)
    await poll(() => desktopFan.getByTestId('live-drop').isVisible()).toBe(true)
    await keepScreenshot(desktopFan, path.join(SHOTS, 'fan-live-1440.png'), { fullPage: true })
    const phoneWall = await contexts[2].newPage()
    await visit(phoneWall, `/wall/${wallToken}`)
    await poll(() => phoneWall.getByTestId('wall-photo').count()).toBe(1)
    await settleAnimations(phoneWall)
    await keepScreenshot(phoneWall, path.join(SHOTS, 'wall-390.png'))
  })

  it('answers the wall keys: space pauses, arrows move, the present button asks for full screen', async () => {
    const current = await wall.getByTestId('wall').getAttribute('data-current')
    await wall.keyboard.press('ArrowRight')
    await poll(() => wall.getByTestId('wall').getAttribute('data-current')).not.toBe(current)
    await wall.keyboard.press(' ')
    await poll(() => wall.getByRole('button', { name: 'Play' }).isVisible()).toBe(true)
    // Headless Chromium has no screen to fill: what is checked is that full screen is asked for.
    await wall.evaluate(() => {
      const counted = window as unknown as { fullscreenAsked: number }
      counted.fullscreenAsked = 0
      document.documentElement.requestFullscreen = () => {
        counted.fullscreenAsked++
        return Promise.resolve()
      }
    })
    await wall.getByTestId('wall-present').click()
    await wall.keyboard.press('f')
    expect(await wall.evaluate(() => (window as unknown as { fullscreenAsked: number }).fullscreenAsked)).toBe(2)
  })

  it('e-mails the fan who asked once the manager ends the show', async () => {
    const email = uniqueEmail('live-e2e')
    await fan.getByTestId('live-follow-open').click()
    const form = fan.getByTestId('live-follow-form')
    await form.getByRole('textbox', { name: 'Full name' }).fill('Kim Encore')
    await form.getByRole('textbox', { name: 'E-mail' }).fill(email)
    await form.locator('input[name="privacyAccepted"]').check()
    await form.locator('input[name="dataProcessingConsent"]').check()
    await fan.getByRole('button', { name: 'E-mail me the photos' }).click()
    await poll(() => fan.getByTestId('live-follow-done').textContent()).toContain(
      "We'll e-mail you the photos when the show ends.",
    )
    expect(await latestMail(email)).toBeUndefined()

    await manager.getByTestId('live-switch').click()
    await poll(() => manager.getByTestId('live-switch').getAttribute('aria-checked')).toBe('false')
    await keepScreenshot(fan, path.join(SHOTS, 'fan-follow-390.png'), { fullPage: true })
    await poll(() =>
      fan.evaluate(
        () =>
          document.querySelector('[data-testid="live-drop"] h2')?.textContent ?? document.body.innerText.slice(0, 300),
      ),
    ).toContain('Ended')
    const mail = await waitUntil(() => latestMail(email), {
      timeoutMs: 30_000,
      message: 'no show-ended e-mail in the outbox',
    })
    expect(mail.subject).toBe('Your photos of Night Owls — Tonight are here')
    expect(mail.text).toContain(`${baseUrl}${galleryPath}`)
  })
})
