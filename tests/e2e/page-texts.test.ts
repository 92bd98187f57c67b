import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { contentItem } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import es from '#app/locales/es.json'
import fr from '#app/locales/fr.json'
import pt from '#app/locales/pt.json'
import { DESKTOP, hydrated, launchBrowser, PHONE } from '../support/browser'
import { createCompanyAdmin } from '../support/fixtures'

/*
 * The texts a page renders with come in a file of their own, one per language and area (ADR 072),
 * not inside every page: the page shows the server's texts at once, answers clicks once its file
 * has come, and a navigation into another area or language brings that file first.
 */

const baseUrl = inject('baseUrl')
let browser: Browser
let slug = ''

/** A page that records what it fetches of the texts and any error it logs. */
async function watchedPage(locale: string, viewport = PHONE) {
  const context = await browser.newContext({ viewport, baseURL: baseUrl, locale })
  const page = await context.newPage()
  const errors: string[] = []
  const catalogs: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text())
  })
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/i18n/')) catalogs.push(new URL(request.url()).pathname)
  })
  return { page, errors, catalogs }
}

/** Marks the document, so a later look tells a navigation in the page from a whole new load. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true))
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed === true)

describe('the texts pages render with', () => {
  beforeAll(async () => {
    const admin = await createCompanyAdmin('page-texts')
    slug = admin.company.slug
    await withSystem((tx) =>
      tx.insert(contentItem).values({
        companyId: admin.company.id,
        kind: 'gallery',
        slug: 'first-night',
        title: 'First Night',
        status: 'published',
        publishedAt: new Date(),
      }),
    )
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('a fan’s page shows the server’s Portuguese at once, waits for its texts’ file to answer clicks, then changes language in place', async () => {
    const { page, errors, catalogs } = await watchedPage('pt-BR')
    let release = () => undefined as void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/i18n\//, async (route) => {
      await held
      await route.continue()
    })
    const response = await page.goto(`/${slug}`, { waitUntil: 'domcontentloaded' })
    const html = await response!.text()
    // The page names its texts' file; it carries none of the texts it does not show.
    expect(html).toMatch(/<link rel="preload" href="\/i18n\/pt\.fans\.[\w-]{12}\.json" as="fetch" crossorigin=""\/>/)
    expect(html).not.toContain(pt.comments.form.honeypot)
    expect(await page.locator('body').innerText()).toContain('Galerias')
    await page.waitForTimeout(500)
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined()
    expect(catalogs).toEqual([expect.stringMatching(/^\/i18n\/pt\.fans\./)])

    release()
    await hydrated(page)
    await page.unroute(/\/i18n\//)
    expect(await page.locator('body').innerText()).toContain('Galerias')
    expect(catalogs).toHaveLength(1)

    await markDocument(page)
    await page.getByTestId('language-switcher').first().selectOption('es')
    await page.locator('html[lang="es"]').waitFor({ state: 'attached' })
    expect(await page.locator('body').innerText()).toContain('Galerías')
    expect(await sameDocument(page)).toBe(true)
    expect(catalogs).toEqual([
      expect.stringMatching(/^\/i18n\/pt\.fans\./),
      expect.stringMatching(/^\/i18n\/es\.fans\./),
    ])
    expect(errors).toEqual([])
    await page.context().close()
  })

  it('a language chosen before the page answers clicks is kept: the same page comes again in it', async () => {
    const { page, errors } = await watchedPage('pt-BR')
    // The Portuguese texts' file held: the page shows the server's Portuguese and has not hydrated.
    let release = () => undefined as void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/i18n\/pt\./, async (route) => {
      await held
      await route.continue()
    })
    // The page as most fans get it, from the page cache: its inline scripts allowed by their hashes.
    await page.request.get(`/${slug}/galeria/first-night?type=photo`, { headers: { 'accept-language': 'pt-BR' } })
    const kept = await page.goto(`/${slug}/galeria/first-night?type=photo`, { waitUntil: 'domcontentloaded' })
    expect(kept!.headers()['x-afterglow-cache']).toBe('hit')
    await page.waitForTimeout(300)
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined()
    await markDocument(page)
    await page.getByTestId('language-switcher').first().selectOption('fr')
    await page.locator('html[lang="fr"]').waitFor({ state: 'attached' })
    // A page of its own, at the same address with its own parameters, in French from the server on.
    expect(await sameDocument(page)).toBe(false)
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(`/${slug}/galeria/first-night?type=photo`)
    await hydrated(page)
    expect(await page.getByTestId('language-switcher').first().inputValue()).toBe('fr')
    expect(await page.locator('body').innerText()).toContain(fr.public.backToHome)
    // The choice is kept for the next page, as one made after hydration is.
    expect((await page.context().cookies()).find((cookie) => cookie.name === 'lang')?.value).toBe('fr')
    release()
    expect(errors).toEqual([])
    await page.context().close()
  })

  it('without JavaScript the language switcher has a button of its own and keeps the page’s parameters', async () => {
    const context = await browser.newContext({
      viewport: PHONE,
      baseURL: baseUrl,
      locale: 'pt-BR',
      javaScriptEnabled: false,
    })
    const page = await context.newPage()
    await page.goto(`/${slug}/galeria/first-night?type=photo`)
    const switcher = page.getByTestId('language-switcher').first()
    await switcher.selectOption('es')
    await page.getByRole('button', { name: pt.common.changeLanguage }).first().click()
    await page.locator('html[lang="es"]').waitFor({ state: 'attached' })
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(`/${slug}/galeria/first-night?type=photo`)
    expect(await switcher.inputValue()).toBe('es')
    await expect(page.getByRole('button', { name: es.common.changeLanguage }).first().isVisible()).resolves.toBe(true)
    await context.close()
  })

  it('from the marketing site to signing in, the staff’s texts come before the screen, in the visitor’s language', async () => {
    const { page, errors, catalogs } = await watchedPage('pt-BR', DESKTOP)
    await page.goto('/')
    await hydrated(page)
    await markDocument(page)
    await page.getByRole('link', { name: pt.home.login, exact: true }).first().click()
    await page.waitForURL('**/auth')
    await page.getByRole('heading', { name: 'Acesso à plataforma' }).waitFor()
    expect(await sameDocument(page)).toBe(true)
    expect(catalogs).toEqual([
      expect.stringMatching(/^\/i18n\/pt\.platform\./),
      expect.stringMatching(/^\/i18n\/pt\.staff\./),
    ])
    expect(errors).toEqual([])
    await page.context().close()
  })
})
