import { eq } from 'drizzle-orm'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { contentItem, organization } from '#db/schema'
import { DEFAULT_TEMPLATE, type PageTemplate } from '#app/features/companies/page-template'
import { withSystem } from '#app/lib/db.server'
import { copyReadyPhoto, waitForAssetsReady } from '../support/assets'
import { expectNoAxeViolations, waitUntilAtRest } from '../support/axe'
import { addCookiesTo, closedCookieBannerBefore, DESKTOP, launchBrowser, PHONE, visit } from '../support/browser'
import { createCompanyAdmin } from '../support/fixtures'
import type { TestClient } from '../support/http-client'
import { makePhoto } from '../support/media-files'
import { tusUpload } from '../support/tus'

/*
 * Settings → Template as an admin uses it (choices change the live preview, saving changes the
 * fans' pages), and every preset held to the fans' pages' rules: no accessibility violation, no
 * layout shift from the first paint to the end of a gallery of several pages a fan scrolls, and
 * the same scripts as the default look (no preset adds JavaScript).
 */

const baseUrl = inject('baseUrl')
// More than a page: the second arrives as the fan scrolls (the paging's own test scrolls 500 photos).
const PHOTOS = 70
let browser: Browser
let admin: Awaited<ReturnType<typeof createCompanyAdmin>>

async function pageFor(client: TestClient | null, viewport: typeof DESKTOP) {
  const context = await browser.newContext({ viewport, baseURL: baseUrl })
  if (client) await addCookiesTo(context, baseUrl, client.cookies)
  // The banner wears our own night surface whatever the template: judged in its own tests.
  await closedCookieBannerBefore(context)
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  return { page, errors }
}

/** Every preset value at least once, each row a different mix. */
const PRESETS: PageTemplate[] = [
  DEFAULT_TEMPLATE,
  { layout: 'justified', canvas: 'night', type: 'modern', cover: 'full-bleed', thumbSize: 'small', spacing: 'none' },
  { layout: 'square', canvas: 'light', type: 'classic', cover: 'split', thumbSize: 'medium', spacing: 'tight' },
  { layout: 'masonry', canvas: 'night', type: 'mono', cover: 'minimal', thumbSize: 'large', spacing: 'airy' },
  { layout: 'editorial', canvas: 'light', type: 'mono', cover: 'split', thumbSize: 'large', spacing: 'airy' },
]

/**
 * Scrolls to the very end of the page as a fan flicking fast would, three screens a flick, pages of
 * photos arriving on the way (they are asked for 3,000 px ahead).
 */
async function scrollToEnd(page: Page) {
  for (
    let i = 0;
    i < 400 &&
    (await page.evaluate(() => window.scrollY + window.innerHeight < document.documentElement.scrollHeight - 2));
    i++
  ) {
    await page.mouse.wheel(0, 2700)
    await page.waitForTimeout(60)
  }
}

const layoutShift = (page: Page) =>
  page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts.reduce((sum, value) => sum + value, 0))

