import { existsSync } from 'node:fs'
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core'
import { CONSENT_STORAGE_KEYS, CONSENT_VERSION } from '#app/features/consent/consent'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

// The flags keep headless Chromium off the network (this machine has none) and quiet.
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** One Chromium per set of flags for the whole run (the files run one after another in one worker). */
const running = new Map<string, Promise<Browser>>()

/**
 * A browser for one test file: Chromium is started once per run and flags, and each file gets a
 * view of it whose `close()` closes only the contexts that file opened. A launch is slow on a
 * loaded machine, a context far cheaper; contexts share no cookies, storage or cache.
 * Playwright stops the browser when the worker process exits.
 */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}. Install it with: apt-get install -y chromium`)
  const args = [...FLAGS, ...extraArgs]
  const key = args.join(' ')
  let launched = running.get(key)
  if (!launched) {
    launched = chromium.launch({ executablePath: CHROMIUM_PATH, args })
    running.set(key, launched)
    // A browser that crashed is started again for the next file.
    launched.then((browser) => browser.on('disconnected', () => running.delete(key))).catch(() => running.delete(key))
  }
  const browser = await launched
  const opened = new Set<BrowserContext>()
  return new Proxy(browser, {
    get(target, property) {
      if (property === 'newContext') {
        return async (...options: Parameters<Browser['newContext']>) => {
          const context = await target.newContext(...options)
          context.on('page', trackRequests)
          opened.add(context)
          context.on('close', () => opened.delete(context))
          return context
        }
      }
      if (property === 'close')
        return async () => void (await Promise.all([...opened].map((context) => context.close())))
      const value: unknown = Reflect.get(target, property, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

/** The requests each page of the suite's contexts has under way (see networkQuiet). */
const underWay = new WeakMap<Page, Set<Request>>()

function trackRequests(page: Page) {
  const requests = new Set<Request>()
  underWay.set(page, requests)
  page.on('request', (request) => {
    // A live page's event stream stays open for as long as the page does: it is not a load.
    if (request.resourceType() !== 'eventsource') requests.add(request)
  })
  page.on('requestfinished', (request) => requests.delete(request))
  page.on('requestfailed', (request) => requests.delete(request))
}

/**
 * Waits until `page` has had no request under way for `quietMs`: what the page fetched as it
 * came up (a lazily loaded part, its data) has arrived. Playwright's 'networkidle' waits 500 ms
 * of quiet, never comes on a page holding an event stream open, and once reached after a load
 * answers at once whatever has started since; this counts the page's own requests as they come
 * and go. A page that never goes quiet is given up on after `timeoutMs`, as before.
 */
export async function networkQuiet(page: Page, { quietMs = 200, timeoutMs = 10_000 } = {}) {
  const requests = underWay.get(page)
  if (!requests) return void (await page.waitForLoadState('networkidle', { timeout: timeoutMs }).catch(() => undefined))
  const deadline = Date.now() + timeoutMs
  let quietSince = requests.size === 0 ? Date.now() : null
  while (Date.now() < deadline) {
    if (requests.size > 0) quietSince = null
    else if (quietSince === null) quietSince = Date.now()
    else if (Date.now() - quietSince >= quietMs) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/**
 * Gives a browser context the cookies of a test's HTTP client (a signed-in session, a lead) and
 * any more (the language), for `url`'s site: the browser then is that person.
 */
export async function addCookiesTo(
  context: BrowserContext,
  url: string,
  ...jars: Iterable<readonly [string, string]>[]
) {
  await context.addCookies(jars.flatMap((jar) => [...jar]).map(([name, value]) => ({ name, value, url })))
}

/**
 * A visitor who closed the cookie banner on an earlier visit without choosing: it does not come
 * again. For tests about something else: the banner would cover what they use, and judging a
 * page's accessibility would first wait out its entrance, 2 s after the page is up. The banner's
 * own tests (cookie-consent) and a fan's first visit (fan-journey) meet it.
 */
export async function closedCookieBannerBefore(target: BrowserContext | Page) {
  await target.addInitScript(
    ({ key, version }) => localStorage.setItem(key, JSON.stringify({ version, timestamp: new Date().toISOString() })),
    { key: CONSENT_STORAGE_KEYS.bannerSeen, version: CONSENT_VERSION },
  )
}

/**
 * Answers the cookie banner whenever it comes in the way of what the test does next, as a person
 * would (it comes 2 s after a first visit's load, over the bottom of the screen): declines, in any
 * language. For tests about something else; the banner's own tests drive it themselves.
 */
export async function declineCookiesWhenAsked(page: Page) {
  await page.addLocatorHandler(
    page.getByTestId('consent-banner'),
    async (banner) => {
      // Beneath something opened since it came, it is out of reach, and out of the way.
      const decline = banner.getByTestId('consent-decline')
      const reachable = await decline.evaluate((button) => {
        const box = button.getBoundingClientRect()
        const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)
        return top !== null && button.contains(top)
      })
      // A dialog opened meanwhile (the photo viewer) hides it until it closes: then nothing is in the way.
      if (reachable)
        await decline.click({ timeout: 5000 }).catch(async (error: unknown) => {
          if (await banner.isVisible()) throw error
        })
    },
    { noWaitAfter: true },
  )
}

export const DESKTOP = { width: 1440, height: 900 }
export const PHONE = { width: 390, height: 844 }

/**
 * Opens `url` as a user would and waits until the page has hydrated. The browser's `load` comes
 * before React Router's entry script (a dynamic import) has run; a click in that window submits
 * forms natively, past the page's handlers and past a test's interception of `.data` requests.
 */
export async function visit(page: Page, url: string, options?: Parameters<Page['goto']>[1]) {
  const response = await page.goto(url, options)
  await hydrated(page)
  return response
}

/** Waits until the page now shown (after a link that loads a whole page, say) has hydrated. */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
}

/**
 * Staff screens fetch the toasts' code once the page is up (preloadToasts): waits until it has
 * arrived, so the network can go. Playwright's 'networkidle' is no such wait: once reached after
 * the load, it answers at once, even while a fetch started by hydration is still under way.
 */
export async function toastsLoaded(page: Page) {
  await page.waitForFunction(() =>
    performance.getEntriesByType('resource').some((entry) => /\/assets\/toaster-[^/]*\.js$/.test(entry.name)),
  )
}

/** What dnd-kit last told the screen reader. */
const announcement = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[id^="DndLiveRegion"]')].map((region) => region.textContent ?? '').join(' '),
  )

/**
 * One step of a keyboard drag (dnd-kit): presses `key`, then waits until the screen reader has
 * been told `announced` (picking an item up is announced as being over its own place). dnd-kit
 * works out an arrow key's target from where its last render put the item: a key pressed before
 * that render moves from a stale place (on a busy machine, two arrows pressed close together once moved the
 * item one place instead of two). Right after the pick-up it has not measured the grid yet, and
 * an arrow then moves nothing (its coordinate getter has no rectangles to choose from): with the
 * announcement unchanged, the key is pressed again, which is still one step.
 */
export async function dragStep(page: Page, key: string, announced: string) {
  const before = await announcement(page)
  const deadline = Date.now() + 15_000
  for (;;) {
    await page.keyboard.press(key)
    try {
      await page.waitForFunction(
        (text) =>
          [...document.querySelectorAll('[id^="DndLiveRegion"]')].some((region) => region.textContent?.includes(text)),
        announced,
        { timeout: 2_000 },
      )
      return
    } catch (error) {
      if ((await announcement(page)) !== before || Date.now() > deadline) throw error
    }
  }
}

export type ReportedEvent = { type: string; contentId?: string; assetId?: string }

/** The events `page` reports to the analytics (what the views and the rest are counted from), as it sends them. */
export function reportedEvents(page: Page) {
  const events: ReportedEvent[] = []
  page.on('request', (request) => {
    if (request.method() !== 'POST' || new URL(request.url()).pathname !== '/api/events') return
    events.push(...((JSON.parse(request.postData() ?? '{}') as { events?: ReportedEvent[] }).events ?? []))
  })
  return events
}

/**
 * The fan leaving the page as the analytics see it: the page sends what it noted on `pagehide`.
 * Dispatched in the page, which stays, so the beacon is seen (one sent as a page unloads is not).
 */
export async function leave(page: Page) {
  await page.evaluate(() => dispatchEvent(new PageTransitionEvent('pagehide')))
}
