import { readFile } from 'node:fs/promises'
import { and, eq } from 'drizzle-orm'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import { contentItem, event, lead } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { addCookiesTo, closedCookieBannerBefore, DESKTOP, launchBrowser, PHONE, visit } from '../support/browser'
import { createCompanyAdmin } from '../support/fixtures'

const baseUrl = inject('baseUrl')
let browser: Browser
let admin: Awaited<ReturnType<typeof createCompanyAdmin>>
let galleryTitle = ''
const EVIL_NAME = '=HYPERLINK("http://evil.test","click")'

async function adminPage(viewport: typeof DESKTOP, options: { isMobile?: boolean } = {}) {
  const context = await browser.newContext({
    viewport,
    baseURL: baseUrl,
    hasTouch: options.isMobile,
    isMobile: options.isMobile,
    acceptDownloads: true,
  })
  await addCookiesTo(context, baseUrl, admin.client.cookies)
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  // The cookie banner may slide over the list; answer it whenever it shows up.
  await closedCookieBannerBefore(page)
  return { page, errors }
}

// This company's lead: another test's company may have a lead with the same e-mail.
async function leadExists(email: string) {
  const rows = await withSystem((tx) =>
    tx
      .select({ id: lead.id })
      .from(lead)
      .where(and(eq(lead.companyId, admin.company.id), eq(lead.email, email))),
  )
  return rows.length > 0
}

