import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import * as tus from 'tus-js-client'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { putOnPlan } from '../support/api'
import { waitForAssetsReady } from '../support/assets'
import { addCookiesTo, DESKTOP, launchBrowser, PHONE, visit } from '../support/browser'
import { createCompanyAdmin } from '../support/fixtures'
import { makePhoto } from '../support/media-files'
import { waitUntil } from '../support/wait'
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver'
import { addEndpoint, verifySigned } from '../support/webhooks'
import { keepScreenshot } from '../support/screenshots'

/*
 * An Enterprise admin creates an API key in the browser; a script of their own (plain fetch and
 * the tus client, no cookies) creates a gallery with it, uploads two photos through the resumable
 * endpoint and publishes it; fans see the gallery, and the company's own system hears of it by a
 * signed webhook. Revoking the key in the browser stops the
 * script. The reference at /docs/api renders from the app alone.
 */

const baseUrl = inject('baseUrl')
const SHOTS = path.resolve('test-results', 'api-keys')
let browser: Browser
let admin: Awaited<ReturnType<typeof createCompanyAdmin>>
let receiver: WebhookReceiver

async function adminPage(viewport: typeof DESKTOP) {
  const context = await browser.newContext({ viewport, baseURL: baseUrl })
  await addCookiesTo(context, baseUrl, admin.client.cookies)
  await context.addInitScript(() => localStorage.setItem('tracking-consent', 'declined'))
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  return { page, errors }
}

