import { randomUUID } from 'node:crypto'
import { mkdir } from 'node:fs/promises'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { organization } from '#db/schema'
import { getDb } from '#app/lib/db.server'
import { CONSENT_BANNER_DELAY_MS, CONSENT_STATUS_CARD_MS } from '#app/features/consent/consent'
import { addCookiesTo, DESKTOP, hydrated, launchBrowser, PHONE, visit } from '../support/browser'
import { createCompanyAdmin } from '../support/fixtures'
import { keepScreenshot } from '../support/screenshots'

const baseUrl = inject('baseUrl')
let browser: Browser
let context: BrowserContext | undefined

type Stored = {
  status: unknown
  preferences: { version: string; timestamp: string; preferences: Record<string, boolean>; audit: unknown[] } | null
  seen: unknown
}

/**
 * A context whose pages' clock the test moves: the banner's 2 s and the card's 3 s pass at once
 * when the test says so, instead of being waited out (they were most of this file's minute).
 * Time still flows on its own between the test's moves.
 */
async function contextWithClock(options: Parameters<Browser['newContext']>[0]) {
  context = await browser.newContext(options)
  await context.clock.install()
  return context
}

async function phonePage(locale = 'en-US') {
  context = await contextWithClock({ viewport: PHONE, baseURL: baseUrl, hasTouch: true, isMobile: true, locale })
  const page = await context.newPage()
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(error.message))
  // Hydration mismatches and React warnings reach the console as errors.
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text())
  })
  return { page, problems }
}

function readStored(page: Page): Promise<Stored> {
  return page.evaluate(() => {
    const read = (key: string) => JSON.parse(localStorage.getItem(key) ?? 'null')
    return {
      status: read('tracking-consent'),
      preferences: read('cookie-preferences'),
      seen: read('consent-banner-seen'),
    }
  })
}

/** Total layout shift so far, from the browser's own measurement. */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const shifts = list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>
          resolve(shifts.filter((shift) => !shift.hadRecentInput).reduce((sum, shift) => sum + shift.value, 0))
        }).observe({ type: 'layout-shift', buffered: true })
        setTimeout(() => resolve(0), 300)
      }),
  )
}

/**
 * Lets the banner's 2 s pass, then waits for it and its entrance (200 ms, sliding up): measured
 * mid-way, its buttons stood at different heights.
 */
async function waitForBanner(page: Page) {
  await page.clock.fastForward(CONSENT_BANNER_DELAY_MS)
  const banner = page.getByTestId('consent-banner')
  await banner.waitFor({ timeout: 6000 })
  await banner.evaluate((element) =>
    Promise.allSettled(element.getAnimations().map((animation) => animation.finished)).then(() => undefined),
  )
}

/** The page's own clock (Date.now(), moved by the test). */
const pageNow = (page: Page) => page.evaluate(() => Date.now())

/** Moves the page's clock on to `at`, or leaves it where it is if it is already past. */
async function clockTo(page: Page, at: number) {
  const now = await pageNow(page)
  if (at > now) await page.clock.fastForward(at - now)
}

/**
 * The card shows `count`, is still there 2 s after `since` (taken before what brought it), and is
 * gone once its 3 s have passed. Measured on the page's clock: a slow machine's delays between
 * the steps count for nothing.
 */
async function expectStatusCardToHide(page: Page, count: string, since: number) {
  const card = page.getByTestId('consent-status')
  await card.waitFor()
  const seenAt = await pageNow(page)
  expect(await page.getByTestId('consent-status-count').textContent()).toBe(count)
  await clockTo(page, since + 2000)
  expect(await card.isVisible()).toBe(true)
  await clockTo(page, seenAt + CONSENT_STATUS_CARD_MS)
  await card.waitFor({ state: 'detached', timeout: 6000 })
}

