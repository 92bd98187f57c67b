import { eq } from 'drizzle-orm'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { organization } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { expectNoAxeViolations } from '../support/axe'
import {
  addCookiesTo,
  closedCookieBannerBefore,
  DESKTOP,
  launchBrowser,
  PHONE,
  toastsLoaded,
  visit,
} from '../support/browser'
import { createCompanyAdmin, createMemberWithRole } from '../support/fixtures'
import type { TestClient } from '../support/http-client'
import { makePhoto } from '../support/media-files'

const baseUrl = inject('baseUrl')
let browser: Browser

async function pageFor(client: TestClient, viewport: typeof DESKTOP) {
  const context = await browser.newContext({ viewport, baseURL: baseUrl })
  await addCookiesTo(context, baseUrl, client.cookies)
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await closedCookieBannerBefore(page)
  return { page, errors }
}

/** The live preview's document. */
const preview = (page: Page) => page.frameLocator('[data-testid="landing-preview-frame"]')

describe("an admin sets up the company's page", () => {
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('fills company data with a logo, writes the landing in English and Portuguese with a live preview, and fans read it in Portuguese', async () => {
    const admin = await createCompanyAdmin('e2e-settings')
    await withSystem((tx) =>
      tx.update(organization).set({ plan: 'professional' }).where(eq(organization.id, admin.company.id)),
    )
    const { page, errors } = await pageFor(admin.client, DESKTOP)

    await visit(page, '/admin/settings')
    await page.getByTestId('settings-companyData').click()
    await page.getByRole('heading', { name: 'Company data' }).waitFor()
    await page.setInputFiles('input[type=file]', {
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: await makePhoto(300, 300, '#ff3366', { format: 'png' }),
    })
    await expect
      .poll(async () => (await page.getByTestId('logo-preview').locator('img').count()) > 0, { timeout: 20_000 })
      .toBe(true)
    await page.getByLabel('Website').fill('nightowls.example.com')
    await page.getByLabel('Phone').fill('+44 20 7946 0958')
    await page.getByLabel('Country').selectOption('GB')
    await page.getByLabel('Instagram').fill('https://instagram.com/nightowls')
    await page.getByLabel('Description (English)').fill('We film and photograph every show.')
    await expectNoAxeViolations(page, { label: 'company data' })
    await page.getByTestId('save-company-data').click()
    await page.getByText('Company data saved').waitFor()

    await visit(page, '/admin/settings/landing-page')
    const frame = preview(page)
    await frame.getByTestId('landing-hero').waitFor()
    await page.getByLabel('Page name (English)').fill('Every show, every photo')
    // The preview follows the form before anything is saved.
    await frame.getByRole('heading', { name: 'Every show, every photo' }).waitFor()
    await page.getByLabel('Page description (English)').fill('Official photos from the tour.')
    await page.getByRole('tab', { name: 'pt' }).first().click()
    await page.getByLabel('Page name (Português)').fill('Todo show, toda foto')
    await page.getByTestId('localized-landingDescription').getByRole('tab', { name: 'pt' }).click()
    await page.getByLabel('Page description (Português)').fill('Fotos oficiais da turnê.')
    await page.getByLabel('Preview size').getByRole('button', { name: 'Phone' }).click()
    await page.getByLabel('Language of the preview').selectOption('pt')
    await frame.getByRole('heading', { name: 'Todo show, toda foto' }).waitFor()
    await page.locator('#brandPrimaryColor-text').fill('#22c55e')
    await expectNoAxeViolations(page, { label: 'landing page settings' })
    await page.getByTestId('save-landing').click()
    await page.getByText('Landing page saved: fans see it now').waitFor()
    // The admin, signed in on this browser, is offered the admin from the company's cached page.
    await visit(page, `/${admin.company.slug}`)
    await expect.poll(() => page.getByTestId('account-link').first().textContent()).toBe('Admin')
    expect(errors).toEqual([])

    const fan = await browser.newContext({
      viewport: PHONE,
      baseURL: baseUrl,
      locale: 'pt-BR',
      extraHTTPHeaders: { 'accept-language': 'pt-BR' },
    })
    const fanPage = await fan.newPage()
    await visit(fanPage, `/${admin.company.slug}`)
    await fanPage.getByRole('heading', { name: 'Todo show, toda foto' }).waitFor()
    await fanPage.getByText('Fotos oficiais da turnê.').waitFor()
    expect(await fanPage.getByText('Official photos from the tour.').count()).toBe(0)
    // The company's own description was not written in Portuguese: the English one, along the fallback chain.
    await fanPage.getByText('We film and photograph every show.').waitFor()
    await fanPage.getByRole('link', { name: 'Instagram' }).waitFor()
    // A Professional company's fans see its own navigation only: no platform link, no "Log in" (fans have no account).
    expect(await fanPage.getByText('Afterglow pricing').count()).toBe(0)
    expect(await fanPage.getByTestId('account-link').count()).toBe(0)
    expect(await fanPage.getByText('Entrar', { exact: true }).count()).toBe(0)
    const logo = fanPage.getByTestId('company-home').locator('img')
    await expect
      .poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth), { timeout: 20_000 })
      .toBeGreaterThan(0)
    await fan.close()
  })

  it('keeps what the admin typed when the network drops during a save, says so, and saves once it is back', async () => {
    const admin = await createCompanyAdmin('e2e-offline')
    const { page } = await pageFor(admin.client, PHONE)
    await visit(page, '/admin/settings/company-data')
    await page.getByLabel('Industry').fill('Live music and festivals')
    await toastsLoaded(page)
    await page.context().setOffline(true)
    await page.getByTestId('save-company-data').click()
    await page.getByText('Network error. Check your connection and try again.').waitFor()
    expect(await page.getByLabel('Industry').inputValue()).toBe('Live music and festivals')
    await page.context().setOffline(false)
    await page.getByTestId('save-company-data').click()
    await page.getByText('Company data saved').waitFor()
  })

  it('shows a manager every settings page read-only', async () => {
    const admin = await createCompanyAdmin('e2e-readonly')
    await withSystem((tx) =>
      tx.update(organization).set({ plan: 'enterprise' }).where(eq(organization.id, admin.company.id)),
    )
    const manager = await createMemberWithRole(admin.company.id, 'manager')
    const { page } = await pageFor(manager, PHONE)
    for (const [path, hasForm] of [
      ['/admin/settings/company-data', true],
      ['/admin/settings/landing-page', true],
      ['/admin/settings/template', true],
      ['/admin/settings/subdomain', false],
      ['/admin/settings/domains', false],
    ] as const) {
      await visit(page, path)
      await page.getByTestId('settings-read-only').getByText('Only administrators can edit company settings').waitFor()
      expect(await page.locator('main button[type=submit]').count(), path).toBe(0)
      expect(
        await page
          .locator('main form input:enabled:not([type=hidden]), main form select:enabled, main form textarea:enabled')
          .count(),
        path,
      ).toBe(0)
      if (hasForm) expect(await page.locator('fieldset[disabled]').count(), path).toBeGreaterThan(0)
      expect(await page.locator('input[type=file]').count(), path).toBe(0)
    }
  })
})
