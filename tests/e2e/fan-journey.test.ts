import { readFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { zipEntryNames } from '../support/zip'
import { contentItem, event, lead } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { expectNoAxeViolations } from '../support/axe'
import { addCookiesTo, declineCookiesWhenAsked, DESKTOP, launchBrowser, PHONE, visit } from '../support/browser'
import { activateSubdomain, createCompanyAdmin } from '../support/fixtures'
import { makePhoto } from '../support/media-files'
import { startSecondApp } from '../support/second-app'
import { tusUpload } from '../support/tus'

/*
 * The whole fan journey the product exists for, on a phone: a shared link to a gallery, cookies,
 * the viewer, the lead dialog, a photo and the whole gallery as a ZIP; then the company finds the
 * fan in its Leads and in the CSV. Every page and dialog on the way is checked with axe-core, the
 * same pages are read in Portuguese, and the company's subdomain serves the same gallery.
 */

const baseUrl = inject('baseUrl')
let browser: Browser
let admin: Awaited<ReturnType<typeof createCompanyAdmin>>
let slug = ''
let singleId = ''

/** A finger sliding right to left across the viewer (touch events, as a phone sends them). */
async function swipeLeft(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  const y = Math.round(PHONE.height / 2)
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] })
  await touch('touchStart', 320)
  for (const x of [280, 220, 160, 100, 60]) await touch('touchMove', x)
  await touch('touchEnd', 60)
  await cdp.detach()
}

async function phoneContext(options: { locale?: string } = {}): Promise<BrowserContext> {
  return browser.newContext({
    viewport: PHONE,
    baseURL: baseUrl,
    hasTouch: true,
    isMobile: true,
    acceptDownloads: true,
    locale: options.locale ?? 'en-GB',
  })
}

