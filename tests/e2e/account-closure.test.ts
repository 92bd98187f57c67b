import { eq } from 'drizzle-orm'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { organization } from '#db/schema'
import { accountDeletionDate } from '#app/features/companies/account-closure'
import { withSystem } from '#app/lib/db.server'
import { formatDate } from '#app/lib/format-date'
import { expectNoAxeViolations } from '../support/axe'
import { addCookiesTo, closedCookieBannerBefore, DESKTOP, launchBrowser, visit } from '../support/browser'
import { createCompanyAdmin } from '../support/fixtures'
import { TestClient } from '../support/http-client'

const baseUrl = inject('baseUrl')
let browser: Browser

const closedAtOf = async (companyId: string) =>
  (
    await withSystem((tx) =>
      tx.select({ closedAt: organization.closedAt }).from(organization).where(eq(organization.id, companyId)),
    )
  )[0]?.closedAt

describe('an admin closes the company account and reopens it', () => {
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('asks for the page address in the admin’s language, takes the pages offline, shows the deletion date and reopens', async () => {
    const admin = await createCompanyAdmin('e2e-closing')
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl, locale: 'pt-BR' })
    await addCookiesTo(context, baseUrl, admin.client.cookies, [['lang', 'pt']])
    // The cookie banner answered on an earlier visit: it would come up under the dialog.
    await closedCookieBannerBefore(context)
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))

    await visit(page, '/admin/settings/company-data')
    await page.getByTestId('close-account').click()
    const dialog = page.getByTestId('close-account-dialog')
    await dialog.getByRole('heading', { name: `Encerrar ${admin.company.name}?` }).waitFor()
    await dialog.getByText('As páginas dos seus fãs saem do ar na hora').waitFor()
    await expectNoAxeViolations(page, {
      include: '[data-testid="close-account-dialog"]',
      label: 'close account dialog',
    })

    // The company's name is not its address: refused, said so under the field, nothing closed.
    await dialog.getByLabel(`Digite ${admin.company.slug} para confirmar`).fill(admin.company.name)
    await dialog.getByTestId('confirm-close-account').click()
    await dialog
      .getByText(
        'Esse não é o endereço da página desta empresa. Digite-o exatamente como aparece para encerrar a conta.',
      )
      .waitFor()
    expect(await closedAtOf(admin.company.id)).toBeNull()

    await dialog.getByLabel(`Digite ${admin.company.slug} para confirmar`).fill(admin.company.slug)
    await dialog.getByTestId('confirm-close-account').click()
    await page.getByText('Conta encerrada. As páginas dos fãs estão fora do ar.').waitFor()
    await dialog.waitFor({ state: 'detached' })
    const closedAt = (await closedAtOf(admin.company.id))!
    expect(closedAt).toBeInstanceOf(Date)
    const date = formatDate(accountDeletionDate(closedAt), 'pt')
    const banner = page.getByTestId('account-closed')
    await banner.getByText(`Esta conta está encerrada e será excluída em ${date}`).waitFor()
    expect((await new TestClient().get(`/${admin.company.slug}`)).status).toBe(404)

    // The banner follows the admin everywhere, and reopens the account from there.
    await visit(page, '/admin/content')
    await banner.getByRole('button', { name: 'Reabrir conta' }).click()
    await page.getByText('Conta reaberta. As páginas dos fãs estão de volta no ar.').waitFor()
    await banner.waitFor({ state: 'detached' })
    expect(await closedAtOf(admin.company.id)).toBeNull()
    expect((await new TestClient().get(`/${admin.company.slug}`)).status).toBe(200)
    expect(errors).toEqual([])
    await context.close()
  })
})
