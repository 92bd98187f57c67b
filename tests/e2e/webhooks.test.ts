import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { contentItem } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { addCookiesTo, closedCookieBannerBefore, DESKTOP, launchBrowser, PHONE, visit } from '../support/browser'
import { makePhoto } from '../support/media-files'
import { tusUpload } from '../support/tus'
import { createCompanyAdmin } from '../support/fixtures'
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver'
import { enterpriseAdmin, verifySigned } from '../support/webhooks'
import { waitUntil } from '../support/wait'
import { keepScreenshot } from '../support/screenshots'

const baseUrl = inject('baseUrl')
const SHOTS = path.join('test-results', 'webhooks')
let browser: Browser
let admin: Page
let receiver: WebhookReceiver
let slug = ''
let galleryId = ''

describe('an admin connects their own system with a webhook', () => {
  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true })
    receiver = await startWebhookReceiver()
    const company = await enterpriseAdmin('e2e-hooks')
    slug = company.company.slug
    const [gallery] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({
          companyId: company.company.id,
          kind: 'gallery',
          title: 'Encore Night',
          slug: 'encore-night',
          requireLead: true,
        })
        .returning(),
    )
    galleryId = gallery.id
    const photo = await makePhoto(1600, 1000, '#7c3aed')
    await tusUpload(company.client, photo, {
      filename: 'encore.jpg',
      purpose: 'gallery-media',
      contentItemId: gallery.id,
    })
    browser = await launchBrowser()
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl })
    await addCookiesTo(context, baseUrl, company.client.cookies)
    admin = await context.newPage()
    await closedCookieBannerBefore(admin)
  })
  afterAll(async () => {
    await browser?.close()
    await receiver?.close()
  })

  it('adds an endpoint, then hears of a publication and of a fan leaving their e-mail, all in the delivery log', async () => {
    const errors: string[] = []
    admin.on('pageerror', (error) => errors.push(error.message))
    await visit(admin, '/admin/settings')
    await admin.getByTestId('settings-webhooks').click()
    await admin.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor()
    expect(await admin.getByTestId('webhooks-empty').isVisible()).toBe(true)

    expect(await admin.getByText('A fan left their details').isVisible()).toBe(true)
    await admin.getByLabel('Endpoint URL').fill(receiver.url('/afterglow'))
    // Every event is chosen by default; this receiver wants all but the archive.
    await admin.getByLabel(/content\.archived/).uncheck()
    await admin.getByTestId('add-webhook').click()
    const endpoint = admin.getByTestId('webhook-endpoint')
    await endpoint.waitFor()
    await expect.poll(() => admin.getByText('Endpoint added').isVisible()).toBe(true)
    expect(await endpoint.getByRole('listitem').allTextContents()).toEqual([
      'lead.created',
      'content.published',
      'download.completed',
      'event.published',
      'subscription.changed',
    ])
    expect(await admin.getByTestId('webhook-secret').textContent()).not.toMatch(/^whsec_[A-Za-z0-9+/]{32}$/)
    await admin.getByTestId('webhook-reveal').click()
    const secret = (await admin.getByTestId('webhook-secret').textContent())!
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/)

    // Publishing the gallery in the editor.
    await visit(admin, `/admin/content/${galleryId}`)
    await admin.getByRole('button', { name: 'Publish' }).click()
    await expect.poll(() => admin.getByText('Published: fans can see it now').isVisible()).toBe(true)
    await admin.getByTestId('published-share').getByRole('button', { name: 'Done' }).click()
    const published = await waitUntil(() => receiver.ofType('content.published')[0], { timeoutMs: 30_000 })
    expect(verifySigned(published, secret)).toMatchObject({
      type: 'content.published',
      data: { id: galleryId, title: 'Encore Night', kind: 'gallery' },
    })

    // A fan on a phone leaves their details before downloading.
    const fanContext = await browser.newContext({
      viewport: PHONE,
      baseURL: baseUrl,
      hasTouch: true,
      isMobile: true,
      acceptDownloads: true,
    })
    const fan = await fanContext.newPage()
    await closedCookieBannerBefore(fan)
    await expect
      .poll(
        async () => {
          await visit(fan, `/${slug}/galeria/encore-night`)
          return fan.getByTestId('public-media').count()
        },
        { timeout: 60_000 },
      )
      .toBe(1)
    await fan.getByRole('link', { name: 'Photo 1' }).click()
    const viewer = fan.locator('.yarl__root')
    await viewer.waitFor()
    await viewer.getByRole('link', { name: 'Download' }).click()
    const dialog = fan.getByRole('dialog', { name: 'Before you download' })
    await dialog.waitFor()
    await dialog.getByLabel('Full name', { exact: true }).fill('Rita Fan')
    await dialog.getByLabel('E-mail', { exact: true }).fill('rita.fan@example.com')
    await dialog.getByLabel(/I have read and accept/).check()
    await dialog.getByLabel(/processes my details/).check()
    await Promise.all([
      fan.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Continue to download' }).click(),
    ])
    const lead = await waitUntil(() => receiver.ofType('lead.created')[0], { timeoutMs: 30_000 })
    expect(verifySigned(lead, secret)).toMatchObject({
      type: 'lead.created',
      data: { fullName: 'Rita Fan', email: 'rita.fan@example.com', contentId: galleryId },
    })
    await waitUntil(() => receiver.ofType('download.completed')[0], { timeoutMs: 30_000 })
    await fanContext.close()

    // The delivery log shows both, delivered.
    await visit(admin, '/admin/settings/webhooks')
    const log = admin.getByTestId('webhook-log')
    await log.waitFor()
    for (const type of ['content.published', 'lead.created']) {
      await expect
        .poll(() => log.locator(`[data-event="${type}"][data-state="succeeded"]`).count(), { timeout: 20_000 })
        .toBe(1)
    }
    expect(await log.getByText('Delivered').count()).toBeGreaterThanOrEqual(2)
    await keepScreenshot(admin, path.join(SHOTS, 'webhooks-1440.png'), { fullPage: true })
    await admin.setViewportSize(PHONE)
    await visit(admin, '/admin/settings/webhooks')
    // Nothing wider than the phone.
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    await keepScreenshot(admin, path.join(SHOTS, 'webhooks-390.png'), { fullPage: true })

    // Removing asks first, then the empty state is back.
    await admin.getByTestId('webhook-remove').click()
    await admin.getByRole('dialog').getByRole('button', { name: 'Remove' }).click()
    await admin.getByTestId('webhooks-empty').waitFor()
    expect(errors).toEqual([])
  })

  it('shows a company below Enterprise what the plan would give, in its language, on a phone', async () => {
    const starter = await createCompanyAdmin('e2e-hooks-starter')
    const context = await browser.newContext({ viewport: PHONE, baseURL: baseUrl, locale: 'pt-BR' })
    await addCookiesTo(context, baseUrl, starter.client.cookies, [['lang', 'pt']])
    const page = await context.newPage()
    await closedCookieBannerBefore(page)
    await visit(page, '/admin/settings/webhooks')
    await page.getByTestId('webhooks-upgrade').waitFor()
    expect(await page.getByTestId('webhooks-upgrade').textContent()).toContain(
      'Webhooks fazem parte do plano Enterprise.',
    )
    expect(await page.getByTestId('webhooks-empty').textContent()).toContain('Nenhum endpoint de webhook ainda')
    // Nothing to add on a plan without webhooks.
    expect(await page.getByTestId('add-webhook').count()).toBe(0)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    await keepScreenshot(page, path.join(SHOTS, 'webhooks-starter-390.png'), { fullPage: true })
    await context.close()
  })
})
