import AxeBuilder from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { CONSENT_BANNER_DELAY_MS, CONSENT_STORAGE_KEYS } from '#app/features/consent/consent'
import { networkQuiet } from './browser'

// The banner's entrance transition lasts 200 ms; this leaves room for a slow frame or two.
const BANNER_SETTLED_MS = CONSENT_BANNER_DELAY_MS + 500

/**
 * Waits until the page is as a person would read it: what it fetched as it came up has arrived,
 * it is hydrated, a first visit's cookie banner has had its moment, and its transitions have ended.
 */
export async function waitUntilAtRest(page: Page) {
  // Colours are judged as shown at rest: let lazily loaded parts (the consent card) arrive and
  // their entrance transitions finish.
  // A page that keeps polling on a loaded machine may not go quiet: the waits below still hold.
  await networkQuiet(page)
  // The consent banner comes 2 s after hydration on a first visit: judging the page while it
  // fades in reads its half-transparent text as too faint, so wait until it has had its moment.
  // A visitor who already chose (or closed it) is not asked again: nothing to wait for.
  await page.waitForFunction(
    ({ settledMs, keys }) => {
      const hydratedAt = performance.getEntriesByName('hydrated')[0]?.startTime
      if (hydratedAt === undefined) return false
      const chose = keys.some((key) => {
        try {
          return localStorage.getItem(key) !== null
        } catch {
          return false
        }
      })
      return chose || performance.now() - hydratedAt >= settledMs
    },
    { settledMs: BANNER_SETTLED_MS, keys: [CONSENT_STORAGE_KEYS.status, CONSENT_STORAGE_KEYS.bannerSeen] },
    { timeout: 10_000 },
  )
  await settleAnimations(page)
}

/**
 * Runs axe-core (WCAG 2.1 A and AA rules, and the landmark rules) on what the page shows now, optionally only inside
 * `include` (a dialog), and fails with a readable list of the violations.
 */
export async function expectNoAxeViolations(page: Page, options: { include?: string; label?: string } = {}) {
  await waitUntilAtRest(page)
  // Toasts come and go on their own timers: one arriving or leaving during the analysis would be
  // read half-faded. The page is judged without them, then each toast on screen alone, held still.
  let builder = axeBuilder(page).exclude(TOASTER)
  if (options.include) builder = builder.include(options.include)
  const violations = await readAtRest(page, () => builder.analyze())
  const readable = [...violations, ...(await toastViolations(page))].map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
        .map((node) => node.target.join(' '))
        .slice(0, 5)
        .join(', ')}`,
  )
  expect(readable, `accessibility violations on ${options.label ?? page.url()}`).toEqual([])
}

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']
/**
 * And axe's landmark rules (best practices outside the WCAG tags): a page a screen reader walks
 * by its landmarks has one main, one banner, and no two alike, its frames included (the admin's
 * live previews hold a fans' page of their own).
 */
const LANDMARK_RULES = Object.fromEntries(
  [
    'landmark-unique',
    'landmark-one-main',
    'landmark-no-duplicate-main',
    'landmark-no-duplicate-banner',
    'landmark-no-duplicate-contentinfo',
  ].map((rule) => [rule, { enabled: true }]),
)

/**
 * axe run in the page itself, its frames reached by axe's own messaging (legacy mode). The default
 * mode finishes every analysis in a new blank page given another copy of axe and every node's
 * results: a sizeable share of the browser tests' CPU. (Its `resultTypes` option, which would trim
 * what comes back, makes page-wide rules such as heading-order report what is not there.)
 */
const axeBuilder = (page: Page) =>
  new AxeBuilder({ page }).options({ rules: LANDMARK_RULES }).withTags(WCAG_TAGS).setLegacyMode()
const TOASTER = '[data-sonner-toaster]'

const STATUS_CARD = '[data-testid="consent-status"]'

/**
 * The consent status card greets a page load when a decision is in force: its code is fetched
 * then, it fades in, and it leaves by itself 3 s later. One that came or went while axe read the
 * page was read half-faded (its grey text as too faint): the page is then read again, once it has
 * settled. Anything on screen for the whole reading is judged as it is.
 */
async function readAtRest(page: Page, analyze: () => ReturnType<AxeBuilder['analyze']>) {
  const cardNow = () =>
    page.evaluate((selector) => {
      const card = document.querySelector(selector)
      return card ? (card.getAnimations().length > 0 ? 'moving' : 'still') : 'none'
    }, STATUS_CARD)
  for (let attempt = 1; ; attempt++) {
    const before = await cardNow()
    const { violations } = await analyze()
    const after = await cardNow()
    if ((before === after && after !== 'moving') || attempt === 3) return violations
    await settleAnimations(page)
  }
}

/** Waits for the page's transitions and finite animations to end: what it shows is at rest (spinners go on). */
export async function settleAnimations(page: Page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
        ),
    undefined,
    { timeout: 5_000 },
  )
}

/**
 * The toasts on screen, judged at rest: the pointer over them holds their timers, as it does for a
 * person reading one. A toast that came or went while axe read them makes that reading void, and
 * it is read again; the pointer leaves afterwards so they go on as they would.
 */
async function toastViolations(page: Page) {
  const toastsNow = () =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('[data-sonner-toast]')]
        .map((toast) => `${toast.dataset.index}:${toast.dataset.mounted}:${toast.dataset.removed}:${toast.textContent}`)
        .join('|'),
    )
  for (let attempt = 0; attempt < 5; attempt++) {
    const shown = page.locator('[data-sonner-toast]:not([data-removed="true"])')
    if ((await shown.count()) === 0) return []
    await shown
      .first()
      .hover({ timeout: 2_000 })
      .catch(() => undefined)
    // In place (mounted), none on its way out, and still.
    const atRest = await page
      .waitForFunction(
        () =>
          [...document.querySelectorAll<HTMLElement>('[data-sonner-toast]')].every(
            (toast) => toast.dataset.mounted === 'true' && toast.dataset.removed !== 'true',
          ),
        undefined,
        { timeout: 5_000 },
      )
      .then(() => true)
      .catch(() => false)
    if (!atRest) continue
    await settleAnimations(page)
    const before = await toastsNow()
    // The last toast leaving mid-reading takes the toaster with it (axe then finds nothing to read).
    const reading = await axeBuilder(page)
      .include(TOASTER)
      .analyze()
      .catch(() => undefined)
    const after = await toastsNow()
    await page.mouse.move(0, 0)
    if (reading && before === after) return reading.violations
  }
  throw new Error('the toasts on screen never stood still long enough to be judged')
}
