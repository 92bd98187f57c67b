import { randomBytes } from 'node:crypto'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import { closedCookieBannerBefore, DESKTOP, hydrated, launchBrowser, PHONE, visit } from '../support/browser'
import { expectNoAxeViolations } from '../support/axe'
import { keepScreenshot } from '../support/screenshots'

const baseUrl = inject('baseUrl')
const run = randomBytes(3).toString('hex')
const admin = { name: 'Lia Admin', email: `lia-${run}@example.test`, password: 'Encore-2026!' }
const manager = { name: 'Max Manager', email: `max-${run}@example.test`, password: 'Backstage-2026!' }
const companyName = `Night Owls ${run}`

let browser: Browser
let adminContext: BrowserContext
let adminPage: Page
const scriptErrors: string[] = []

/** Opens the newest mail to `to` in the dev outbox and follows its link. */
async function followMailLink(page: Page, to: string, subject: RegExp) {
  await visit(page, `${baseUrl}/dev/outbox`)
  const mail = page.getByTestId('outbox-mail').filter({ hasText: to }).filter({ hasText: subject }).first()
  await expect.poll(() => mail.count()).toBeGreaterThan(0)
  await mail.getByRole('link').first().click()
  // The mail's link loads a whole page: typing into its forms before it hydrates would submit them natively.
  await page.waitForURL((url) => !url.pathname.startsWith('/dev/outbox'))
  await hydrated(page)
}

async function signUp(page: Page, account: { name: string; email: string; password: string }) {
  await page.getByLabel('Display name').fill(account.name)
  await page.getByLabel('E-mail').fill(account.email)
  await page.getByLabel('Password').fill(account.password)
  await page.getByRole('button', { name: 'Create account' }).click()
  await page.getByTestId('signup-done').waitFor()
}

