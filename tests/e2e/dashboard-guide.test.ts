import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { asset, contentItem, download, lead, organization } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { expectNoAxeViolations } from '../support/axe'
import { addCookiesTo, DESKTOP, launchBrowser, PHONE, visit } from '../support/browser'
import { createCompanyAdmin } from '../support/fixtures'
import { keepScreenshot } from '../support/screenshots'

const baseUrl = inject('baseUrl')
const SHOTS = path.resolve('test-results', 'dashboard')
let browser: Browser
let admin: Awaited<ReturnType<typeof createCompanyAdmin>>

async function adminPage(viewport: typeof DESKTOP, language = 'en') {
  const context = await browser.newContext({ viewport, baseURL: baseUrl })
  await addCookiesTo(context, baseUrl, admin.client.cookies, [['lang', language]])
  await context.addInitScript(() => localStorage.setItem('tracking-consent', 'declined'))
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  return { page, errors }
}

const stepsDone = (page: Awaited<ReturnType<typeof adminPage>>['page']) =>
  page
    .locator('[data-testid^="guide-step-"]')
    .evaluateAll((steps) =>
      steps.map(
        (step) => `${step.getAttribute('data-testid')!.replace('guide-step-', '')}:${step.getAttribute('data-done')}`,
      ),
    )

describe('the dashboard guides a new company', () => {
  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true })
    admin = await createCompanyAdmin('e2e-guide')
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('starts with every step to do, the next one first, a link to the public page and the analytics figures', async () => {
    const { page, errors } = await adminPage(DESKTOP)
    await visit(page, '/admin')
    expect(await stepsDone(page)).toEqual([
      'branding:false',
      'gallery:false',
      'upload:false',
      'publish:false',
      'share:false',
      'lead:false',
    ])
    expect(await page.getByTestId('guide-progress').textContent()).toBe('0 of 6 done')
    expect(
      await page.getByTestId('guide-step-branding').getByRole('link', { name: 'Add logo' }).getAttribute('href'),
    ).toBe('/admin/settings/company-data')
    expect(
      await page.getByTestId('guide-step-gallery').getByRole('link', { name: 'New gallery' }).getAttribute('href'),
    ).toBe('/admin/content/new')
    expect(await page.getByTestId('dashboard-public-link').getAttribute('href')).toMatch(
      new RegExp(`/${admin.company.slug}$`),
    )
    expect(await page.getByTestId('dashboard-activity').textContent()).toContain('Nothing yet')
    // The totals and the last 30 days stay.
    expect(await page.getByTestId('total-content').locator('dd').textContent()).toBe('0')
    expect(await page.getByTestId('dashboard-engagement').isVisible()).toBe(true)
    await keepScreenshot(page, path.join(SHOTS, 'new-en-1440.png'), { fullPage: true })
    await expectNoAxeViolations(page, { label: 'dashboard, new company' })

    // The public page opens from the dashboard.
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('dashboard-public-page').click()])
    await popup.waitForLoadState()
    expect(new URL(popup.url()).pathname).toBe(`/${admin.company.slug}`)
    expect(errors).toEqual([])
  })

  it("ticks each step from the company's real data and lists what happened", async () => {
    const companyId = admin.company.id
    let galleryId = ''
    await withSystem(async (tx) => {
      await tx.update(organization).set({ logo: '/media/logo.png' }).where(eq(organization.id, companyId))
      const [gallery] = await tx
        .insert(contentItem)
        .values({ companyId, kind: 'gallery', title: 'Porto Night', slug: 'porto-night', status: 'draft' })
        .returning({ id: contentItem.id })
      galleryId = gallery.id
      await tx.insert(asset).values(
        [1, 2, 3].map((n) => ({
          companyId,
          contentItemId: gallery.id,
          purpose: 'gallery-media',
          mediaType: 'image',
          originalName: `p${n}.jpg`,
          mimeType: 'image/jpeg',
          sizeBytes: 1000,
          storageKey: `${companyId}/p${n}`,
          processingStatus: 'ready',
        })),
      )
    })
    const { page, errors } = await adminPage(DESKTOP)
    await visit(page, '/admin')
    expect(await stepsDone(page)).toEqual([
      'branding:true',
      'gallery:true',
      'upload:true',
      'publish:false',
      'share:false',
      'lead:false',
    ])
    expect(
      await page.getByTestId('guide-step-publish').getByRole('link', { name: 'Open gallery' }).getAttribute('href'),
    ).toBe(`/admin/content/${galleryId}`)
    expect(await page.getByTestId('activity-processed').textContent()).toContain('3 files ready · Porto Night')

    await withSystem(async (tx) => {
      await tx
        .update(contentItem)
        .set({ status: 'published', publishedAt: new Date(), requireLead: true })
        .where(eq(contentItem.id, galleryId))
      const [fan] = await tx
        .insert(lead)
        .values({
          companyId,
          contentItemId: galleryId,
          fullName: 'Ana Souza',
          email: 'ana@owls.test',
          privacyAcceptedAt: new Date(),
          dataProcessingConsent: true,
          marketingConsent: false,
        })
        .returning({ id: lead.id })
      await tx
        .insert(download)
        .values({ companyId, contentItemId: galleryId, leadId: fan.id, kind: 'zip', quality: 'web' })
    })
    await visit(page, '/admin')
    // Every step done: the checklist steps aside; activity and quick actions remain.
    expect(await page.getByTestId('dashboard-guide').count()).toBe(0)
    expect(await page.getByTestId('activity-lead').textContent()).toContain('Ana Souza registered · Porto Night')
    expect(await page.getByTestId('activity-download').textContent()).toContain(
      'Gallery downloaded (ZIP) · Porto Night',
    )
    expect(
      await page
        .getByTestId('dashboard-actions')
        .getByRole('link', { name: 'Upload to latest gallery' })
        .getAttribute('href'),
    ).toBe(`/admin/content/${galleryId}`)
    await keepScreenshot(page, path.join(SHOTS, 'active-en-1440.png'), { fullPage: true })
    expect(errors).toEqual([])
  })

  it('reads in four languages on a phone without sideways scrolling', async () => {
    await withSystem((tx) => tx.update(organization).set({ logo: null }).where(eq(organization.id, admin.company.id)))
    const titles = {
      en: 'Get your page going',
      pt: 'Coloque sua página no ar',
      es: 'Pon tu página en marcha',
      fr: 'Lancez votre page',
    }
    for (const [language, title] of Object.entries(titles)) {
      const { page, errors } = await adminPage(PHONE, language)
      await visit(page, '/admin')
      expect(await page.getByTestId('dashboard-guide').getByRole('heading').textContent()).toBe(title)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
      await keepScreenshot(page, path.join(SHOTS, `guide-${language}-390.png`), { fullPage: true })
      expect(errors).toEqual([])
      await page.context().close()
    }
  })
})
