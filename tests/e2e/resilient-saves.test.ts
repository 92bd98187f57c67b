import { and, eq } from 'drizzle-orm'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest'
import { contentItem, event, member } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { addCookiesTo, closedCookieBannerBefore, DESKTOP, launchBrowser, toastsLoaded, visit } from '../support/browser'
import { createCompanyAdmin, createMemberWithRole } from '../support/fixtures'

/*
 * The admin's forms when a save cannot get through: the network drops during it, or the server
 * fails. Each says so in a toast with the text of what was being done, keeps what was typed, and
 * the page stays (never its error screen).
 */

const baseUrl = inject('baseUrl')
let browser: Browser
let admin: Awaited<ReturnType<typeof createCompanyAdmin>>

const NETWORK_ERROR = 'Network error. Check your connection and try again.'
const UPDATE_FAILED = 'Update failed. Please try again.'
const DELETE_FAILED = 'Delete failed. Please try again.'
const SAVE_FAILED = 'Save failed. Nothing was changed: please try again.'

async function adminPage() {
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl })
  await addCookiesTo(context, baseUrl, admin.client.cookies)
  // The cookie banner already answered: it would cover the toasts, and offline it cannot load its choices.
  await closedCookieBannerBefore(context)
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  // Said when a test fails: once (ci-u), a click made just after the network went timed out as if
  // the page were navigating or not answering. What the page did tells which.
  const happenings: string[] = []
  page.on('framenavigated', (frame) => frame === page.mainFrame() && happenings.push(`navigated to ${frame.url()}`))
  page.on('requestfailed', (request) =>
    happenings.push(`failed: ${request.method()} ${request.url()} (${request.failure()?.errorText})`),
  )
  page.on('console', (message) => message.type() === 'error' && happenings.push(`console: ${message.text()}`))
  page.on('crash', () => happenings.push('the page crashed'))
  onTestFailed(() => console.error(`What the page did:\n${happenings.join('\n')}`))
  return { page, errors }
}

/** Waits for the toast saying `text`, then dismisses it (the next step's toast may say the same). */
async function expectToast(page: Page, text: string) {
  const toast = page.locator('[data-sonner-toast]', { hasText: text }).last()
  await toast.waitFor()
  // Clicked in the page: the stacked toasts slide while they settle, and Playwright would wait for them to stop.
  await toast.getByRole('button', { name: 'Close toast' }).dispatchEvent('click')
  await toast.waitFor({ state: 'detached' })
}

/** The page is still there, not its error screen. */
async function expectNoErrorScreen(page: Page) {
  expect(await page.getByTestId('admin-error').count()).toBe(0)
}

/** Every action post (React Router's `.data` request) is answered with a server failure. */
async function failActionsOnTheServer(page: Page) {
  await page.route(/\.data(\?|$)/, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' })
      : route.continue(),
  )
}

async function newGallery(title: string) {
  const [row] = await withSystem((tx) =>
    tx
      .insert(contentItem)
      .values({ companyId: admin.company.id, kind: 'gallery', title })
      .returning({ id: contentItem.id }),
  )
  return row.id
}

async function galleryTitle(id: string) {
  const rows = await withSystem((tx) =>
    tx.select({ title: contentItem.title }).from(contentItem).where(eq(contentItem.id, id)),
  )
  return rows[0]?.title
}

async function roleOf(companyId: string, role: string) {
  return withSystem((tx) =>
    tx
      .select({ id: member.id })
      .from(member)
      .where(and(eq(member.organizationId, companyId), eq(member.role, role))),
  )
}

