import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { contentItem, event } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { expectNoAxeViolations } from '../support/axe'
import {
  addCookiesTo,
  closedCookieBannerBefore,
  DESKTOP,
  dragStep,
  launchBrowser,
  PHONE,
  visit,
} from '../support/browser'
import { createCompanyAdmin } from '../support/fixtures'
import { keepScreenshot } from '../support/screenshots'

const baseUrl = inject('baseUrl')
const SHOTS = path.resolve('test-results', 'event-order')
let browser: Browser
let desk: BrowserContext
let page: Page
let slug = ''
let eventUrl = ''
let cookies: Map<string, string>

const poll = <T>(read: () => Promise<T> | T, timeout = 15_000) => expect.poll(read, { timeout })
const titles = (target: Page) =>
  target.getByTestId('attached-content').evaluateAll((rows) => rows.map((row) => row.querySelector('a')?.textContent))

/** Counts the posts that saved an order (answered, not only sent). */
function countReorders(target: Page) {
  const seen = { count: 0 }
  target.on('requestfinished', (request) => {
    if (request.method() === 'POST' && (request.postData() ?? '').includes('intent=reorder')) seen.count++
  })
  return seen
}

describe("the event editor orders the event's content like the gallery editor", () => {
  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true })
    const admin = await createCompanyAdmin('e2e-event-order')
    slug = admin.company.slug
    const companyId = admin.company.id
    const [show] = await withSystem((tx) =>
      tx
        .insert(event)
        .values({ companyId, slug: 'summer-night', title: 'Summer Night', status: 'published' })
        .returning(),
    )
    eventUrl = `/admin/events/${show.id}`
    // Titles whose alphabetical order is not the order they are attached in.
    for (const title of ['Doors Open', 'Main Set', 'Afterparty']) {
      await withSystem((tx) =>
        tx.insert(contentItem).values({
          companyId,
          kind: 'single',
          title,
          slug: title.toLowerCase().replace(' ', '-'),
          status: 'published',
          publishedAt: new Date(),
        }),
      )
    }
    cookies = admin.client.cookies
    browser = await launchBrowser()
    desk = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl })
    await addCookiesTo(desk, baseUrl, cookies)
    await closedCookieBannerBefore(desk)
    page = await desk.newPage()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('keeps what is attached in the order attached, then moves the last first by keyboard, in one request', async () => {
    await visit(page, eventUrl)
    for (const title of ['Doors Open', 'Main Set', 'Afterparty']) {
      await page
        .getByLabel('Choose a gallery or content to attach')
        .selectOption({ label: `${title} · Single content` })
      await page.getByRole('button', { name: 'Attach' }).click()
      await poll(() => page.getByTestId('attached-content').filter({ hasText: title }).count()).toBe(1)
    }
    expect(await titles(page)).toEqual(['Doors Open', 'Main Set', 'Afterparty'])
    // Native HTML drag is gone: the rows move with dnd-kit's grip, which a keyboard can reach.
    expect(await page.locator('[draggable="true"]').count()).toBe(0)

    const reorders = countReorders(page)
    const grip = page.getByRole('button', { name: 'Drag Afterparty to a new place' })
    await grip.focus()
    await dragStep(page, 'Space', 'Afterparty is over place 3 of 3')
    await dragStep(page, 'ArrowUp', 'Afterparty is over place 2 of 3')
    await dragStep(page, 'ArrowUp', 'Afterparty is over place 1 of 3')
    await page.keyboard.press('Space')
    await poll(() => titles(page)).toEqual(['Afterparty', 'Doors Open', 'Main Set'])
    await poll(() => page.getByText('Order saved').first().isVisible()).toBe(true)
    expect(reorders.count).toBe(1)
    await page.reload()
    expect(await titles(page)).toEqual(['Afterparty', 'Doors Open', 'Main Set'])

    // Escape puts it back, and nothing is posted.
    await page.getByRole('button', { name: 'Drag Main Set to a new place' }).focus()
    await dragStep(page, 'Space', 'Main Set is over place 3 of 3')
    await dragStep(page, 'ArrowUp', 'Main Set is over place 2 of 3')
    await page.keyboard.press('Escape')
    await poll(() => page.locator('[id^="DndLiveRegion"]').textContent()).toContain('Moving Main Set cancelled')
    expect(await titles(page)).toEqual(['Afterparty', 'Doors Open', 'Main Set'])
    expect(reorders.count).toBe(1)

    await page.getByTestId('attached-content').first().scrollIntoViewIfNeeded()
    await keepScreenshot(page, path.join(SHOTS, 'event-editor-1440.png'), { fullPage: true })
    await expectNoAxeViolations(page, { label: 'event editor at 1440 px' })

    // The editor leads to what fans see, like the gallery editor: the live page opens in a new tab.
    const live = page.getByTestId('view-live')
    expect(await live.getAttribute('href')).toMatch(new RegExp(`/${slug}/evento/summer-night$`))
    expect(await page.getByRole('button', { name: 'Share' }).count()).toBeGreaterThan(0)
    const [opened] = await Promise.all([desk.waitForEvent('page'), live.click()])
    await opened.waitForLoadState('domcontentloaded')
    expect(await opened.getByRole('heading', { level: 1 }).textContent()).toContain('Summer Night')
    await opened.close()
  })

  it("shows fans the event's content in that order", async () => {
    const fans = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl })
    await fans.addInitScript(() => localStorage.setItem('tracking-consent', 'declined'))
    const fan = await fans.newPage()
    await visit(fan, `/${slug}/evento/summer-night`)
    const shown = await fan.getByRole('heading', { level: 3 }).allTextContents()
    const order = ['Afterparty', 'Doors Open', 'Main Set'].map((title) =>
      shown.findIndex((text) => text.includes(title)),
    )
    expect(order.every((index) => index >= 0)).toBe(true)
    expect([...order].sort((a, b) => a - b)).toEqual(order)
    await fans.close()
  })

  it('orders by keyboard on a phone too', async () => {
    const phone = await browser.newContext({ viewport: PHONE, baseURL: baseUrl, isMobile: true, hasTouch: true })
    await addCookiesTo(phone, baseUrl, cookies)
    await closedCookieBannerBefore(phone)
    const mobile = await phone.newPage()
    await visit(mobile, eventUrl)
    await mobile.getByRole('button', { name: 'Drag Main Set to a new place' }).focus()
    await dragStep(mobile, 'Space', 'Main Set is over place 3 of 3')
    await dragStep(mobile, 'ArrowUp', 'Main Set is over place 2 of 3')
    await mobile.keyboard.press('Space')
    await poll(() => titles(mobile)).toEqual(['Afterparty', 'Main Set', 'Doors Open'])
    await poll(() => mobile.getByText('Order saved').first().isVisible()).toBe(true)
    expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    await mobile.getByTestId('attached-content').first().scrollIntoViewIfNeeded()
    await keepScreenshot(mobile, path.join(SHOTS, 'event-editor-390.png'))
    await expectNoAxeViolations(mobile, { label: 'event editor at 390 px' })
    await phone.close()
  })
})
