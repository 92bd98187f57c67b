import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { addCookiesTo, closedCookieBannerBefore, DESKTOP, launchBrowser, PHONE, visit } from '../support/browser'
import { createCompanyAdmin } from '../support/fixtures'
import { keepScreenshot } from '../support/screenshots'

/*
 * The admin's pages of one kind share one width (app/components/page-width.ts): lists, tables and
 * dashboards are wide, a column of fields or settings is a form's width. Measured on a wide screen,
 * where every width the pages once had (4xl, 5xl, 6xl, 1100 px, 1400 px…) would show apart.
 */
const baseUrl = inject('baseUrl')
const SHOTS = path.resolve('test-results', 'admin-page-widths')
const WIDE_SCREEN = { width: 1920, height: 1080 }

const WIDE = [
  '/admin',
  '/admin/content',
  '/admin/events',
  '/admin/leads',
  '/admin/comments',
  '/admin/settings/audit',
  '/admin/subscription',
]
const FORM = [
  '/admin/settings',
  '/admin/settings/company-data',
  '/admin/settings/security',
  '/admin/settings/team',
  '/admin/settings/api',
  '/admin/status',
  '/admin/content/new',
  '/admin/events/new',
]

let browser: Browser
let admin: Awaited<ReturnType<typeof createCompanyAdmin>>

async function adminPage(viewport: typeof DESKTOP) {
  const context = await browser.newContext({ viewport, baseURL: baseUrl })
  await addCookiesTo(context, baseUrl, admin.client.cookies)
  const page = await context.newPage()
  await closedCookieBannerBefore(page)
  return page
}

/** Where the page's content column starts and how wide it is, read from its title's column. */
async function columnOf(page: Page, url: string) {
  await visit(page, url)
  const title = page.locator('main h1').first()
  await title.waitFor()
  return title.evaluate((heading) => {
    let column = heading.parentElement
    // The column is the outermost box inside <main> that holds the title.
    while (column?.parentElement && column.parentElement.tagName !== 'MAIN') column = column.parentElement
    const box = column!.getBoundingClientRect()
    return { left: Math.round(box.left), width: Math.round(box.width) }
  })
}

describe("the admin's pages of one kind", () => {
  beforeAll(async () => {
    admin = await createCompanyAdmin('e2e-widths')
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('line up: every list as wide as the others, every form as the others, forms narrower than lists', async () => {
    const page = await adminPage(WIDE_SCREEN)
    const wide = new Map<string, { left: number; width: number }>()
    for (const url of WIDE) wide.set(url, await columnOf(page, url))
    const form = new Map<string, { left: number; width: number }>()
    for (const url of FORM) form.set(url, await columnOf(page, url))
    const [wideColumn] = wide.values()
    const [formColumn] = form.values()
    for (const [url, column] of wide) expect(column, url).toEqual(wideColumn)
    for (const [url, column] of form) expect(column, url).toEqual(formColumn)
    expect(formColumn.width).toBeLessThan(wideColumn.width)
    await page.context().close()
  })

  it('fit a phone without scrolling sideways, and show at 1440 px', async () => {
    const phone = await adminPage(PHONE)
    const desktop = await adminPage(DESKTOP)
    for (const url of [...WIDE, ...FORM]) {
      await visit(phone, url)
      await phone.locator('main h1').first().waitFor()
      expect(await phone.evaluate(() => document.documentElement.scrollWidth), url).toBeLessThanOrEqual(PHONE.width)
      const name = url.replace(/^\/admin\/?/, '').replace(/\//g, '-') || 'dashboard'
      await keepScreenshot(phone, path.join(SHOTS, `${name}-390.png`), { fullPage: true })
      await visit(desktop, url)
      await keepScreenshot(desktop, path.join(SHOTS, `${name}-1440.png`), { fullPage: true })
    }
  })
})