describe("a fan's whole journey, on a phone", () => {
  beforeAll(async () => {
    admin = await createCompanyAdmin('journey')
    slug = admin.company.slug
    const companyId = admin.company.id
    const [show] = await withSystem((tx) =>
      tx
        .insert(event)
        .values({
          companyId,
          slug: 'porto-night',
          title: 'Porto Night',
          status: 'published',
          venue: 'Coliseu',
          location: 'Porto',
          startsAt: new Date('2026-10-17T21:00:00Z'),
        })
        .returning(),
    )
    const [gallery] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({
          companyId,
          kind: 'gallery',
          title: 'Encore',
          slug: 'encore',
          status: 'published',
          publishedAt: new Date(),
          requireLead: true,
          eventId: show.id,
        })
        .returning(),
    )
    const [single] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({
          companyId,
          kind: 'single',
          title: 'Tour Poster',
          slug: 'tour-poster',
          status: 'published',
          publishedAt: new Date(),
          eventId: show.id,
        })
        .returning(),
    )
    singleId = single.id
    for (const [index, color] of ['#be123c', '#1d4ed8', '#15803d'].entries()) {
      const photo = await makePhoto(1800, 1200, color)
      await tusUpload(admin.client, photo, {
        filename: `encore-${index}.jpg`,
        purpose: 'gallery-media',
        contentItemId: gallery.id,
      })
    }
    const poster = await makePhoto(1200, 1600, '#7c3aed')
    await tusUpload(admin.client, poster, { filename: 'poster.jpg', purpose: 'content-file', contentItemId: single.id })
    browser = await launchBrowser(['--host-resolver-rules=MAP *.afterglow.test 127.0.0.1'])
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('opens the shared gallery, accepts cookies, swipes in the viewer, leaves their details and downloads a photo and the ZIP', async () => {
    const context = await phoneContext()
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    // Hydration mismatches (e.g. a text the browser lacks a translation for) surface as console errors.
    page.on('console', (message) => {
      if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) errors.push(message.text())
    })

    // The link as WhatsApp passes it on; renditions are made in the background, so wait for them.
    await expect
      .poll(
        async () => {
          await visit(page, `/${slug}/galeria/encore?utm_source=whatsapp`)
          return page.getByTestId('public-media').count()
        },
        { timeout: 60_000 },
      )
      .toBe(3)
    const banner = page.getByRole('region', { name: /cookies/i }).or(page.getByRole('dialog', { name: /cookies/i }))
    await page.getByRole('button', { name: 'Accept', exact: true }).waitFor({ timeout: 10_000 })
    await expectNoAxeViolations(page, { label: 'gallery page with the cookie banner' })
    await page.getByRole('button', { name: 'Accept', exact: true }).click()
    await page.getByText('Cookies Accepted', { exact: true }).waitFor()
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('tracking-consent') ?? '{}').status)).toBe(
      'accepted',
    )
    expect(await banner.count()).toBeLessThanOrEqual(1)

    await page.getByRole('link', { name: 'Photo 1' }).click()
    const viewer = page.locator('.yarl__root')
    await viewer.waitFor()
    const currentPhoto = () => page.locator('.yarl__slide_current .yarl__slide_image').getAttribute('src')
    await expect.poll(currentPhoto).toMatch(/\/p\/[0-9a-f-]{36}\/w\d+\.webp$/)
    const first = await currentPhoto()
    await swipeLeft(page)
    await expect.poll(currentPhoto).not.toBe(first)
    await expectNoAxeViolations(page, { include: '.yarl__root', label: 'photo viewer' })

    await viewer.getByRole('link', { name: 'Download' }).click()
    const dialog = page.getByRole('dialog', { name: 'Before you download' })
    await dialog.waitFor()
    await expectNoAxeViolations(page, { include: '[data-testid="lead-dialog"]', label: 'lead dialog' })
    // Name, e-mail and the consents up front; phone and organisation folded away until asked for.
    expect(await dialog.getByLabel('Phone (optional)').isVisible()).toBe(false)
    await dialog.getByText('Phone and organisation (optional)').click()
    await dialog.getByLabel('Phone (optional)').waitFor()
    await dialog.getByRole('button', { name: 'Continue to download' }).click()
    await dialog.getByText('Required Fields Missing').waitFor()
    expect(await dialog.getByText('Please fill in all required fields').count()).toBe(1)
    await dialog.getByLabel('Full name', { exact: true }).fill('A')
    await dialog.getByLabel('E-mail', { exact: true }).fill('not-an-email')
    await dialog.getByRole('button', { name: 'Continue to download' }).click()
    await dialog.getByText('Name must be between 2 and 100 characters').waitFor()
    expect(await dialog.getByText('Please enter a valid email address').count()).toBe(1)
    expect(await dialog.getByText('Please accept the privacy policy to continue').count()).toBe(1)
    await expectNoAxeViolations(page, { include: '[data-testid="lead-dialog"]', label: 'lead dialog with errors' })

    await dialog.getByLabel('Full name', { exact: true }).fill('Marta Journey')
    await dialog.getByLabel('E-mail', { exact: true }).fill('marta.journey@example.com')
    await dialog.getByLabel(/I have read and accept/).check()
    await dialog.getByLabel(/processes my details/).check()
    const [photo] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Continue to download' }).click(),
    ])
    expect(photo.suggestedFilename()).toMatch(/^Encore - 0[123]\.(webp|jpg)$/)
    await page.keyboard.press('Escape')
    await expect.poll(() => viewer.count()).toBe(0)

    const [zip] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: /Download all \(ZIP\)/ }).click(),
    ])
    expect(await dialog.count()).toBe(0)
    const zipFile = path.join(os.tmpdir(), `afterglow-journey-${Date.now()}.zip`)
    await zip.saveAs(zipFile)
    // Starter: the largest web size of each photo, in gallery order.
    const names = await zipEntryNames(zipFile)
    expect(names.map((name) => name.replace(/\.(webp|jpg)$/, ''))).toEqual([
      'Encore - 01',
      'Encore - 02',
      'Encore - 03',
    ])

    // The other pages a fan passes through, each checked with axe.
    await visit(page, `/${slug}`)
    await page.getByRole('heading', { level: 1 }).waitFor()
    await expectNoAxeViolations(page, { label: 'company page' })
    await visit(page, `/${slug}/evento/porto-night`)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Porto Night')
    await expectNoAxeViolations(page, { label: 'event page' })
    await expect
      .poll(
        async () => {
          await visit(page, `/${slug}/player/${singleId}`)
          return page.locator('main img').count()
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0)
    await expectNoAxeViolations(page, { label: 'player' })
    await page.getByRole('button', { name: 'Cookie settings' }).click()
    const settings = page.getByRole('dialog', { name: 'Cookie settings' })
    await settings.waitFor()
    await expectNoAxeViolations(page, { include: '[role="dialog"]', label: 'cookie settings dialog' })
    await page.keyboard.press('Escape')
    await visit(page, '/')
    await expectNoAxeViolations(page, { label: 'marketing site' })
    expect(errors).toEqual([])
    await context.close()
  })

  it('shows the company the new lead in Leads and in the CSV export', async () => {
    const [captured] = await withSystem((tx) =>
      tx.select().from(lead).where(eq(lead.email, 'marta.journey@example.com')),
    )
    expect(captured).toMatchObject({
      companyId: admin.company.id,
      fullName: 'Marta Journey',
      privacyAcceptedAt: expect.any(Date),
      dataProcessingConsent: true,
      policyVersion: '1.0',
      language: 'en',
    })

    const context = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl, acceptDownloads: true })
    await addCookiesTo(context, baseUrl, admin.client.cookies)
    const page = await context.newPage()
    await declineCookiesWhenAsked(page)
    await visit(page, '/admin/leads')
    await page.getByText('Marta Journey').first().waitFor()
    expect(await page.getByText('marta.journey@example.com').count()).toBeGreaterThan(0)
    await expectNoAxeViolations(page, { label: 'admin leads' })
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-leads').click()])
    const file = path.join(os.tmpdir(), `afterglow-journey-${Date.now()}.csv`)
    await csv.saveAs(file)
    const text = await readFile(file, 'utf8')
    expect(text.charCodeAt(0)).toBe(0xfeff)
    expect(text).toContain('Marta Journey')
    expect(text).toContain('marta.journey@example.com')
    expect(text).toContain('Encore')
    await context.close()
  })

  it('reads every fan page in Portuguese', async () => {
    const context = await phoneContext({ locale: 'pt-BR' })
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    page.on('console', (message) => {
      if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) errors.push(message.text())
    })
    await visit(page, `/${slug}/galeria/encore`)
    expect(await page.locator('html').getAttribute('lang')).toBe('pt')
    expect(await page.getByRole('link', { name: /Baixar tudo \(ZIP\)/ }).count()).toBe(1)
    expect(await page.getByText('Compartilhar', { exact: true }).count()).toBeGreaterThan(0)
    // A gallery of photos only has no Photos/Videos tabs to choose from.
    expect(await page.getByTestId('filter-tabs').count()).toBe(0)
    await page.getByRole('button', { name: 'Aceitar', exact: true }).waitFor({ timeout: 10_000 })
    await expectNoAxeViolations(page, { label: 'gallery page in Portuguese' })
    for (const [address, text] of [
      [`/${slug}`, 'Galerias'],
      [`/${slug}/evento/porto-night`, 'Porto Night'],
      [`/${slug}/player/${singleId}`, 'Tour Poster'],
      [`/${slug}/privacidade`, 'Privacidade'],
      [`/${slug}/termos`, 'Termos'],
      ['/', 'Preços'],
      ['/privacy', 'Privacidade'],
    ]) {
      await visit(page, address)
      expect(await page.locator('html').getAttribute('lang'), address).toBe('pt')
      expect((await page.locator('body').innerText()).toLowerCase(), address).toContain(text.toLowerCase())
      // Let the page hydrate: every text it shows must be in the translations it was sent.
      await page.waitForLoadState('networkidle')
    }
    expect(errors).toEqual([])
    await context.close()
  })

  it("serves the same gallery on the company's subdomain, without the company in the path", async () => {
    await activateSubdomain(admin.company)
    const second = await startSecondApp({ PLATFORM_DOMAIN: 'afterglow.test' })
    try {
      const context = await phoneContext()
      const page = await context.newPage()
      const origin = `http://${slug}.afterglow.test:${second.port}`
      await visit(page, `${origin}/galeria/encore`)
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Encore')
      expect(await page.getByTestId('public-media').count()).toBe(3)
      await visit(page, `${origin}/`)
      const galleryLink = page.locator('a[href="/galeria/encore"]').first()
      expect(await galleryLink.count()).toBe(1)
      await context.close()
    } finally {
      await second.app.stop()
    }
  })
})
