import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { contentItem, event } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { closedCookieBannerBefore, DESKTOP, launchBrowser, PHONE, visit } from '../support/browser'
import { createCompanyAdmin } from '../support/fixtures'
import { keepScreenshot } from '../support/screenshots'

/*
 * A venue with years of shows: its landing lists the newest galleries and events, and a
 * festival's page its first stages, and more of each when a fan asks.
 */

const baseUrl = inject('baseUrl')
const SHOTS = path.resolve('test-results', 'landing-more')
let browser: Browser
let slug = ''

describe('a company landing with many galleries and events', () => {
  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true })
    const admin = await createCompanyAdmin('venue-e2e')
    slug = admin.company.slug
    const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000)
    await withSystem(async (tx) => {
      await tx.insert(contentItem).values(
        Array.from({ length: 30 }, (_, n) => ({
          companyId: admin.company.id,
          kind: 'gallery',
          slug: `night-${n}`,
          title: `Night ${n}`,
          status: 'published',
          publishedAt: day(n),
        })),
      )
      const [festival] = await tx
        .insert(event)
        .values(
          Array.from({ length: 22 }, (_, n) => ({
            companyId: admin.company.id,
            slug: `show-${n}`,
            title: `Show ${n}`,
            status: 'published',
            startsAt: day(n),
          })),
        )
        .returning()
      // One of them a festival with content for each stage and day (not galleries: the landing lists those).
      await tx.insert(contentItem).values(
        Array.from({ length: 26 }, (_, n) => ({
          companyId: admin.company.id,
          kind: 'single',
          slug: `stage-${n}`,
          title: `Stage ${n}`,
          status: 'published',
          publishedAt: day(n),
          eventId: festival.id,
          eventPosition: n,
        })),
      )
    })
    browser = await launchBrowser()
  }, 60_000)

  afterAll(async () => {
    await browser?.close()
  })

  /** A fan's page on a phone (or a wide screen) at `address`, the cookie banner answered. */
  async function fanAt(address: string, device: 'phone' | 'desktop' = 'phone') {
    const context = await browser.newContext(
      device === 'phone'
        ? { viewport: PHONE, baseURL: baseUrl, hasTouch: true, isMobile: true }
        : { viewport: DESKTOP, baseURL: baseUrl },
    )
    const page = await context.newPage()
    await closedCookieBannerBefore(page)
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await visit(page, address)
    return { context, page, errors }
  }

  /** Brings a section's "Show more" into view, photographs it there, and presses it as the device would. */
  async function pressShowMore(page: Page, testId: string, shot: string, press: 'click' | 'tap') {
    const button = page.getByTestId(testId)
    await button.scrollIntoViewIfNeeded()
    await keepScreenshot(page, path.join(SHOTS, shot))
    await button[press]()
  }

  it('a fan on a phone asks for more galleries from the keyboard and stays where they were', async () => {
    const { context, page, errors } = await fanAt(`/${slug}`)
    const cards = page.getByTestId('gallery-card')
    expect(await cards.count()).toBe(24)
    const more = page.getByTestId('more-galleries')
    expect(await more.textContent()).toBe('Show more galleries')
    await expect.poll(() => page.getByText('6 more').count()).toBe(1)
    await more.scrollIntoViewIfNeeded()
    const before = await page.evaluate(() => window.scrollY)
    expect(before).toBeGreaterThan(1000)
    await keepScreenshot(page, path.join(SHOTS, 'more-galleries-390.png'))
    await more.focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => cards.count()).toBe(30)
    await page.waitForURL(/\?galleries=48$/)
    // The fan is where they were, the new galleries below, and nothing more to ask for.
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - before)).toBeLessThan(200)
    expect(await page.getByTestId('more-galleries').count()).toBe(0)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    expect(errors).toEqual([])
    await context.close()
  })

  it('on a wide screen, more events come the same way', async () => {
    const { context, page, errors } = await fanAt(`/${slug}`, 'desktop')
    const rows = page.getByTestId('event-row')
    expect(await rows.count()).toBe(20)
    await pressShowMore(page, 'more-events', 'more-events-1440.png', 'click')
    await expect.poll(() => rows.count()).toBe(22)
    expect(await page.getByTestId('gallery-card').count()).toBe(24)
    expect(errors).toEqual([])
    await context.close()
  })

  it("a festival's page shows its first stages and the rest when the fan asks", async () => {
    const { context, page, errors } = await fanAt(`/${slug}/evento/show-0`)
    const items = page.getByTestId('event-item')
    expect(await items.count()).toBe(24)
    await pressShowMore(page, 'more-items', 'event-more-390.png', 'tap')
    await expect.poll(() => items.count()).toBe(26)
    expect(await items.last().textContent()).toContain('Stage 25')
    expect(errors).toEqual([])
    await context.close()
  })
})
