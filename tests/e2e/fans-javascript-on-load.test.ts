import fs from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { eq } from 'drizzle-orm'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { asset, comment, contentItem } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { launchBrowser, PHONE, visit } from '../support/browser'
import { createCompanyAdmin } from '../support/fixtures'
import { makePhoto } from '../support/media-files'
import { tusUpload } from '../support/tus'

/*
 * What a fan's phone downloads of JavaScript while the gallery page loads, as Lighthouse counts it
 * (every script the page fetches, ADR 026): the first download (the integration test
 * fans-javascript.test.ts reads it from the manifest) and whatever the page fetches on its own
 * while it hydrates, with no tap. Parts in the page's HTML that a fan has to reach for (the
 * comments) come when reached, and the cookie banner's code when it is due, 2 s after the page is up.
 */

const baseUrl = inject('baseUrl')
const CLIENT = path.resolve(process.env.AFTERGLOW_BUILD_DIR || 'build', 'client')
let browser: Browser
let galleryPath = ''

/** The gallery route's first download: the entry, the root's and the route's modules and their static imports. */
function firstDownload() {
  const file = fs.readdirSync(path.join(CLIENT, 'assets')).find((name) => /^manifest-.*\.js$/.test(name))!
  const source = fs.readFileSync(path.join(CLIENT, 'assets', file), 'utf8')
  const manifest = JSON.parse(source.slice(source.indexOf('{'), source.lastIndexOf('}') + 1)) as {
    entry: { module: string; imports?: string[] }
    routes: Record<string, { module: string; imports?: string[] }>
  }
  const parts = [manifest.entry, manifest.routes.root, manifest.routes['routes/tenant/gallery']]
  return new Set(parts.flatMap((part) => [part.module, ...(part.imports ?? [])]))
}

const kilobytes = (scripts: Map<string, Buffer>) =>
  [...scripts.values()].reduce((total, body) => total + gzipSync(body, { level: 9 }).length, 0) / 1024

/** A fan's phone on a first visit; every script it fetches, by path, with its bytes. */
async function fanOnAPhone() {
  const context = await browser.newContext({ viewport: PHONE, baseURL: baseUrl, isMobile: true, hasTouch: true })
  const page = await context.newPage()
  const scripts = new Map<string, Buffer>()
  const pending: Promise<void>[] = []
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      pending.push(response.body().then((body) => void scripts.set(new URL(response.url()).pathname, body)))
  })
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  return { page, scripts, errors, settled: () => Promise.all(pending) }
}

/** Until the page has asked for nothing for a second, as Lighthouse waits for a quiet network. */
async function quiet(page: Page) {
  let last = Date.now()
  const seen = () => void (last = Date.now())
  page.on('request', seen)
  while (Date.now() - last < 1000) await page.waitForTimeout(100)
  page.off('request', seen)
}

