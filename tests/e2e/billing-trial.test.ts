import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { expectNoAxeViolations } from '../support/axe'
import { DESKTOP, launchBrowser, PHONE } from '../support/browser'
import { createCompanyAdmin, createMemberWithRole } from '../support/fixtures'
import type { TestClient } from '../support/http-client'

/*
 * The free trial as an admin meets it: the Subscription page offers it, one click starts it, the
 * admin's banner counts the days down (the browser's clock moved forward) and can be hidden;
 * a manager sees the plan and its usage but no billing buttons.
 */

const baseUrl = inject('baseUrl')
const DAY = 86_400_000
let browser: Browser

async function pageFor(client: TestClient, viewport: typeof DESKTOP) {
  const context = await browser.newContext({ viewport, baseURL: baseUrl })
  await context.addCookies([...client.cookies].map(([name, value]) => ({ name, value, url: baseUrl })))
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.addLocatorHandler(page.getByRole('button', { name: 'Decline', exact: true }), async (button) => {
    await button.click()
  })
  return { page, errors }
}

describe('the free trial in the admin', () => {
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('an admin starts the trial, the banner counts the days down and can be hidden', async () => {
    const admin = await createCompanyAdmin('e2e-trial')
    const { page, errors } = await pageFor(admin.client, DESKTOP)
    // The spec's check runs by itself about 2 s after the admin opens.
    const checked = page.waitForRequest((request) => request.url().endsWith('/api/billing/check-subscription') && request.method() === 'POST', { timeout: 10_000 })
    await page.goto('/admin')
    await checked
    await page.getByRole('link', { name: 'Subscription' }).first().click()
    await page.getByRole('heading', { name: 'Subscription', exact: true }).waitFor()
    expect(await page.getByTestId('plan-detail').textContent()).toBe('Free forever. Try Professional for 14 days, no card needed.')
    expect(await page.getByTestId('compare-starter').getAttribute('aria-current')).toBe('true')
    await expectNoAxeViolations(page, { label: 'subscription page' })

    await page.getByTestId('start-trial').click()
    await page.getByText('Trial started').waitFor()
    await page.getByText('14 days of free Professional access.').waitFor()
    await expect.poll(() => page.getByTestId('current-plan').textContent()).toContain('Free trial')
    expect(await page.getByTestId('current-plan').getByRole('heading').textContent()).toMatch(/^Professional/)
    await expect.poll(() => page.getByTestId('trial-banner').textContent()).toContain('14 days left in your Professional trial.')
    expect(await page.getByTestId('start-trial').count()).toBe(0)
    expect(await page.getByTestId('compare-professional').getAttribute('aria-current')).toBe('true')

    // Ten and a half days later (the browser's clock): 4 days left, rounded up.
    await page.clock.setFixedTime(new Date(Date.now() + 10.5 * DAY))
    await page.goto('/admin')
    await expect.poll(() => page.getByTestId('trial-banner').textContent()).toContain('4 days left in your Professional trial.')
    await page.getByRole('button', { name: 'Hide the trial banner' }).click()
    expect(await page.getByTestId('trial-banner').count()).toBe(0)
    await page.reload()
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor()
    await page.waitForTimeout(300)
    expect(await page.getByTestId('trial-banner').count()).toBe(0)
    expect(errors).toEqual([])
  })

  it('a manager sees the plan and the usage on a phone, without billing buttons', async () => {
    const admin = await createCompanyAdmin('e2e-trial-mgr')
    const manager = await createMemberWithRole(admin.company.id, 'manager')
    const { page, errors } = await pageFor(manager, PHONE)
    await page.goto('/admin/subscription')
    await page.getByTestId('billing-read-only').waitFor()
    expect(await page.getByTestId('start-trial').count()).toBe(0)
    expect(await page.getByTestId('usage-storage').textContent()).toContain('of 1 GB')
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    await expectNoAxeViolations(page, { label: 'subscription page, manager, phone' })
    expect(errors).toEqual([])
  })
})
