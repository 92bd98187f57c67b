import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { expectNoAxeViolations } from '../support/axe'
import { DESKTOP, launchBrowser, PHONE } from '../support/browser'
import { createCompanyAdmin, createVerifiedUser, signIn } from '../support/fixtures'
import { TestClient } from '../support/http-client'
import { startSecondApp } from '../support/second-app'

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
    second = await startSecondApp({ PLATFORM_DOMAIN: PLATFORM, SUBDOMAIN_AUTO_APPROVE: 'false', OPERATOR_EMAILS: OPERATOR })
    browser = await launchBrowser([`--host-resolver-rules=MAP *.${PLATFORM} 127.0.0.1`])
  })
  afterAll(async () => {
    await browser?.close()
    await second?.app.stop()
  })

  async function pageAs(client: TestClient, viewport: typeof DESKTOP) {
    const context = await browser.newContext({ viewport, baseURL: second.url })
    // Cookies are per host, not per port: the main app's sign-in holds for the second process.
    await context.addCookies([...client.cookies].map(([name, value]) => ({ name, value, url: second.url })))
    const page = await context.newPage()
    await page.addLocatorHandler(page.getByRole('button', { name: 'Decline', exact: true }), async (button) => {
      await button.click()
    })
    return page
  }

  it('is asked for by the admin, approved by the operator, and then serves the landing on its host', async () => {
    const admin = await createCompanyAdmin('e2e-sub')
    const label = `${admin.company.slug}-live`
    const adminPage = await pageAs(admin.client, PHONE)
    await adminPage.goto('/admin/settings/subdomain')
    await adminPage.getByLabel('Subdomain', { exact: true }).fill(label)
    await adminPage.getByTestId('request-subdomain').click()
    await adminPage.getByText('Subdomain requested: waiting for approval').waitFor()
    await adminPage.locator('[data-testid="subdomain-current"][data-status="pending"]').waitFor()
    // With the success toast still on screen: its colours must read too.
    await expectNoAxeViolations(adminPage, { label: 'subdomain settings' })

    const operatorAccount = await createVerifiedUser({ email: OPERATOR, name: 'Otto Operator' })
    const operator = new TestClient()
    await signIn(operator, operatorAccount)
    const operatorPage = await pageAs(operator, DESKTOP)
    await operatorPage.goto('/operator/requests')
    const request = operatorPage.getByTestId('subdomain-request').filter({ hasText: label })
    await request.getByRole('button', { name: 'Approve' }).click()
    await operatorPage.getByText('Subdomain approved').waitFor()
    await expect.poll(() => operatorPage.getByTestId('subdomain-request').filter({ hasText: label }).count()).toBe(0)
    await expectNoAxeViolations(operatorPage, { label: 'operator requests' })

    await adminPage.reload()
    await adminPage.locator('[data-testid="subdomain-current"][data-status="active"]').waitFor()

    const fan = await browser.newContext({ viewport: PHONE })
    const fanPage = await fan.newPage()
    const response = await fanPage.goto(`http://${label}.${PLATFORM}:${second.port}/`)
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
    await memberPage.goto(`http://${label}.${PLATFORM}:${second.port}/`)
    const accountLink = memberPage.getByTestId('account-link').first()
    await expect.poll(() => accountLink.textContent()).toBe('Admin')
    expect(await accountLink.getAttribute('href')).toMatch(/\/admin$/)
    await returning.close()
  })
})