describe("the JavaScript of a fans' gallery page on load", () => {
  beforeAll(async () => {
    const admin = await createCompanyAdmin('e2e-fans-js')
    const [gallery] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({
          companyId: admin.company.id,
          kind: 'gallery',
          slug: 'night-show',
          title: 'Night Show',
          status: 'published',
          publishedAt: new Date(),
        })
        .returning(),
    )
    for (const [index, color] of ['#e11d48', '#2563eb', '#16a34a', '#f59e0b'].entries()) {
      await tusUpload(admin.client, await makePhoto(1500, 1000, color), {
        filename: `p${index}.jpg`,
        purpose: 'gallery-media',
        contentItemId: gallery.id,
      })
    }
    await withSystem((tx) =>
      tx.insert(comment).values({
        companyId: admin.company.id,
        contentItemId: gallery.id,
        name: 'Ana',
        body: 'Best night of the tour',
        status: 'approved',
      }),
    )
    const ready = async () =>
      (
        await withSystem((tx) =>
          tx.select({ status: asset.processingStatus }).from(asset).where(eq(asset.contentItemId, gallery.id)),
        )
      ).every((row) => row.status === 'ready')
    for (const deadline = Date.now() + 90_000; !(await ready()); ) {
      if (Date.now() > deadline) throw new Error('photos not processed in time')
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
    galleryPath = `/${admin.company.slug}/galeria/night-show`
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('is the first download alone, within 120 KB of gzip, until the fan reaches for something; the banner comes with the page', async () => {
    const fan = await fanOnAPhone()
    await visit(fan.page, galleryPath)
    await quiet(fan.page)
    await fan.settled()
    const expected = firstDownload()
    // Nothing fetched on the page's own while it hydrates: the comments wait for the fan, the banner for its 2 s.
    expect([...fan.scripts.keys()].filter((script) => !expected.has(script))).toEqual([])
    expect(kilobytes(fan.scripts)).toBeLessThanOrEqual(120)
    expect(await fan.page.getByTestId('comment').textContent()).toContain('Best night of the tour')

    const loaded = new Set(fan.scripts.keys())
    await fan.page.getByTestId('consent-banner').waitFor({ timeout: 6000 })
    await quiet(fan.page)
    await fan.settled()
    // The banner is in the page's HTML: showing it fetches nothing, so a first visit stays within the 120 KB.
    expect([...fan.scripts.keys()].filter((script) => !loaded.has(script))).toEqual([])

    // Reaching for a choice brings what records it, and its looks: not the status card, the dialog or the comments.
    await fan.page.getByTestId('consent-accept').dispatchEvent('pointerover')
    await quiet(fan.page)
    await fan.settled()
    const choices = new Map([...fan.scripts].filter(([script]) => !loaded.has(script)))
    expect(choices.size).toBe(1)
    expect([...choices.keys()].filter((script) => /comments|status-card|settings-dialog/.test(script))).toEqual([])
    expect(kilobytes(choices)).toBeLessThanOrEqual(2)
    expect(fan.errors).toEqual([])
  })

  it('keeps the comments as the server drew them until their code comes, opens them without it, then hydrates them in place', async () => {
    const fan = await fanOnAPhone()
    let release = () => undefined as void
    const held = new Promise<void>((resolve) => (release = resolve))
    let asked = false
    await fan.page.route(/\/assets\/comments-section-[\w-]+\.js$/, async (route) => {
      asked = true
      await held
      await route.continue()
    })
    await fan.page.addInitScript(() =>
      document.addEventListener(
        'DOMContentLoaded',
        () =>
          ((window as unknown as { drawn: Element | null }).drawn = document.querySelector('[data-testid="comments"]')),
      ),
    )
    const sameComments = () =>
      fan.page.evaluate(
        () =>
          (window as unknown as { drawn: Element | null }).drawn === document.querySelector('[data-testid="comments"]'),
      )
    await visit(fan.page, galleryPath)
    await fan.page.getByRole('button', { name: 'Decline', exact: true }).click()

    // A photo opened and closed: the page around the comments changes, their HTML stays.
    await fan.page.getByTestId('public-media').first().locator('a').click()
    await fan.page.locator('.yarl__root').waitFor()
    await fan.page.keyboard.press('Escape')
    await fan.page.locator('.yarl__root').waitFor({ state: 'detached' })
    expect(await sameComments()).toBe(true)
    expect(asked).toBe(false)

    // Tapped before the code is there: the summary opens them as it does without JavaScript, and the code is asked for.
    await fan.page.getByTestId('comments-toggle').tap()
    await fan.page.getByTestId('comment-form').waitFor()
    // The tap asks for the code; the request reaches the network a moment after the summary opened.
    await expect.poll(() => asked).toBe(true)
    release()
    // Hydrated where they are: React answers the summary now (and follows what the fan opened).
    await expect
      .poll(() =>
        fan.page.evaluate(() =>
          Object.keys(document.querySelector('[data-testid="comments"]')!).some((key) =>
            key.startsWith('__reactFiber'),
          ),
        ),
      )
      .toBe(true)
    expect(await sameComments()).toBe(true)
    await fan.page.getByTestId('comments-toggle').tap()
    await fan.page.getByTestId('comment-form').waitFor({ state: 'hidden' })
    await fan.page.getByTestId('comments-toggle').tap()
    await fan.page.getByTestId('comment-form').waitFor()
    expect(fan.errors).toEqual([])
  })
})