describe('templates of the fans’ pages', () => {
  beforeAll(async () => {
    admin = await createCompanyAdmin('e2e-template')
    await withSystem((tx) =>
      tx.update(organization).set({ plan: 'professional' }).where(eq(organization.id, admin.company.id)),
    )
    const [gallery] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({
          companyId: admin.company.id,
          kind: 'gallery',
          title: 'Closing Night',
          slug: 'closing-night',
          status: 'published',
          publishedAt: new Date(),
        })
        .returning(),
    )
    const first = (await tusUpload(admin.client, await makePhoto(1200, 800, '#0ea5e9'), {
      filename: 'one.jpg',
      purpose: 'gallery-media',
      contentItemId: gallery.id,
    })) as { assetId: string }
    const tall = (await tusUpload(admin.client, await makePhoto(800, 1200, '#e11d48'), {
      filename: 'two.jpg',
      purpose: 'gallery-media',
      contentItemId: gallery.id,
    })) as { assetId: string }
    await waitForAssetsReady([first.assetId, tall.assetId])
    await copyReadyPhoto(first.assetId, PHOTOS / 2 - 1)
    await copyReadyPhoto(tall.assetId, PHOTOS / 2 - 1)
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('an admin picks a template, watches the preview change before saving, saves, and fans see it', async () => {
    const { page, errors } = await pageFor(admin.client, DESKTOP)
    await visit(page, '/admin/settings')
    await page.getByTestId('settings-template').click()
    await page.getByRole('heading', { name: 'Template', exact: true }).waitFor()
    const preview = page.frameLocator('[data-testid="template-preview-frame"]')
    await expect.poll(() => preview.getByTestId('media-grid').getAttribute('data-layout')).toBe('justified')
    expect(await preview.locator('[data-canvas]').getAttribute('data-canvas')).toBe('night')

    await page.getByText('Masonry columns').click()
    await page.getByText('Light', { exact: true }).click()
    await page.getByText('Classic serif').click()
    await page.getByText('Minimal', { exact: true }).click()
    await page.getByRole('radio', { name: 'Large' }).check({ force: true })
    // Unsaved, and already in the preview.
    await expect.poll(() => preview.getByTestId('media-grid').getAttribute('data-layout')).toBe('masonry')
    expect(await preview.locator('[data-canvas]').getAttribute('data-canvas')).toBe('light')
    expect(await preview.locator('[data-cover]').getAttribute('data-cover')).toBe('minimal')
    expect(
      await preview
        .getByRole('heading', { name: 'Closing Night' })
        .evaluate((heading) => getComputedStyle(heading).fontFamily),
    ).toMatch(/serif/i)
    expect(
      (
        await withSystem((tx) =>
          tx
            .select({ template: organization.template })
            .from(organization)
            .where(eq(organization.id, admin.company.id)),
        )
      )[0].template,
    ).toEqual({})

    // The preview can show the landing too, in the same unsaved choices.
    await page.getByLabel('Page to preview').selectOption('landing')
    await expect.poll(() => preview.getByTestId('landing-hero').getAttribute('data-cover')).toBe('minimal')
    await expectNoAxeViolations(page, { label: 'template settings' })

    await page.getByTestId('save-template').click()
    await page.getByText('Template saved: fans see it now').waitFor()
    const fan = await pageFor(null, PHONE)
    await visit(fan.page, `/${admin.company.slug}/galeria/closing-night`)
    expect(await fan.page.getByTestId('media-grid').getAttribute('data-layout')).toBe('masonry')
    expect(await fan.page.locator('[data-canvas]').getAttribute('data-canvas')).toBe('light')
    await visit(page, '/admin/settings')
    await expect.poll(() => page.getByTestId('settings-template-state').textContent()).toBe('Masonry columns · Light')
    expect(errors).toEqual([])
    expect(fan.errors).toEqual([])
  })

  // Five presets, each scrolled to the end of a gallery of two pages at two widths.
  it('every preset: no accessibility violation, no layout shift from the first paint to the end of a long gallery, and no added script', {
    timeout: 300_000,
  }, async () => {
    let baseline: string[] | null = null
    for (const template of PRESETS) {
      await withSystem((tx) => tx.update(organization).set({ template }).where(eq(organization.id, admin.company.id)))
      for (const viewport of [PHONE, DESKTOP]) {
        const label = `${Object.values(template).join('/')} at ${viewport.width} px`
        // What axe judges (contrast, names, roles, order) comes with a preset's canvas and type, not
        // with the width: each preset is judged at phone width, the default at both widths too.
        const judged = viewport === PHONE || template === DEFAULT_TEMPLATE
        const { page, errors } = await pageFor(null, viewport)
        const scripts: string[] = []
        page.on('request', (request) => {
          if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
        })
        await page.addInitScript(() => {
          type Shift = PerformanceEntry & {
            value: number
            hadRecentInput: boolean
            sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[]
          }
          const shifts = ((window as unknown as { __shifts: number[] }).__shifts = [] as number[])
          // What moved, where and when: a failure names it (a shift found here once was the space of a page still loading).
          const moved = ((window as unknown as { __moved: string[] }).__moved = [] as string[])
          const describe = (node: Node | null) =>
            node instanceof Element
              ? `${node.tagName.toLowerCase()}.${[...node.classList].join('.')}${node.getAttribute('data-testid') ? `[${node.getAttribute('data-testid')}]` : ''}`
              : (node?.nodeName ?? 'a box without a node (a pseudo-element)')
          const rect = (box: DOMRectReadOnly) =>
            `${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}×${Math.round(box.height)}`
          // From the first paint on: half-parsed HTML painted while the page arrives (rows shown
          // whole, app.css), then what the fan's scrolling through pages of photos moves.
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as Shift[]) {
              if (entry.hadRecentInput) continue
              shifts.push(entry.value)
              moved.push(
                `${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms, scrolled ${Math.round(window.scrollY)} of ${document.documentElement.scrollHeight} (${document.readyState}): ${entry.sources.map((source) => `${describe(source.node)} ${rect(source.previousRect)} → ${rect(source.currentRect)}`).join('; ')}`,
              )
            }
          }).observe({ type: 'layout-shift', buffered: true })
        })
        await visit(page, `/${admin.company.slug}/galeria/closing-night`)
        expect(await page.getByTestId('media-grid').first().getAttribute('data-layout'), label).toBe(template.layout)
        if (template.layout === 'masonry') {
          // Read as the photographer sorted them: the first row holds the first photos, left to right.
          const tiles = await page.getByTestId('public-media').evaluateAll((items) =>
            items.slice(0, 8).map((item) => {
              const box = item.getBoundingClientRect()
              return { top: Math.round(box.top), left: Math.round(box.left), width: box.width, height: box.height }
            }),
          )
          const columns = tiles.filter((tile) => tile.top === tiles[0].top).length
          expect(columns, label).toBe(viewport === PHONE ? 1 : 3)
          const firstRow = tiles.slice(0, columns)
          expect(
            firstRow.map((tile) => tile.left),
            label,
          ).toEqual([...firstRow.map((tile) => tile.left)].sort((a, b) => a - b))
          // Each tile as tall as its photo's proportions ask (3:2 or 2:3), give or take a row.
          for (const tile of tiles)
            expect(Math.abs(tile.width / tile.height - (tile.width > tile.height ? 1.5 : 2 / 3)), label).toBeLessThan(
              0.05,
            )
        }
        // Judged or not, the page is read at rest: what it loads after hydration is in the list below.
        if (judged) await expectNoAxeViolations(page, { label: `gallery ${label}` })
        else await waitUntilAtRest(page)
        // The last-resort screen is fetched 10 s after hydration on every page (root.tsx): a page
        // that took that long on a loaded machine fetched it too, whatever its preset.
        const loadedScripts = [...new Set(scripts)]
          .filter((script) => !script.startsWith('/assets/global-error-'))
          .sort()
        baseline ??= loadedScripts
        expect(loadedScripts, label).toEqual(baseline)
        await scrollToEnd(page)
        await expect.poll(() => page.getByTestId('public-media').count(), { message: label }).toBe(PHOTOS)
        expect(
          await layoutShift(page),
          `${label}: ${(await page.evaluate(() => (window as unknown as { __moved: string[] }).__moved)).join(' | ')}`,
        ).toBe(0)
        if (judged) {
          await visit(page, `/${admin.company.slug}`)
          await expectNoAxeViolations(page, { label: `landing ${label}` })
        }
        expect(errors, label).toEqual([])
        await page.context().close()
      }
    }
  })
})