describe('admin saves that cannot get through', () => {
  beforeAll(async () => {
    browser = await launchBrowser()
    admin = await createCompanyAdmin('e2e-resilient')
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('renames a gallery with the network gone: says so, keeps the new title, and saves it once the network is back; a delete offline deletes nothing', async () => {
    const id = await newGallery('Porto Night')
    const { page, errors } = await adminPage()
    await visit(page, `/admin/content/${id}`)
    await page.getByRole('heading', { name: 'Porto Night' }).waitFor()

    await page.getByLabel('Title').fill('Porto Night — the encore')
    // The page has finished loading (the toasts' code comes right after it) before the network goes.
    await toastsLoaded(page)
    await page.context().setOffline(true)
    await page.getByRole('button', { name: 'Save details' }).click()
    await expectToast(page, NETWORK_ERROR)
    expect(await page.getByLabel('Title').inputValue()).toBe('Porto Night — the encore')
    await expectNoErrorScreen(page)

    await page.getByRole('button', { name: 'Delete', exact: true }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click()
    await expectToast(page, NETWORK_ERROR)
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    await expectNoErrorScreen(page)
    expect(await galleryTitle(id)).toBe('Porto Night')
    expect(await page.getByLabel('Title').inputValue()).toBe('Porto Night — the encore')

    await page.context().setOffline(false)
    await page.getByRole('button', { name: 'Save details' }).click()
    await expectToast(page, 'Saved')
    await page.getByRole('heading', { name: 'Porto Night — the encore' }).waitFor()
    expect(await galleryTitle(id)).toBe('Porto Night — the encore')
    expect(errors).toEqual([])
  })

  it('keeps the page and what was typed when the menu is passed over with the network gone, and fetches a page ahead once it is back', async () => {
    const id = await newGallery('Faro Night')
    const { page, errors } = await adminPage()
    await visit(page, `/admin/content/${id}`)
    await page.getByRole('heading', { name: 'Faro Night' }).waitFor()
    await page.getByLabel('Title').fill('Faro Night — unsaved')
    await toastsLoaded(page)
    await page.context().setOffline(true)
    const menu = page.getByRole('navigation', { name: 'Admin navigation' })
    // Every entry whose page's code is not here yet, by pointer and by keyboard: wanting to go
    // there must not cost the page (React Router reloads a page whose module import failed).
    for (const name of ['Leads', 'Comments', 'Subscription', 'Settings', 'Analytics']) {
      await menu.getByRole('link', { name }).hover()
      await menu.getByRole('link', { name }).focus()
    }
    // Time for a failed import to have had its effect.
    await page.waitForTimeout(1_000)
    expect(page.url()).toBe(`${baseUrl}/admin/content/${id}`)
    expect(await page.getByLabel('Title').inputValue()).toBe('Faro Night — unsaved')
    await expectNoErrorScreen(page)

    await page.context().setOffline(false)
    await page.mouse.move(0, 0)
    await menu.getByRole('link', { name: 'Leads' }).hover()
    // Fetched ahead, not just asked for (the page's content security policy lets it through).
    await expect
      .poll(() =>
        page.evaluate(() =>
          performance.getEntriesByType('resource').some((entry) => /\/assets\/leads-[^/]*\.js$/.test(entry.name)),
        ),
      )
      .toBe(true)
    await menu.getByRole('link', { name: 'Leads' }).click()
    await page.waitForURL(`${baseUrl}/admin/leads`)
    expect(errors).toEqual([])
  })

  it('keeps a typed invitation, a role and a member when the network drops on the team page', async () => {
    const teammate = await createMemberWithRole(admin.company.id, 'user')
    expect(teammate).toBeDefined()
    const { page, errors } = await adminPage()
    await visit(page, '/admin/settings/team')
    const row = page.getByTestId('team-member').filter({ hasText: 'Test Member' })
    await row.waitFor()

    await page.getByLabel('E-mail').fill('new.photographer@example.test')
    await toastsLoaded(page)
    await page.context().setOffline(true)
    await page.getByRole('button', { name: 'Send invitation' }).click()
    await expectToast(page, NETWORK_ERROR)
    expect(await page.getByLabel('E-mail').inputValue()).toBe('new.photographer@example.test')

    await page.getByLabel('Role of Test Member').selectOption('manager')
    await expectToast(page, NETWORK_ERROR)
    // Not saved: the list shows the role the member still has.
    expect(await page.getByLabel('Role of Test Member').inputValue()).toBe('user')

    await row.getByRole('button', { name: 'Remove' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Remove member' }).click()
    await expectToast(page, NETWORK_ERROR)
    expect(await row.count()).toBe(1)
    expect(await roleOf(admin.company.id, 'user')).toHaveLength(1)
    await expectNoErrorScreen(page)

    await page.context().setOffline(false)
    await page.getByRole('button', { name: 'Send invitation' }).click()
    await expectToast(page, 'Invitation sent')
    await page.getByTestId('team-invitation').filter({ hasText: 'new.photographer@example.test' }).waitFor()
    expect(errors).toEqual([])
  })

  it("says the gallery's save failed, 'Update failed' or 'Delete failed' when the server fails, as fits the action, and loses nothing", async () => {
    const id = await newGallery('Lisbon Night')
    const { page, errors } = await adminPage()
    await visit(page, `/admin/content/${id}`)
    await page.getByRole('heading', { name: 'Lisbon Night' }).waitFor()
    await failActionsOnTheServer(page)

    await page.getByLabel('Title').fill('Lisbon Night — late show')
    await page.getByRole('button', { name: 'Save details' }).click()
    // A gallery's failed save is said in the spec's own words for galleries.
    await expectToast(page, 'Error updating or creating gallery')
    expect(await page.getByLabel('Title').inputValue()).toBe('Lisbon Night — late show')

    await page.getByRole('button', { name: 'Delete', exact: true }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click()
    await expectToast(page, DELETE_FAILED)
    await expectNoErrorScreen(page)
    expect(await galleryTitle(id)).toBe('Lisbon Night')

    await visit(page, '/admin/settings/team')
    const row = page.getByTestId('team-member').filter({ hasText: 'Test Member' })
    await row.waitFor()
    await page.getByLabel('Role of Test Member').selectOption('manager')
    await expectToast(page, UPDATE_FAILED)
    await row.getByRole('button', { name: 'Remove' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Remove member' }).click()
    await expectToast(page, DELETE_FAILED)
    await page.getByLabel('E-mail').fill('sound.engineer@example.test')
    await page.getByRole('button', { name: 'Send invitation' }).click()
    await expectToast(page, SAVE_FAILED)
    expect(await page.getByLabel('E-mail').inputValue()).toBe('sound.engineer@example.test')
    expect(await row.count()).toBe(1)
    await expectNoErrorScreen(page)
    expect(errors).toEqual([])
  })

  it('keeps a new gallery or event typed in a page form (not a fetcher) when the save cannot get through', async () => {
    const { page, errors } = await adminPage()
    await visit(page, '/admin/content/new?kind=gallery')
    await page.getByLabel('Title').fill('Braga Festival')
    await toastsLoaded(page)
    await page.context().setOffline(true)
    await page.getByRole('button', { name: 'Create draft' }).click()
    await expectToast(page, NETWORK_ERROR)
    expect(await page.getByLabel('Title').inputValue()).toBe('Braga Festival')
    await expectNoErrorScreen(page)
    await page.context().setOffline(false)

    await visit(page, '/admin/events/new')
    await failActionsOnTheServer(page)
    await page.getByLabel('Title').fill('Braga Festival 2027')
    await page.getByRole('button', { name: 'Create event' }).click()
    await expectToast(page, SAVE_FAILED)
    expect(await page.getByLabel('Title').inputValue()).toBe('Braga Festival 2027')
    await expectNoErrorScreen(page)
    const saved = await withSystem((tx) =>
      tx.select({ id: event.id }).from(event).where(eq(event.companyId, admin.company.id)),
    )
    expect(saved).toEqual([])
    expect(errors).toEqual([])
  })

  it("keeps the gallery editor when its panels' own data gets no answer, and saves as usual", async () => {
    const id = await newGallery('Braga Night')
    const { page, errors } = await adminPage()
    // The set-list, live show and protection panels fetch their data themselves: none of it arrives.
    await page.route(/\/admin\/content\/[^/]+\/(setlist|live|protection)\.data/, (route) =>
      route.abort('internetdisconnected'),
    )
    const failed = page.waitForEvent('requestfailed', (request) => /\/setlist\.data/.test(request.url()))
    await visit(page, `/admin/content/${id}`)
    await failed
    await page.getByRole('heading', { name: 'Braga Night' }).waitFor()
    expect(await page.getByText('Something went wrong').count()).toBe(0)
    await expectNoErrorScreen(page)
    await page.getByLabel('Title').fill('Braga Night — late set')
    await page.getByRole('button', { name: 'Save details' }).click()
    await expect.poll(() => galleryTitle(id)).toBe('Braga Night — late set')
    expect(errors).toEqual([])
  })

  it("keeps the gallery editor and what was typed when its panels' own code cannot come", async () => {
    // Once (ci-u, ci-f1) the network was cut while the panels' route files were still on their
    // way: React Router, failing to import one, reloaded the page onto the browser's offline
    // screen. The panels now bring that code with the page; here those files never arrive at all.
    const id = await newGallery('Tavira Night')
    const { page, errors } = await adminPage()
    const asked: string[] = []
    await page.route(/\/assets\/content\.(live|protection|_id\.setlist)-[^/]*\.js$/, (route) => {
      asked.push(new URL(route.request().url()).pathname)
      return route.abort('internetdisconnected')
    })
    await visit(page, `/admin/content/${id}`)
    await page.getByRole('heading', { name: 'Tavira Night' }).waitFor()
    await page.evaluate(() => ((window as unknown as { stillThisPage: boolean }).stillThisPage = true))
    await page.getByLabel('Title').fill('Tavira Night — unsaved')
    // Each panel shows its own data, fetched with the code the page brought.
    for (const panel of ['setlist-panel', 'live-panel', 'gallery-protection']) await page.getByTestId(panel).waitFor()
    await page.waitForTimeout(500)
    expect(await page.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage)).toBe(true)
    expect(await page.getByLabel('Title').inputValue()).toBe('Tavira Night — unsaved')
    await expectNoErrorScreen(page)
    expect(asked).toEqual([])
    expect(errors).toEqual([])
  })
})