/** What an integrator's script does: fetch with the key, nothing else. */
async function api(
  key: string,
  pathname: string,
  init: { method?: string; json?: unknown; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${baseUrl}/api/v1${pathname}`, {
    method: init.method ?? (init.json ? 'POST' : 'GET'),
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...init.headers },
    body: init.json ? JSON.stringify(init.json) : undefined,
  })
  const text = await response.text()
  return { status: response.status, body: text ? JSON.parse(text) : null }
}

function upload(key: string, bytes: Buffer, metadata: Record<string, string>) {
  return new Promise<string>((resolve, reject) => {
    const transfer = new tus.Upload(bytes, {
      endpoint: `${baseUrl}/api/uploads`,
      metadata,
      headers: { authorization: `Bearer ${key}` },
      retryDelays: [],
      onSuccess: (payload) => resolve(payload.lastResponse.getHeader('Upload-Asset-Id') ?? ''),
      onError: reject,
    })
    transfer.start()
  })
}

async function createKeyInBrowser(page: Page, name: string) {
  await visit(page, '/admin/settings')
  await page.getByTestId('settings-api').click()
  await page.waitForURL('**/admin/settings/api')
  await page.getByLabel('Name', { exact: true }).fill(name)
  await page.getByLabel('Highlights', { exact: true }).selectOption('write')
  await page.getByTestId('api-key-create').click()
  const secret = page.getByTestId('api-key-secret')
  await secret.waitFor()
  // The list shows the new key (by its prefix) once the page's data is back.
  await expect.poll(() => page.getByTestId('api-key').filter({ hasText: name }).count()).toBe(1)
  return (await secret.innerText()).trim()
}

describe('API keys end to end', () => {
  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true })
    admin = await createCompanyAdmin('e2e-api')
    await putOnPlan(admin.company.id, 'enterprise')
    browser = await launchBrowser()
    receiver = await startWebhookReceiver()
  })
  afterAll(async () => {
    await browser?.close()
    await receiver?.close()
  })

  it('a key made in the browser lets a script create, fill and publish a gallery fans then see; revoking it stops the script', async () => {
    const { page, errors } = await adminPage(DESKTOP)
    const endpoint = await addEndpoint(admin.client, admin.company.id, receiver.url('/crm'), ['content.published'])
    const key = await createKeyInBrowser(page, 'Festival uploader')
    expect(key).toMatch(/^ag_live_[A-Za-z0-9_-]{43}$/)
    await keepScreenshot(page, path.join(SHOTS, 'settings-api-1440.png'), { fullPage: true })

    const created = await api(key, '/content', {
      json: { kind: 'gallery', title: 'Main stage, Saturday', requireLead: false },
      headers: { 'idempotency-key': 'gallery-saturday' },
    })
    expect(created.status).toBe(201)
    const gallery = created.body
    const assetIds = [
      await upload(key, await makePhoto(1600, 1000, '#e11d48'), {
        filename: 'first.jpg',
        filetype: 'image/jpeg',
        purpose: 'gallery-media',
        contentItemId: gallery.id,
      }),
      await upload(key, await makePhoto(1000, 1600, '#2563eb'), {
        filename: 'second.jpg',
        filetype: 'image/jpeg',
        purpose: 'gallery-media',
        contentItemId: gallery.id,
      }),
    ]
    expect(assetIds.every(Boolean)).toBe(true)
    const media = await api(key, `/content/${gallery.id}/media`)
    expect(media.body.items.map((item: { originalName: string }) => item.originalName)).toEqual([
      'first.jpg',
      'second.jpg',
    ])
    const published = await api(key, `/content/${gallery.id}/publish`, { method: 'POST' })
    expect(published.status).toBe(200)
    expect(published.body.status).toBe('published')
    const heard = await waitUntil(() => receiver.ofType('content.published')[0], { timeoutMs: 30_000 })
    expect(verifySigned(heard, endpoint.secret)).toMatchObject({
      type: 'content.published',
      data: { id: gallery.id, title: 'Main stage, Saturday' },
    })
    await waitForAssetsReady(assetIds)

    const fan = await (await browser.newContext({ viewport: PHONE, baseURL: baseUrl })).newPage()
    await visit(fan, `/${admin.company.slug}/galeria/${gallery.slug}`)
    await expect.poll(() => fan.getByRole('heading', { name: 'Main stage, Saturday' }).count()).toBeGreaterThan(0)
    await expect.poll(() => fan.locator('main img[src*="/p/"]').count()).toBeGreaterThanOrEqual(2)

    // Back in the browser: last used is shown, and revoking asks first.
    await page.reload()
    const row = page.getByTestId('api-key').filter({ hasText: 'Festival uploader' })
    await expect.poll(() => row.getByTestId('api-key-last-used').innerText()).toContain('last used')
    await row.getByTestId('api-key-revoke').click()
    await page.getByRole('button', { name: 'Revoke key' }).click()
    await expect.poll(() => row.getAttribute('data-revoked')).toBe('true')
    const refused = await api(key, '/content')
    expect(refused.status).toBe(401)
    expect(errors).toEqual([])
  })

  it('lays the API keys page out for a phone', async () => {
    const { page, errors } = await adminPage(PHONE)
    await createKeyInBrowser(page, 'Phone key')
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow).toBeLessThanOrEqual(0)
    await keepScreenshot(page, path.join(SHOTS, 'settings-api-390.png'), { fullPage: true })
    expect(errors).toEqual([])
  })

  it('renders the API reference from the app alone, at 1440 and 390 px', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const context = await browser.newContext({ viewport, baseURL: baseUrl })
      const page = await context.newPage()
      const elsewhere: string[] = []
      page.on('request', (request) => {
        const url = new URL(request.url())
        if (!['data:', 'blob:'].includes(url.protocol) && url.origin !== new URL(baseUrl).origin)
          elsewhere.push(request.url())
      })
      const refusedByPolicy: string[] = []
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) refusedByPolicy.push(message.text())
      })
      const pageErrors: string[] = []
      page.on('pageerror', (error) => pageErrors.push(error.message))
      await page.goto('/docs/api')
      // The document's own title and its operations, as Scalar draws them from /api/v1/openapi.json.
      await page.getByRole('heading', { name: 'Afterglow API' }).first().waitFor({ timeout: 30_000 })
      await expect
        .poll(() => page.getByText('Idempotent-Replayed').filter({ visible: true }).count(), { timeout: 15_000 })
        .toBeGreaterThan(0)
      // Wide screens list the operations beside the text; phones fold them into a menu.
      if (viewport.width > 1000)
        await expect
          .poll(() => page.getByText('Create a gallery or single item (a draft)').filter({ visible: true }).count())
          .toBeGreaterThan(0)
      await keepScreenshot(page, path.join(SHOTS, `docs-api-${viewport.width}.png`))
      expect(elsewhere).toEqual([])
      expect(refusedByPolicy).toEqual([])
      expect(pageErrors).toEqual([])
      await context.close()
    }
  })
})
