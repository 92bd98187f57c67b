import fs from 'node:fs/promises'
import { eq } from 'drizzle-orm'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { customDomain, organization } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { expectNoAxeViolations } from '../support/axe'
import { addCookiesTo, closedCookieBannerBefore, DESKTOP, launchBrowser, PHONE, visit } from '../support/browser'
import { createCompanyAdmin, createVerifiedUser, signIn } from '../support/fixtures'
import { TestClient } from '../support/http-client'
import { startSecondApp } from '../support/second-app'
import { keepScreenshot } from '../support/screenshots'

const PLATFORM = 'afterglow.test'
const OPERATOR = 'operator-e2e@afterglow.test'

/*
 * The whole path of a professional subdomain, as people do it: the company's admin asks for it,
 * the platform operator approves it in their console, and fans open the company's page there.
 * A second app process serves PLATFORM_DOMAIN=afterglow.test; Chromium resolves its names here.
 */
describe('a subdomain from request to fans', () => {
  let browser: Browser
  let second: Awaited<ReturnType<typeof startSecondApp>>
  beforeAll(async () => {
    second = await startSecondApp({
      PLATFORM_DOMAIN: PLATFORM,
      SUBDOMAIN_AUTO_APPROVE: 'false',
      OPERATOR_EMAILS: OPERATOR,
    })
    browser = await launchBrowser([`--host-resolver-rules=MAP *.${PLATFORM} 127.0.0.1`])
  })
  afterAll(async () => {
    await browser?.close()
    await second?.app.stop()
  })

  /** The operator OPERATOR_EMAILS names, signed in (the account is made on first use). */
  let operatorAccount: Awaited<ReturnType<typeof createVerifiedUser>> | undefined
  async function operatorClient() {
    operatorAccount ??= await createVerifiedUser({ email: OPERATOR, name: 'Otto Operator' })
    const client = new TestClient()
    await signIn(client, operatorAccount)
    return client
  }

  async function pageAs(client: TestClient, viewport: typeof DESKTOP) {
    const context = await browser.newContext({ viewport, baseURL: second.url })
    // Cookies are per host, not per port: the main app's sign-in holds for the second process.
    await addCookiesTo(context, second.url, client.cookies)
    const page = await context.newPage()
    await closedCookieBannerBefore(page)
    return page
  }

  it('is asked for by the admin, approved by the operator, and then serves the landing on its host', async () => {
    const admin = await createCompanyAdmin('e2e-sub')
    const label = `${admin.company.slug}-live`
    const adminPage = await pageAs(admin.client, PHONE)
    await visit(adminPage, '/admin/settings/subdomain')
    await adminPage.getByLabel('Subdomain', { exact: true }).fill(label)
    await adminPage.getByTestId('request-subdomain').click()
    await adminPage.getByText('Subdomain requested: waiting for approval').waitFor()
    await adminPage.locator('[data-testid="subdomain-current"][data-status="pending"]').waitFor()
    // With the success toast still on screen: its colours must read too.
    await expectNoAxeViolations(adminPage, { label: 'subdomain settings' })

    const operator = await operatorClient()
    const operatorPage = await pageAs(operator, DESKTOP)
    await visit(operatorPage, '/operator/requests')
    const request = operatorPage.getByTestId('subdomain-request').filter({ hasText: label })
    await request.getByRole('button', { name: 'Approve' }).click()
    await operatorPage.getByText('Subdomain approved').waitFor()
    await expect.poll(() => operatorPage.getByTestId('subdomain-request').filter({ hasText: label }).count()).toBe(0)
    await expectNoAxeViolations(operatorPage, { label: 'operator requests' })

    await adminPage.reload()
    await adminPage.locator('[data-testid="subdomain-current"][data-status="active"]').waitFor()

    const fan = await browser.newContext({ viewport: PHONE })
    const fanPage = await fan.newPage()
    const response = await visit(fanPage, `http://${label}.${PLATFORM}:${second.port}/`)
    expect(response?.status()).toBe(200)
    await fanPage.getByRole('heading', { level: 1, name: admin.company.name }).waitFor()
    await expect.poll(() => fanPage.getByTestId('account-link').first().textContent()).toBe('Log in')
    await fan.close()

    // A member who signed in on the platform sees "Admin" on the company's subdomain too: the
    // signed-in hint is shared with the platform's subdomains, the session itself is not.
    const member = new TestClient(second.url)
    const signedIn = await member.postJson('/api/auth/sign-in/email', admin.credentials, { origin: inject('baseUrl') })
    expect(signedIn.status).toBe(200)
    const hint = (signedIn.headers['set-cookie'] ?? []).find((line) => line.startsWith('ag_member=1'))
    expect(hint).toMatch(new RegExp(`Domain=${PLATFORM.replace('.', '\\.')}`, 'i'))
    const returning = await browser.newContext({ viewport: DESKTOP })
    await returning.addCookies([{ name: 'ag_member', value: '1', domain: `.${PLATFORM}`, path: '/' }])
    const memberPage = await returning.newPage()
    await visit(memberPage, `http://${label}.${PLATFORM}:${second.port}/`)
    const accountLink = memberPage.getByTestId('account-link').first()
    await expect.poll(() => accountLink.textContent()).toBe('Admin')
    expect(await accountLink.getAttribute('href')).toMatch(/\/admin$/)
    await returning.close()
  })

  it("shows the operator a company's custom domain beside the subdomains; rejected with a reason, the admin reads why", async () => {
    const admin = await createCompanyAdmin('e2e-dom')
    const host = `photos.${admin.company.slug}.example`
    await withSystem((tx) =>
      tx.update(organization).set({ plan: 'enterprise' }).where(eq(organization.id, admin.company.id)),
    )
    await withSystem((tx) =>
      tx
        .insert(customDomain)
        .values({ companyId: admin.company.id, host, token: 'e2e', state: 'verified', verifiedAt: new Date() }),
    )
    const console = await operatorClient()
    await fs.mkdir('test-results', { recursive: true })
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await pageAs(console, viewport)
      await visit(page, '/operator/requests')
      await page.getByTestId('domain-request').filter({ hasText: host }).waitFor()
      await keepScreenshot(page, `test-results/operator-requests-${viewport.width}.png`, { fullPage: true })
      if (viewport === DESKTOP) {
        const request = page.getByTestId('domain-request').filter({ hasText: host })
        await request.getByRole('button', { name: 'Reject' }).click()
        await request.getByPlaceholder('Reason for the company').fill('The name belongs to another festival.')
        await request.getByRole('button', { name: 'Reject request' }).click()
        await page.getByText('Custom domain rejected').waitFor()
        await expect.poll(() => page.getByTestId('domain-request').filter({ hasText: host }).count()).toBe(0)
        await expectNoAxeViolations(page, { label: 'operator domain requests' })
      }
      await page.context().close()
    }
    const adminPage = await pageAs(admin.client, PHONE)
    await visit(adminPage, '/admin/settings/domains')
    await adminPage.getByTestId('domain-rejected').waitFor()
    await adminPage.getByText('The name belongs to another festival.').waitFor()
    await keepScreenshot(adminPage, 'test-results/domains-rejected-390.png', { fullPage: true })
    await expectNoAxeViolations(adminPage, { label: 'rejected custom domain' })
    await adminPage.context().close()
  })
})