describe('a company gets started', () => {
  beforeAll(async () => {
    browser = await launchBrowser()
    adminContext = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl })
    adminPage = await adminContext.newPage()
    await closedCookieBannerBefore(adminPage)
    adminPage.on('pageerror', (error) => scriptErrors.push(error.message))
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('starts the free trial from the pricing page: signs up with the password rules enforced, confirms the e-mail, creates the company on its trial', async () => {
    const page = adminPage
    await visit(page, '/')
    expect(await page.getByTestId('footer-account-link').getAttribute('href')).toBe('/auth')
    await page.getByRole('link', { name: 'Start free trial' }).click()
    await expect.poll(() => page.getByRole('heading', { name: 'Platform access' }).isVisible()).toBe(true)
    await hydrated(page)
    // The choice is said on the form, and travels with the account to the company it creates.
    await page.getByText('Your 14-day Professional trial starts when you create your company.').waitFor()
    await expectNoAxeViolations(page, { label: 'sign-up with the trial chosen' })
    await keepScreenshot(page, 'test-results/onboarding/signup-trial-1440.png')
    await page.getByLabel('Display name').fill(admin.name)
    await page.getByLabel('E-mail').fill('not-an-email')
    await page.getByLabel('Password').fill('short')
    await page.getByRole('button', { name: 'Create account' }).click()
    await expect.poll(() => page.getByText('Please enter a valid email address').isVisible()).toBe(true)
    await expect.poll(() => page.getByText('Password must be at least 8 characters long').isVisible()).toBe(true)
    await expect
      .poll(() => page.getByText('Password must contain at least one uppercase letter').isVisible())
      .toBe(true)
    await signUp(page, admin)

    await followMailLink(page, admin.email, /Confirm/)
    await page.getByTestId('email-confirmed').waitFor()
    await page.getByRole('link', { name: 'Continue' }).click()
    await page.waitForURL('**/onboarding')
    await page.getByLabel('Company name').fill(companyName)
    await expect.poll(() => page.getByLabel('Page address').inputValue()).toBe(`night-owls-${run}`)
    await page.getByRole('button', { name: 'Create company' }).click()
    await page.waitForURL('**/admin')
    await expect.poll(() => page.getByTestId('company-name').textContent()).toBe(companyName)
    await expect.poll(() => page.getByTestId('total-content').locator('dd').textContent()).toBe('0')
    // On Professional at once, for the trial's 14 days, without starting it again.
    await expect.poll(() => page.getByTestId('trial-banner').textContent()).toContain('14 days')
  })

  it('invites a manager, who signs up, accepts and cannot open admin-only settings', async () => {
    await visit(adminPage, '/admin/settings')
    await adminPage.getByTestId('settings-team').click()
    await adminPage.getByLabel('E-mail').fill(manager.email)
    await adminPage.getByLabel('Role', { exact: true }).selectOption('manager')
    await adminPage.getByRole('button', { name: 'Send invitation' }).click()
    await expect.poll(() => adminPage.getByTestId('team-invitation').filter({ hasText: manager.email }).count()).toBe(1)

    const context = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl })
    const page = await context.newPage()
    await closedCookieBannerBefore(page)
    await followMailLink(page, manager.email, new RegExp(companyName))
    await expect
      .poll(() => page.getByText(`${admin.name} invited you to join ${companyName} as Manager.`).isVisible())
      .toBe(true)
    await page.getByRole('link', { name: 'Create an account' }).click()
    await signUp(page, manager)
    await followMailLink(page, manager.email, /Confirm/)
    await page.getByRole('link', { name: 'Continue' }).click()
    await page.waitForURL('**/onboarding')
    await page.getByRole('link', { name: 'Join' }).click()
    await page.getByRole('button', { name: 'Accept invitation' }).click()
    await page.waitForURL('**/admin')
    await expect.poll(() => page.getByTestId('company-name').textContent()).toBe(companyName)

    // Signing in again lands the manager in the company straight away.
    await context.clearCookies()
    await visit(page, '/auth')
    await page.getByLabel('E-mail').fill(manager.email)
    await page.getByLabel('Password').fill(manager.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL('**/admin')
    await expect.poll(() => page.getByTestId('company-name').textContent()).toBe(companyName)

    await visit(page, '/admin/settings')
    await expect.poll(() => page.getByTestId('settings-security').isVisible()).toBe(true)
    expect(await page.getByTestId('settings-team').count()).toBe(0)
    for (const adminOnly of ['/admin/settings/team', '/admin/settings/audit']) {
      const response = await visit(page, adminOnly)
      expect(response?.status()).toBe(403)
      await expect
        .poll(() => page.getByTestId('admin-error').textContent())
        .toContain("Access Denied: you don't have permission to access the administrative area")
      expect(await page.getByTestId('admin-error').textContent()).toContain('manager')
    }
    await context.close()

    await adminPage.reload()
    await expect.poll(() => adminPage.getByTestId('team-member').filter({ hasText: manager.email }).count()).toBe(1)

    // The only admin cannot remove themselves: the company would be left without one.
    await adminPage
      .getByTestId('team-member')
      .filter({ hasText: admin.email })
      .getByRole('button', { name: 'Remove' })
      .click()
    await adminPage.getByRole('dialog').getByRole('button', { name: 'Remove member' }).click()
    await expect.poll(() => adminPage.getByText('A company must keep at least one admin.').isVisible()).toBe(true)
    expect(await adminPage.getByTestId('team-member').count()).toBe(2)
  })

  it('switches the admin to Portuguese and keeps the choice', async () => {
    await visit(adminPage, '/admin')
    await adminPage.getByTestId('language-switcher').selectOption('pt')
    await expect.poll(() => adminPage.getByRole('heading', { level: 1 }).textContent()).toBe('Painel')
    expect(await adminPage.getByRole('navigation').getByText('Destaques').isVisible()).toBe(true)
    expect(await adminPage.evaluate(() => localStorage.getItem('selectedLanguage'))).toBe('pt')
    await adminPage.reload()
    expect(await adminPage.locator('html').getAttribute('lang')).toBe('pt')
    // A choice made before the page answers clicks (its scripts and texts still on their way) goes nowhere.
    await hydrated(adminPage)
    await adminPage.getByTestId('language-switcher').selectOption('en')
    await expect.poll(() => adminPage.getByRole('heading', { level: 1 }).textContent()).toBe('Dashboard')
  })

  it('shows the navigation in a drawer on a phone', async () => {
    await adminPage.setViewportSize(PHONE)
    await visit(adminPage, '/admin')
    expect(await adminPage.getByRole('link', { name: 'Settings' }).isVisible()).toBe(false)
    await adminPage.getByTestId('open-drawer').click()
    const drawer = adminPage.getByTestId('admin-drawer')
    await drawer.waitFor()
    await drawer.getByRole('link', { name: 'Settings' }).click()
    await adminPage.waitForURL('**/admin/settings')
    await expect.poll(() => drawer.isVisible()).toBe(false)
    const overflow = await adminPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await adminPage.setViewportSize(DESKTOP)
  })

  it('logs out after confirming, clears local data but keeps the language, and lands on the home page', async () => {
    await visit(adminPage, '/admin')
    await adminPage.evaluate(() => localStorage.setItem('draft-cache', 'x'))
    await adminPage.getByRole('button', { name: 'Logout' }).click()
    const dialog = adminPage.getByRole('dialog')
    await expect.poll(() => dialog.getByText('Log out?').isVisible()).toBe(true)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect.poll(() => dialog.count()).toBe(0)
    await adminPage.getByRole('button', { name: 'Logout' }).click()
    await adminPage.getByRole('dialog').getByRole('button', { name: 'Log out' }).click()
    await adminPage.waitForURL(`${baseUrl}/`)
    await expect.poll(() => adminPage.getByText('You have been signed out successfully.').isVisible()).toBe(true)
    expect(
      await adminPage.evaluate(() => [localStorage.getItem('draft-cache'), localStorage.getItem('selectedLanguage')]),
    ).toEqual([null, 'en'])
    expect(await adminPage.getByTestId('footer-account-link').textContent()).toBe('Login')
    const response = await visit(adminPage, '/admin')
    expect(new URL(adminPage.url()).pathname).toBe('/auth')
    expect(response?.ok()).toBe(true)
    expect(scriptErrors).toEqual([])
  })
})
