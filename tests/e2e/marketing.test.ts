import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import { eq } from 'drizzle-orm'
import { formSubmission } from '#db/schema'
import { getDb } from '#app/lib/db.server'
import { createCompanyAdmin, firstLink, latestMail, uniqueEmail } from '../support/fixtures'
import { TestClient } from '../support/http-client'
import { addCookiesTo, closedCookieBannerBefore, launchBrowser, PHONE, visit } from '../support/browser'
import { sleep, waitUntil } from '../support/wait'
import { keepScreenshot } from '../support/screenshots'

const baseUrl = inject('baseUrl')
const NBSP = '\u00a0'
let browser: Browser
let page: Page
const scriptErrors: string[] = []

const topBar = () => page.getByTestId('marketing-top-bar')
const topBarColor = () => topBar().evaluate((element) => getComputedStyle(element).backgroundColor)
const professionalPrice = () => page.getByTestId('plan-professional').getByTestId('plan-price').textContent()

describe('the marketing site on a phone', () => {
  beforeAll(async () => {
    browser = await launchBrowser()
    const context = await browser.newContext({ viewport: PHONE, baseURL: baseUrl, hasTouch: true, isMobile: true })
    // The cookie banner is tested on its own; here it would cover the footer's newsletter form.
    await closedCookieBannerBefore(context)
    page = await context.newPage()
    page.on('pageerror', (error) => scriptErrors.push(error.message))
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('keeps the top bar clear over the hero and turns it solid black once the hero has scrolled away', async () => {
    await visit(page, '/')
    expect(await topBar().getAttribute('data-solid')).toBe('false')
    expect(await topBarColor()).toBe('rgba(0, 0, 0, 0)')
    await page.locator('#pricing').scrollIntoViewIfNeeded()
    await expect.poll(() => topBar().getAttribute('data-solid')).toBe('true')
    await expect.poll(topBarColor).toBe('rgb(0, 0, 0)')
    await page.evaluate(() => window.scrollTo(0, 0))
    await expect.poll(() => topBar().getAttribute('data-solid')).toBe('false')

    // Contact us takes the visitor to the contact form.
    await page.getByTestId('contact-us').click()
    await expect
      .poll(
        () =>
          page
            .locator('#contact')
            .evaluate((section) => Math.abs(Math.round(section.getBoundingClientRect().top) - 64)),
        { timeout: 5000 },
      )
      .toBeLessThan(4)
    await expect.poll(() => topBar().getAttribute('data-solid')).toBe('true')
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
  })

  it('switches the pricing currency', async () => {
    expect(await professionalPrice()).toBe('$12')
    const switcher = page.getByTestId('currency-switcher')
    await switcher.getByRole('button', { name: 'EUR' }).click()
    await expect.poll(professionalPrice).toBe('€12')
    expect(await page.getByTestId('plan-enterprise').getByTestId('plan-price').textContent()).toBe('€37')
    await switcher.getByRole('button', { name: 'BRL' }).click()
    await expect.poll(professionalPrice).toBe(`R$${NBSP}49`)
    expect(await switcher.getByRole('button', { name: 'BRL' }).getAttribute('aria-pressed')).toBe('true')
    expect(await page.getByTestId('plan-starter').getByTestId('plan-price').textContent()).toBe('Free')
    expect(new URL(page.url()).search).toBe('')
  })

  it('has a menu with the sections and Login on a phone, and plan badges that tell the truth', async () => {
    await visit(page, '/')
    const menu = page.getByTestId('marketing-menu')
    expect(await page.getByTestId('menu-account-link').isVisible()).toBe(false)
    await menu.getByRole('button', { name: 'Menu' }).or(menu.locator('summary')).first().click()
    await expect.poll(() => page.getByTestId('menu-account-link').isVisible()).toBe(true)
    expect(await page.getByTestId('menu-account-link').textContent()).toBe('Login')
    expect(await menu.getByRole('link', { name: 'Pricing' }).isVisible()).toBe(true)
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
    await keepScreenshot(page, 'test-results/marketing/menu-en-390.png')
    // A section link closes the menu and scrolls there.
    await menu.getByRole('link', { name: 'Pricing' }).click()
    await expect.poll(() => page.getByTestId('menu-account-link').isVisible()).toBe(false)

    // The trial is of Professional: Starter is free for good, Enterprise has no trial badge.
    expect(await page.getByTestId('plan-starter').getByTestId('plan-badge').textContent()).toBe('Free forever')
    expect(await page.getByTestId('plan-professional').getByTestId('plan-badge').textContent()).toBe(
      '14-day free trial',
    )
    expect(await page.getByTestId('plan-enterprise').getByTestId('plan-badge').count()).toBe(0)
    expect(await page.locator('#pricing').innerText()).not.toMatch(/every plan/i)
    await keepScreenshot(page.locator('#pricing'), 'test-results/marketing/pricing-en-390.png')

    await visit(page, '/')
    await page.getByTestId('marketing-menu').locator('summary').click()
    await page.getByTestId('menu-account-link').click()
    await page.waitForURL('**/auth**')
    await visit(page, '/')
  })

  it('shows the menu in every language, and none on a wide screen', async () => {
    const logins = { pt: 'Entrar', es: 'Iniciar sesión', fr: 'Connexion' }
    for (const [language, login] of Object.entries(logins)) {
      const context = await browser.newContext({ viewport: PHONE, baseURL: baseUrl, hasTouch: true, isMobile: true })
      await addCookiesTo(context, baseUrl, [['lang', language]])
      await closedCookieBannerBefore(context)
      const phone = await context.newPage()
      await visit(phone, '/')
      await phone.getByTestId('marketing-menu').locator('summary').click()
      await expect.poll(() => phone.getByTestId('menu-account-link').textContent()).toBe(login)
      await keepScreenshot(phone, `test-results/marketing/menu-${language}-390.png`)
      expect(await phone.getByTestId('plan-starter').getByTestId('plan-badge').textContent()).not.toMatch(/14/)
      await context.close()
    }
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: baseUrl })
    await closedCookieBannerBefore(context)
    const wide = await context.newPage()
    await visit(wide, '/')
    expect(await wide.getByTestId('marketing-menu').isVisible()).toBe(false)
    await wide.locator('#pricing').scrollIntoViewIfNeeded()
    await keepScreenshot(wide.locator('#pricing'), 'test-results/marketing/pricing-en-1440.png')
    await context.close()
  })

  it('sends the three forms in place, with their states and the exact success texts', async () => {
    await visit(page, '/')
    // Slow the answers down a little, so the submitting state can be seen.
    await page.route('**/*.data*', async (route) => {
      await sleep(400)
      await route.continue().catch(() => undefined)
    })

    const interest = page.getByTestId('interest-form')
    await interest.getByLabel('E-mail').fill(uniqueEmail('e2e-interest'))
    await interest.getByTestId('interest-submit').click()
    await expect.poll(() => interest.getByTestId('interest-submit').textContent()).toBe('Registering…')
    expect(await interest.getByTestId('interest-submit').isDisabled()).toBe(true)
    await expect
      .poll(() => interest.getByTestId('interest-success').textContent())
      .toBe("Success! Your interest has been registered. We'll be in touch soon!")
    await expect.poll(() => interest.getByLabel('E-mail').inputValue()).toBe('')
    expect(await interest.getByTestId('interest-submit').textContent()).toBe('Register interest')

    const contact = page.getByTestId('contact-form')
    await contact.getByLabel('Name').fill('Ana Souza')
    await contact.getByLabel('E-mail').fill('ana@')
    await contact.getByLabel('Message').fill('<script>alert(1)</script>')
    await contact.getByTestId('contact-submit').click()
    await expect.poll(() => contact.getByText('Please enter a valid email address').isVisible()).toBe(true)
    expect(await contact.getByText('Input cannot be empty').isVisible()).toBe(true)
    expect(await contact.getByText('Input has been sanitized for security').isVisible()).toBe(true)
    // What was typed stays, so it can be corrected.
    expect(await contact.getByLabel('Name').inputValue()).toBe('Ana Souza')
    await contact.getByLabel('E-mail').fill(uniqueEmail('e2e-contact'))
    await contact.getByLabel('Message').fill('Can we use Afterglow for a three-stage festival?')
    expect(await contact.getByText('48/1000 characters').isVisible()).toBe(true)
    await contact.getByTestId('contact-submit').click()
    await expect.poll(() => contact.getByTestId('contact-submit').textContent()).toBe('Sending…')
    await expect
      .poll(() => contact.getByTestId('contact-success').textContent())
      .toBe("Your message has been sent successfully. We'll get back to you soon!")
    expect(await contact.getByText('Please enter a valid email address').count()).toBe(0)
    expect([
      await contact.getByLabel('Name').inputValue(),
      await contact.getByLabel('E-mail').inputValue(),
      await contact.getByLabel('Message').inputValue(),
    ]).toEqual(['', '', ''])
    expect(await contact.getByText('0/1000 characters').isVisible()).toBe(true)

    const newsletter = page.getByTestId('newsletter-form')
    await newsletter.getByLabel('E-mail').fill(uniqueEmail('e2e-news'))
    await newsletter.getByTestId('newsletter-submit').click()
    await expect
      .poll(() => newsletter.getByTestId('newsletter-success').textContent())
      .toBe("You've been subscribed to our newsletter!")
    expect(await newsletter.getByLabel('E-mail').inputValue()).toBe('')

    // Everything happened on the page itself; the footer's cookie settings open the consent dialog's event.
    expect(new URL(page.url()).pathname).toBe('/')
    await page.evaluate(() =>
      window.addEventListener('afterglow:cookie-settings', () =>
        document.body.setAttribute('data-cookie-settings', 'opened'),
      ),
    )
    await page.getByTestId('footer-cookie-settings').click()
    expect(await page.locator('body').getAttribute('data-cookie-settings')).toBe('opened')
    await page.unrouteAll({ behavior: 'wait' })
  })

  it('lets a subscriber leave the newsletter from the link in their welcome mail', async () => {
    const email = uniqueEmail('e2e-leaving')
    // Subscribed from an address of its own: the forms' rate limit counts per visitor, and this
    // browser's budget is spent by the tests of the forms themselves.
    expect((await new TestClient().postForm('/?index', { kind: 'newsletter', email })).status).toBe(200)
    const welcome = await waitUntil(() => latestMail(email, 'newsletter'))
    await visit(page, firstLink(welcome.text))
    await keepScreenshot(page, 'test-results/newsletter-unsubscribe-390.png')
    await page.getByRole('button', { name: 'Unsubscribe' }).click()
    await expect
      .poll(() => page.getByTestId('newsletter-unsubscribed').textContent())
      .toContain(`Done: ${email} is unsubscribed`)
    expect(await getDb().select().from(formSubmission).where(eq(formSubmission.email, email))).toEqual([])
    expect(scriptErrors).toEqual([])
  })

  it('reads in Portuguese, with prices in reais and the Portuguese success text', async () => {
    await visit(page, '/')
    await page.getByTestId('language-switcher').first().selectOption('pt')
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Deixe os fãs viverem o show. Envie os momentos depois.')
    // The heading follows the translator at once; the document's language comes with the page data.
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('pt')
    await expect.poll(professionalPrice).toBe(`R$${NBSP}49`)
    expect(await page.getByTestId('contact-us').textContent()).toBe('Fale conosco')
    expect(await page.getByTestId('footer-account-link').textContent()).toBe('Entrar')

    const newsletter = page.getByTestId('newsletter-form')
    await newsletter.getByLabel('E-mail').fill(uniqueEmail('e2e-pt'))
    await newsletter.getByTestId('newsletter-submit').click()
    await expect
      .poll(() => newsletter.getByTestId('newsletter-success').textContent())
      .toBe('Você foi inscrito na nossa newsletter!')

    // A reload keeps the language (cookie), rendered by the server.
    await page.reload()
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Deixe os fãs viverem o show. Envie os momentos depois.',
    )
    expect(scriptErrors).toEqual([])
  })

  it('works without JavaScript: the form posts, the page comes back at the form with the outcome', async () => {
    const context = await browser.newContext({ viewport: PHONE, baseURL: baseUrl, javaScriptEnabled: false })
    const plain = await context.newPage()
    await plain.goto('/')
    let contact = plain.getByTestId('contact-form')
    await contact.getByLabel('Name').fill('No Script')
    await contact.getByLabel('E-mail').fill('nojs@')
    await contact.getByLabel('Message').fill('Hello from a browser without JavaScript')
    await contact.getByTestId('contact-submit').click()
    await plain.waitForURL(/\/\?index&kind=contact#contact$/)
    contact = plain.getByTestId('contact-form')
    expect(await contact.getByText('Please enter a valid email address').isVisible()).toBe(true)
    expect(await contact.getByLabel('Message').inputValue()).toBe('Hello from a browser without JavaScript')
    await contact.getByLabel('E-mail').fill(uniqueEmail('e2e-nojs'))
    await contact.getByTestId('contact-submit').click()
    await plain.waitForLoadState()
    expect(await plain.getByTestId('contact-success').textContent()).toBe(
      "Your message has been sent successfully. We'll get back to you soon!",
    )
    expect(await plain.getByTestId('contact-form').getByLabel('Message').inputValue()).toBe('')
    await context.close()
  })
})

describe('the marketing site for a signed-in member', () => {
  it('shows "Admin" where visitors see "Login", although the page is the one kept for everyone', async () => {
    const admin = await createCompanyAdmin('mkt-admin-link')
    const memberBrowser = await launchBrowser()
    try {
      const context = await memberBrowser.newContext({ viewport: PHONE, baseURL: baseUrl })
      await addCookiesTo(context, baseUrl, admin.client.cookies)
      const memberPage = await context.newPage()
      await visit(memberPage, '/')
      const link = memberPage.getByTestId('footer-account-link')
      await expect.poll(() => link.textContent()).toBe('Admin')
      expect(await link.getAttribute('href')).toBe('/admin')
      await visit(memberPage, '/privacy')
      await expect.poll(() => memberPage.getByTestId('footer-account-link').textContent()).toBe('Admin')
    } finally {
      await memberBrowser.close()
    }
  })
})
