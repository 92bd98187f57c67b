import { eq } from 'drizzle-orm'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { asset, contentItem, event, organization, subscription } from '#db/schema'
import { advanceTestSubscriptions } from '#app/features/billing/server/test-provider.server'
import { syncCompanyPlan } from '#app/features/billing/server/sync-company-plan.server'
import { withSystem } from '#app/lib/db.server'
import { copyReadyPhoto, waitForAssetsReady } from '../support/assets'
import { makePhoto } from '../support/media-files'
import { tusUpload } from '../support/tus'
import { expectNoAxeViolations } from '../support/axe'
import { addCookiesTo, declineCookiesWhenAsked, DESKTOP, launchBrowser, PHONE, visit } from '../support/browser'
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
  await addCookiesTo(context, baseUrl, client.cookies)
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await declineCookiesWhenAsked(page)
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
    const checked = page.waitForRequest(
      (request) => request.url().endsWith('/api/billing/check-subscription') && request.method() === 'POST',
      { timeout: 10_000 },
    )
    await visit(page, '/admin')
    await checked
    await page.getByRole('link', { name: 'Subscription' }).first().click()
    await page.getByRole('heading', { name: 'Subscription', exact: true }).waitFor()
    expect(await page.getByTestId('plan-detail').textContent()).toBe(
      'Free forever. Try Professional for 14 days, no card needed.',
    )
    expect(await page.getByTestId('compare-starter').getAttribute('aria-current')).toBe('true')
    await expectNoAxeViolations(page, { label: 'subscription page' })

    await page.getByTestId('start-trial').click()
    await page.getByText('Trial started').waitFor()
    await page.getByText('14 days of free Professional access.').waitFor()
    await expect.poll(() => page.getByTestId('current-plan').textContent()).toContain('Free trial')
    expect(await page.getByTestId('current-plan').getByRole('heading').textContent()).toMatch(/^Professional/)
    await expect
      .poll(() => page.getByTestId('trial-banner').textContent())
      .toContain('14 days left in your Professional trial.')
    expect(await page.getByTestId('start-trial').count()).toBe(0)
    expect(await page.getByTestId('compare-professional').getAttribute('aria-current')).toBe('true')

    // Ten and a half days later (the browser's clock): 4 days left, rounded up.
    await page.clock.setFixedTime(new Date(Date.now() + 10.5 * DAY))
    await visit(page, '/admin')
    await expect
      .poll(() => page.getByTestId('trial-banner').textContent())
      .toContain('4 days left in your Professional trial.')
    await page.getByRole('button', { name: 'Hide the trial banner' }).click()
    expect(await page.getByTestId('trial-banner').count()).toBe(0)
    await page.reload()
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor()
    await page.waitForTimeout(300)
    expect(await page.getByTestId('trial-banner').count()).toBe(0)
    expect(errors).toEqual([])
  })

  it('an admin subscribes in euros with a test card (a declined one first), goes past the Starter limits, cancels in the portal, and is back on Starter with nothing deleted when the period ends', async () => {
    const admin = await createCompanyAdmin('e2e-pay')
    const [show] = await withSystem((tx) =>
      tx.insert(event).values({ companyId: admin.company.id, slug: 'big-show', title: 'Big Show' }).returning(),
    )
    const [gallery] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({
          companyId: admin.company.id,
          kind: 'gallery',
          title: 'Big Show photos',
          slug: 'big-show-photos',
          eventId: show.id,
        })
        .returning(),
    )
    const first = await tusUpload(admin.client, await makePhoto(1200, 800), {
      filename: 'first.jpg',
      purpose: 'gallery-media',
      contentItemId: gallery.id,
    })
    if (!first.ok) throw new Error('upload failed')
    await waitForAssetsReady([first.assetId!])
    await copyReadyPhoto(first.assetId!, 49)
    // Starter: 50 photos per event, and this event has them.
    const refused = await tusUpload(admin.client, await makePhoto(600, 400, '#22c55e'), {
      filename: 'fifty-one.jpg',
      purpose: 'gallery-media',
      contentItemId: gallery.id,
    })
    expect(refused.ok).toBe(false)

    const { page, errors } = await pageFor(admin.client, DESKTOP)
    await visit(page, '/admin/subscription')
    await page.getByTestId('billing-currency').getByRole('button', { name: 'EUR' }).click()
    expect(await page.getByTestId('compare-professional').textContent()).toContain('€12')
    const opened = page.waitForEvent('popup')
    await page.getByTestId('choose-professional').click()
    const checkout = await opened
    await checkout.waitForURL(/\/billing\/test-checkout\//)
    expect(await checkout.getByTestId('checkout-price').textContent()).toBe('€12')
    await checkout.getByLabel('Card number').fill('4000 0000 0000 0002')
    await checkout.getByLabel('Expiry (MM / YY)').fill('12/34')
    await checkout.getByLabel('CVC').fill('123')
    await checkout.getByLabel('Name on card').fill('Ana Lima')
    await checkout.getByTestId('pay').click()
    expect(await checkout.getByTestId('card-declined').textContent()).toBe('Your card was declined.')
    expect(
      (await withSystem((tx) => tx.select().from(subscription).where(eq(subscription.companyId, admin.company.id))))
        .length,
    ).toBe(0)
    await checkout.getByLabel('Card number').fill('4242 4242 4242 4242')
    await checkout.getByTestId('pay').click()
    await checkout.waitForURL(/\/admin\/subscription/)
    await checkout.getByText('Your subscription is active: everything in your plan is unlocked.').waitFor()
    expect(await checkout.getByTestId('current-plan').textContent()).toContain('Active')
    expect(await checkout.getByTestId('plan-detail').textContent()).toMatch(/^€12 a month, renews on /)
    expect(await checkout.getByTestId('invoice-row').count()).toBe(1)
    expect(await checkout.getByTestId('invoice-row').textContent()).toContain('€12 · Paid')
    // The tab the admin left for the checkout's is not left stale: it shows the plan bought, unreloaded.
    await expect.poll(() => page.getByTestId('current-plan').textContent()).toContain('Active')

    // Professional: no limit of photos per event.
    const more = await tusUpload(admin.client, await makePhoto(600, 400, '#22c55e'), {
      filename: 'fifty-one.jpg',
      purpose: 'gallery-media',
      contentItemId: gallery.id,
    })
    expect(more.ok).toBe(true)

    const portalOpened = checkout.waitForEvent('popup')
    await checkout.getByTestId('open-portal').click()
    const portal = await portalOpened
    await portal.waitForURL(/\/billing\/test-portal\//)
    expect(await portal.getByTestId('portal-card-on-file').textContent()).toContain('Visa •••• 4242')
    await portal.getByTestId('portal-cancel').click()
    await portal.getByTestId('portal-message').waitFor()
    expect(await portal.getByTestId('portal-subscription').textContent()).toContain('Cancelled: ends on')
    await checkout.reload()
    await expect.poll(() => checkout.getByTestId('current-plan').textContent()).toContain('Cancels at period end')

    // The period ends: the provider ends the subscription, the company is on Starter again.
    const [paid] = await withSystem((tx) =>
      tx.select().from(subscription).where(eq(subscription.companyId, admin.company.id)),
    )
    // Time passes at the provider alone: the platform's sweep would end every other company's trial
    // of the run at that date too, some of them in a browser test running beside this one.
    await advanceTestSubscriptions(new Date(paid.currentPeriodEnd!.getTime() + 60_000))
    await expect
      .poll(
        async () =>
          (
            await withSystem((tx) =>
              tx.select({ plan: organization.plan }).from(organization).where(eq(organization.id, admin.company.id)),
            )
          )[0].plan,
      )
      .toBe('starter')
    await checkout.reload()
    await expect.poll(() => checkout.getByTestId('current-plan').textContent()).toContain('Starter')
    expect(await checkout.getByTestId('invoice-row').count()).toBe(1)
    const photos = await withSystem((tx) =>
      tx.select({ id: asset.id }).from(asset).where(eq(asset.contentItemId, gallery.id)),
    )
    expect(photos.length).toBe(51)
    const again = await tusUpload(admin.client, await makePhoto(600, 400, '#0ea5e9'), {
      filename: 'fifty-two.jpg',
      purpose: 'gallery-media',
      contentItemId: gallery.id,
    })
    expect(again.ok).toBe(false)
    expect(errors).toEqual([])
  })

  it('a manager sees the plan and the usage on a phone, without billing buttons', async () => {
    const admin = await createCompanyAdmin('e2e-trial-mgr')
    // A paying company: its admin has the portal and a plan to change to.
    await withSystem(async (tx) => {
      await tx.insert(subscription).values({
        companyId: admin.company.id,
        provider: 'test',
        customerId: `cus_${admin.company.id}`,
        subscriptionId: `sub_${admin.company.id}`,
        plan: 'professional',
        status: 'active',
        currency: 'EUR',
        unitAmount: 1200,
        currentPeriodEnd: new Date(Date.now() + 20 * DAY),
      })
      await syncCompanyPlan(tx, admin.company.id)
    })
    const adminView = (await admin.client.get('/admin/subscription')).text
    expect(adminView).toContain('data-testid="open-portal"')
    expect(adminView).toContain('data-testid="choose-enterprise"')

    const manager = await createMemberWithRole(admin.company.id, 'manager')
    const { page, errors } = await pageFor(manager, PHONE)
    await visit(page, '/admin/subscription')
    await page.getByTestId('billing-read-only').waitFor()
    expect(await page.getByTestId('current-plan').textContent()).toContain('Professional')
    expect(await page.getByTestId('start-trial').count()).toBe(0)
    expect(await page.getByTestId('open-portal').count()).toBe(0)
    expect(await page.locator('[data-testid^="choose-"]').count()).toBe(0)
    expect(
      await page.getByRole('button', { name: /Subscribe to|Change in billing portal|Manage billing/ }).count(),
    ).toBe(0)
    expect(await page.getByTestId('usage-storage').textContent()).toContain('of 50\u00a0GB')
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    await expectNoAxeViolations(page, { label: 'subscription page, manager, phone' })
    expect(errors).toEqual([])
  })
})