describe('managing leads in the admin', () => {
  beforeAll(async () => {
    admin = await createCompanyAdmin('e2e-leads')
    const companyId = admin.company.id
    await withSystem(async (tx) => {
      const [show] = await tx
        .insert(event)
        .values({ companyId, slug: 'porto-night', title: 'Porto Night' })
        .returning({ id: event.id })
      const [gallery] = await tx
        .insert(contentItem)
        .values({ companyId, kind: 'gallery', title: 'Porto Live Photos', eventId: show.id, requireLead: true })
        .returning()
      const [poster] = await tx
        .insert(contentItem)
        .values({ companyId, kind: 'single', title: 'Tour Poster', requireLead: true })
        .returning()
      galleryTitle = gallery.title
      const base = Date.UTC(2026, 4, 1, 22, 0, 0)
      // 57 fans: more than a page. Every third one took the poster; every other one said yes to marketing.
      await tx.insert(lead).values(
        Array.from({ length: 57 }, (_, i) => ({
          companyId,
          contentItemId: i % 3 === 0 ? poster.id : gallery.id,
          eventId: i % 3 === 0 ? null : show.id,
          fullName: `Fan Number ${i + 1}`,
          email: `fan${i + 1}@crowd.test`,
          organisation: i % 4 === 0 ? 'Crowd Collective' : null,
          privacyAcceptedAt: new Date(base - i * 60_000),
          dataProcessingConsent: true,
          marketingConsent: i % 2 === 0,
          policyVersion: '1.0',
          language: 'en',
          createdAt: new Date(base - i * 60_000),
        })),
      )
      await tx.insert(lead).values([
        {
          companyId,
          contentItemId: gallery.id,
          eventId: show.id,
          fullName: 'Ana Souza',
          email: 'ana@owls.test',
          phone: '+351 912 000 111',
          organisation: 'Owl Records',
          privacyAcceptedAt: new Date(base + 60_000),
          dataProcessingConsent: true,
          marketingConsent: true,
          createdAt: new Date(base + 60_000),
        },
        {
          companyId,
          contentItemId: gallery.id,
          fullName: EVIL_NAME,
          email: 'evil@owls.test',
          privacyAcceptedAt: new Date(base + 120_000),
          dataProcessingConsent: true,
          marketingConsent: false,
          createdAt: new Date(base + 120_000),
        },
      ])
    })
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('on a desktop: opens Leads from the sidebar, searches, filters, exports the filtered list and deletes a lead', async () => {
    const { page, errors } = await adminPage(DESKTOP)
    await visit(page, '/admin')
    await page.getByRole('link', { name: 'Leads', exact: true }).click()
    await page.waitForURL('**/admin/leads')
    await expect.poll(() => page.getByTestId('leads-summary').locator('span').first().textContent()).toBe('59 leads')
    expect(await page.getByTestId('lead-row').count()).toBe(50)
    expect(await page.getByTestId('lead-card').first().isVisible()).toBe(false)
    await expect.poll(() => page.getByTestId('leads-pagination').textContent()).toContain('Page 1 of 2')

    // Newest first: the formula name is shown as plain text.
    expect(await page.getByTestId('lead-row').first().textContent()).toContain(EVIL_NAME)
    await page.getByRole('link', { name: 'Next', exact: true }).click()
    await page.waitForURL(/page=2/)
    await expect.poll(() => page.getByTestId('lead-row').count()).toBe(9)

    // Search goes back to the first page and matches name, e-mail or company, any case.
    await page.getByPlaceholder('Search by name, e-mail or company').fill('OWL RECORDS')
    await page.waitForURL(/q=OWL\+RECORDS/)
    await expect.poll(() => page.getByTestId('lead-row').count()).toBe(1)
    expect(page.url()).not.toContain('page=')
    expect(await page.getByTestId('lead-row').textContent()).toContain('Ana Souza')
    await page.getByPlaceholder('Search by name, e-mail or company').fill('crowd.test')
    await expect.poll(() => page.getByTestId('leads-summary').textContent()).toContain('57 of 59 leads match')

    await page.getByLabel('Marketing consent').selectOption('no')
    await expect.poll(() => page.getByTestId('leads-summary').textContent()).toContain('28 of 59 leads match')
    await page.getByLabel('Highlight', { exact: true }).selectOption({ label: galleryTitle })
    await expect.poll(() => page.getByTestId('leads-summary').textContent()).toContain('19 of 59 leads match')
    const shown = await page.getByTestId('lead-row').locator('td:first-child p:first-child').allTextContents()
    expect(shown).toHaveLength(19)

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-leads').click()])
    expect(download.suggestedFilename()).toBe(
      `leads-${admin.company.slug}-${new Date().toISOString().slice(0, 10)}.csv`,
    )
    const csv = await readFile((await download.path())!, 'utf8')
    expect(csv.startsWith('\uFEFFName,E-mail,Phone,Company,Content,Event,Date (UTC),')).toBe(true)
    const records = csv.slice(1).split('\r\n').filter(Boolean)
    expect(records).toHaveLength(20)
    expect(records.slice(1).map((record) => record.split(',')[0])).toEqual(shown)
    expect(
      records
        .slice(1)
        .every((record) => record.includes(',Porto Live Photos,Porto Night,') && record.includes(',Yes,No,')),
    ).toBe(true)

    // The whole list exported: the formula arrives as text.
    await page.getByTestId('clear-filters').click()
    await page.waitForURL(/\/admin\/leads$/)
    await expect.poll(() => page.getByTestId('leads-summary').locator('span').first().textContent()).toBe('59 leads')
    expect(await page.getByPlaceholder('Search by name, e-mail or company').inputValue()).toBe('')
    const [all] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-leads').click()])
    const allCsv = await readFile((await all.path())!, 'utf8')
    expect(allCsv.split('\r\n').filter(Boolean)).toHaveLength(60)
    expect(allCsv).toContain(`"'=HYPERLINK(""http://evil.test"",""click"")",evil@owls.test,`)
    expect(allCsv).toContain(`Ana Souza,ana@owls.test,'+351 912 000 111,Owl Records,`)

    // Delete, with a confirmation that says it cannot be undone.
    const row = page.getByTestId('lead-row').filter({ hasText: 'ana@owls.test' })
    await row.getByRole('button', { name: 'Delete lead Ana Souza' }).click()
    const dialog = page.getByRole('dialog')
    await expect.poll(() => dialog.textContent()).toContain('This cannot be undone.')
    await dialog.getByRole('button', { name: 'Delete lead' }).click()
    await expect.poll(() => page.getByText('Lead deleted').isVisible()).toBe(true)
    await expect.poll(() => dialog.count()).toBe(0)
    await expect.poll(() => row.count()).toBe(0)
    await expect.poll(() => page.getByTestId('leads-summary').locator('span').first().textContent()).toBe('58 leads')
    expect(await leadExists('ana@owls.test')).toBe(false)
    expect(errors).toEqual([])
  })

  it('on a phone: cards instead of a table, no sideways scroll, search and delete from a card', async () => {
    const { page, errors } = await adminPage(PHONE, { isMobile: true })
    await visit(page, '/admin')
    await page.getByTestId('open-drawer').click()
    await page.getByTestId('admin-drawer').getByRole('link', { name: 'Leads', exact: true }).click()
    await page.waitForURL('**/admin/leads')
    await expect.poll(() => page.getByTestId('lead-card').first().isVisible()).toBe(true)
    expect(await page.getByTestId('lead-row').first().isVisible()).toBe(false)
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)

    await page.getByPlaceholder('Search by name, e-mail or company').fill('fan7@')
    await expect.poll(() => page.getByTestId('lead-card').count()).toBe(1)
    const card = page.getByTestId('lead-card').first()
    expect(await card.textContent()).toContain('Fan Number 7')

    // Cancel keeps it; confirming erases it.
    await card.getByRole('button', { name: 'Delete lead Fan Number 7' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click()
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
    expect(await leadExists('fan7@crowd.test')).toBe(true)
    await card.getByRole('button', { name: 'Delete lead Fan Number 7' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete lead' }).click()
    await expect.poll(() => page.getByText('Lead deleted').isVisible()).toBe(true)
    await expect.poll(() => page.getByTestId('leads-no-results').isVisible()).toBe(true)
    expect(await leadExists('fan7@crowd.test')).toBe(false)
    expect(errors).toEqual([])
  })
})