describe('cookie consent on a phone', () => {
  beforeAll(async () => {
    // The spec's demo company; other test files may have created it already.
    await getDb()
      .insert(organization)
      .values({ id: randomUUID(), name: 'Afterglow Demo', slug: 'demo' })
      .onConflictDoNothing({ target: organization.slug })
    await mkdir('test-results/consent', { recursive: true })
    browser = await launchBrowser()
  })
  afterEach(async () => {
    await context?.close()
    context = undefined
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('shows the banner about 2 s after load, at the bottom, without moving the page; closing it keeps it away with no decision', async () => {
    const { page, problems } = await phonePage()
    await visit(page, '/demo')
    await page.clock.fastForward(1300)
    expect(await page.getByTestId('consent-banner').isVisible()).toBe(false)
    const shiftBefore = await layoutShift(page)
    await waitForBanner(page)
    const sinceNavigation = await page.evaluate(() => performance.now())
    expect(sinceNavigation).toBeGreaterThanOrEqual(2000)

    const box = await page.getByTestId('consent-banner').boundingBox()
    expect(box).not.toBeNull()
    expect(box!.y + box!.height).toBeGreaterThan(PHONE.height - 24)
    expect(box!.y + box!.height).toBeLessThanOrEqual(PHONE.height)
    // A compact strip: under a quarter of the phone's height, the three choices in one row.
    expect(box!.height).toBeLessThan(PHONE.height / 4)
    const rows = await Promise.all(
      ['Accept', 'Decline', 'Customize'].map(
        async (name) => (await page.getByRole('button', { name, exact: true }).boundingBox())!.y,
      ),
    )
    expect(new Set(rows).size).toBe(1)
    await keepScreenshot(page, 'test-results/consent/banner-en-390.png')
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
    expect(await layoutShift(page)).toBe(shiftBefore)

    await page.getByRole('button', { name: 'Close without choosing' }).click()
    await page.getByTestId('consent-banner').waitFor({ state: 'hidden' })
    const stored = await readStored(page)
    expect(stored.status).toBeNull()
    expect(stored.preferences).toBeNull()
    expect(stored.seen).toMatchObject({ version: '1.0' })

    await page.reload()
    await hydrated(page)
    await page.clock.fastForward(3000)
    expect(await page.getByTestId('consent-banner').isVisible()).toBe(false)
    expect(await page.getByTestId('consent-status').count()).toBe(0)
    expect(problems).toEqual([])
  })

  it('accept: toast, 4/4 card that hides; no card on the next loads; Cookie settings → locked necessary, marketing off, Save Preferences', async () => {
    const { page, problems } = await phonePage()
    await visit(page, '/demo')
    await waitForBanner(page)
    const since = await pageNow(page)
    await page.getByRole('button', { name: 'Accept', exact: true }).click()
    await page.getByText('Cookies Accepted', { exact: true }).waitFor()
    await expectStatusCardToHide(page, '4/4 enabled', since)
    const accepted = await readStored(page)
    expect(accepted.status).toMatchObject({ status: 'accepted', version: '1.0' })
    expect(accepted.preferences?.preferences).toEqual({
      necessary: true,
      functional: true,
      analytics: true,
      marketing: true,
    })
    expect(accepted.preferences?.audit).toHaveLength(1)

    // The card came once, with the choice: the next page loads show neither it nor the banner
    // (a card greeting every page covered the bottom of a gallery on a phone).
    await page.reload()
    await hydrated(page)
    await page.clock.fastForward(3000)
    expect(await page.getByTestId('consent-banner').isVisible()).toBe(false)
    expect(await page.getByTestId('consent-status').count()).toBe(0)

    await page.getByRole('button', { name: 'Cookie settings' }).first().click()
    const dialog = page.getByRole('dialog', { name: 'Cookie settings' })
    await dialog.waitFor()
    const necessary = dialog.getByRole('switch', { name: 'Necessary' })
    expect(await necessary.getAttribute('aria-checked')).toBe('true')
    expect(await necessary.isDisabled()).toBe(true)
    expect(await dialog.getByText('They cannot be disabled.', { exact: false }).count()).toBe(1)
    const marketing = dialog.getByRole('switch', { name: 'Marketing' })
    expect(await marketing.getAttribute('aria-checked')).toBe('true')
    await marketing.click()
    expect(await marketing.getAttribute('aria-checked')).toBe('false')
    await dialog.getByRole('button', { name: 'Save Preferences' }).click()
    await page.getByText('Preferences Saved', { exact: true }).waitFor()
    await dialog.waitFor({ state: 'detached' })
    expect(await page.getByTestId('consent-status-count').textContent()).toBe('3/4 enabled')

    const saved = await readStored(page)
    expect(saved.status).toMatchObject({ status: 'accepted', version: '1.0' })
    expect(saved.preferences).toMatchObject({
      version: '1.0',
      preferences: { necessary: true, functional: true, analytics: true, marketing: false },
    })
    expect(saved.preferences?.audit).toHaveLength(2)
    expect(saved.preferences?.audit[1]).toMatchObject({
      preferences: { necessary: true, functional: true, analytics: true, marketing: false },
      url: `${baseUrl}/demo`,
      userAgent: expect.stringContaining('Mozilla'),
    })
    expect(Date.parse((saved.status as { timestamp: string }).timestamp)).toBeGreaterThan(Date.now() - 60_000)
    expect(problems).toEqual([])
  })

  it('decline on the marketing site keeps functional cookies only', async () => {
    const { page, problems } = await phonePage()
    await visit(page, '/')
    await waitForBanner(page)
    const since = await pageNow(page)
    await page.getByRole('button', { name: 'Decline' }).click()
    await page.getByText('Optional Cookies Declined', { exact: true }).waitFor()
    await expectStatusCardToHide(page, '2/4 enabled', since)
    const stored = await readStored(page)
    expect(stored.status).toMatchObject({ status: 'declined', version: '1.0' })
    expect(stored.preferences?.preferences).toEqual({
      necessary: true,
      functional: true,
      analytics: false,
      marketing: false,
    })
    expect(problems).toEqual([])
  })

  it('by keyboard: Customize, Escape gives focus back, Only Necessary, then Reset consent asks again', async () => {
    const { page, problems } = await phonePage()
    await visit(page, '/')
    await waitForBanner(page)
    const customize = page.getByRole('button', { name: 'Customize' })
    await customize.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Cookie settings' })
    await dialog.waitFor()
    // Radix moves focus in an effect after the dialog is in the page, and back after it is gone (a timer of 0 ms): polled, not read once.
    await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true)
    const functional = dialog.getByRole('switch', { name: 'Functional' })
    await functional.focus()
    await page.keyboard.press('Space')
    expect(await functional.getAttribute('aria-checked')).toBe('true')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Customize')
    expect((await readStored(page)).status).toBeNull()

    await page.keyboard.press('Enter')
    await dialog.waitFor()
    await dialog.getByRole('button', { name: 'Only Necessary' }).click()
    await page.getByText('Optional Cookies Declined', { exact: true }).waitFor()
    expect(await page.getByTestId('consent-banner').isVisible()).toBe(false)
    expect(await page.getByTestId('consent-status-count').textContent()).toBe('1/4 enabled')
    const stored = await readStored(page)
    expect(stored.status).toMatchObject({ status: 'declined' })
    expect(stored.preferences?.preferences).toEqual({
      necessary: true,
      functional: false,
      analytics: false,
      marketing: false,
    })

    await page.getByRole('button', { name: 'Manage' }).click()
    await dialog.getByRole('button', { name: 'Reset consent' }).click()
    await dialog.waitFor({ state: 'detached' })
    await waitForBanner(page)
    expect(await readStored(page)).toEqual({ status: null, preferences: null, seen: null })
    expect(problems).toEqual([])
  })

  it('speaks Portuguese to a Portuguese browser', async () => {
    const { page, problems } = await phonePage('pt-BR')
    await visit(page, '/demo')
    await waitForBanner(page)
    const banner = page.getByTestId('consent-banner')
    expect(await banner.getByRole('heading').textContent()).toBe('Cookies neste site')
    for (const name of ['Aceitar', 'Recusar', 'Personalizar'])
      expect(await banner.getByRole('button', { name, exact: true }).count()).toBe(1)
    expect((await banner.boundingBox())!.height).toBeLessThan(PHONE.height / 4)
    await keepScreenshot(page, 'test-results/consent/banner-pt-390.png')
    await banner.getByRole('button', { name: 'Personalizar' }).click()
    const dialog = page.getByRole('dialog', { name: 'Configurações de cookies' })
    await dialog.waitFor()
    for (const name of ['Aceitar todos', 'Salvar preferências', 'Apenas necessários'])
      expect(await dialog.getByRole('button', { name }).count()).toBe(1)
    expect(await dialog.getByRole('switch', { name: 'Necessários' }).isDisabled()).toBe(true)
    await dialog.getByRole('button', { name: 'Aceitar todos' }).click()
    await page.getByText('Todos os cookies aceitos', { exact: true }).waitFor()
    expect(await page.getByTestId('consent-status-count').textContent()).toBe('4/4 ativadas')
    expect(problems).toEqual([])
  })

  it('never covers the sign-up button: beside the form on a laptop, scrolled clear of it on a phone', async () => {
    for (const viewport of [{ width: 1280, height: 800 }, PHONE]) {
      context = await contextWithClock({ viewport, baseURL: baseUrl })
      const page = await context.newPage()
      await visit(page, '/auth?mode=signup')
      await waitForBanner(page)
      // As far down as the visitor can scroll: the form's last button is then clear of the banner.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
      const banner = (await page.getByTestId('consent-banner').boundingBox())!
      const button = (await page.getByRole('button', { name: 'Create account' }).boundingBox())!
      const overlaps =
        banner.x < button.x + button.width &&
        button.x < banner.x + banner.width &&
        banner.y < button.y + button.height &&
        button.y < banner.y + banner.height
      expect(overlaps, `the banner over the sign-up button at ${viewport.width} px`).toBe(false)
      await keepScreenshot(page, `test-results/consent/signup-${viewport.width}.png`)
      await context.close()
    }
  })

  it('comes with the page: nothing fetched to show it, its words follow a language switched meanwhile, never over an open dialog', async () => {
    context = await contextWithClock({ viewport: DESKTOP, baseURL: baseUrl })
    const page = await context.newPage()
    const problems: string[] = []
    page.on('pageerror', (error) => problems.push(error.message))
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text())
    })
    await visit(page, '/demo')
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
    })
    await waitForBanner(page)
    expect(scripts).toEqual([])

    // A dialog the visitor opens covers nothing of the banner's: it steps aside until that dialog closes.
    await page.evaluate(() => {
      const dialog = document.createElement('div')
      dialog.id = 'opened'
      dialog.setAttribute('role', 'dialog')
      dialog.setAttribute('data-state', 'open')
      document.body.append(dialog)
    })
    await page.getByTestId('consent-banner').waitFor({ state: 'hidden' })
    await page.evaluate(() => document.getElementById('opened')!.remove())
    await waitForBanner(page)

    await page.getByTestId('language-switcher').first().selectOption('fr')
    const banner = page.getByTestId('consent-banner')
    await expect.poll(() => banner.getByRole('heading').textContent()).toBe('Cookies sur ce site')
    expect(await banner.getAttribute('lang')).toBe('fr')
    await banner.getByRole('button', { name: 'Accepter', exact: true }).click()
    await page.getByTestId('consent-status').waitFor()
    expect((await readStored(page)).status).toMatchObject({ status: 'accepted' })
    await banner.waitFor({ state: 'hidden' })
    expect(problems).toEqual([])
  })

  it('stays compact in Spanish and French, and on a wide screen', async () => {
    for (const [locale, accept] of [
      ['es-ES', 'Aceptar'],
      ['fr-FR', 'Accepter'],
    ]) {
      const { page } = await phonePage(locale)
      await visit(page, '/demo')
      await waitForBanner(page)
      const banner = page.getByTestId('consent-banner')
      expect(await banner.getByRole('button', { name: accept, exact: true }).count()).toBe(1)
      expect((await banner.boundingBox())!.height).toBeLessThan(PHONE.height / 4)
      await keepScreenshot(page, `test-results/consent/banner-${locale.slice(0, 2)}-390.png`)
      await context?.close()
    }
    context = await contextWithClock({ viewport: DESKTOP, baseURL: baseUrl })
    const wide = await context.newPage()
    await visit(wide, '/demo')
    await waitForBanner(wide)
    await keepScreenshot(wide, 'test-results/consent/banner-en-1440.png')
  })

  it("the card only follows a choice, hides after 3 s even when clicked, and never greets a page load, in the admin or on fans' pages", async () => {
    const admin = await createCompanyAdmin('e2e-consent')
    context = await contextWithClock({ viewport: PHONE, baseURL: baseUrl, hasTouch: true, isMobile: true })
    await addCookiesTo(context, baseUrl, admin.client.cookies)
    const page = await context.newPage()
    const problems: string[] = []
    page.on('pageerror', (error) => problems.push(error.message))
    await visit(page, '/admin')
    await waitForBanner(page)
    const since = await pageNow(page)
    await page.getByRole('button', { name: 'Decline', exact: true }).click()
    const card = page.getByTestId('consent-status')
    await card.waitFor()
    const seenAt = await pageNow(page)
    // A tap on the card (not keyboard focus) does not hold it.
    await page.getByTestId('consent-status-count').click()
    await clockTo(page, since + 2000)
    expect(await card.isVisible()).toBe(true)
    await clockTo(page, seenAt + CONSENT_STATUS_CARD_MS)
    await card.waitFor({ state: 'detached', timeout: 4500 })

    // Once chosen, nothing consent-related shows up again on admin screens, loaded or navigated to.
    let seen = 0
    await page.exposeFunction('consentSeen', () => (seen += 1))
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="consent-status"],[data-testid="consent-banner"]:not([hidden])'))
          (window as unknown as { consentSeen: () => void }).consentSeen()
      }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['hidden'] })
    })
    await visit(page, '/admin/leads')
    await page.clock.fastForward(CONSENT_BANNER_DELAY_MS + CONSENT_STATUS_CARD_MS)
    await visit(page, '/admin/settings')
    await page.clock.fastForward(CONSENT_BANNER_DELAY_MS + CONSENT_STATUS_CARD_MS)
    // Nor on the fans' pages: the card came once, with the choice.
    await visit(page, '/demo')
    await page.clock.fastForward(CONSENT_BANNER_DELAY_MS + CONSENT_STATUS_CARD_MS)
    expect(seen).toBe(0)
    expect(problems).toEqual([])
  })
})
