import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { auditEvent, contentItem, user } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { expectNoAxeViolations } from '../support/axe'
import { addCookiesTo, DESKTOP, launchBrowser, PHONE, visit } from '../support/browser'
import { createCompanyAdmin } from '../support/fixtures'
import { keepScreenshot } from '../support/screenshots'

const baseUrl = inject('baseUrl')
const SHOTS = path.resolve('test-results', 'audit-log')
let browser: Browser
let admin: Awaited<ReturnType<typeof createCompanyAdmin>>
let galleryId = ''

async function adminPage(viewport: typeof DESKTOP, language = 'en') {
  const context = await browser.newContext({ viewport, baseURL: baseUrl })
  await addCookiesTo(context, baseUrl, admin.client.cookies, [['lang', language]])
  // Consent answered before: nothing of the banner covers the log.
  await context.addInitScript(() => localStorage.setItem('tracking-consent', 'declined'))
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  return { page, errors }
}

describe('the audit log reads as sentences', () => {
  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true })
    admin = await createCompanyAdmin('e2e-audit')
    const companyId = admin.company.id
    const [actor] = await withSystem((tx) =>
      tx.select({ id: user.id }).from(user).where(eq(user.email, admin.credentials.email)),
    )
    await withSystem(async (tx) => {
      const [gallery] = await tx
        .insert(contentItem)
        .values({ companyId, kind: 'gallery', title: 'Lisbon Live Photos' })
        .returning({ id: contentItem.id })
      galleryId = gallery.id
      const at = (minutes: number) => new Date(Date.now() - minutes * 60_000)
      await tx.insert(auditEvent).values([
        { companyId, actorUserId: actor.id, category: 'session_start', action: 'session.start', createdAt: at(50) },
        {
          companyId,
          category: 'download_tracking',
          action: 'download.zip',
          tableName: 'downloads',
          details: { contentItemId: gallery.id },
          createdAt: at(40),
        },
        {
          companyId,
          category: 'download_tracking',
          action: 'download.file',
          tableName: 'downloads',
          details: { contentItemId: crypto.randomUUID() },
          createdAt: at(30),
        },
        {
          companyId,
          actorUserId: actor.id,
          category: 'admin_privileged_action',
          action: 'member.invite',
          tableName: 'members',
          recordId: 'inv-1',
          details: { email: 'crew@owls.test', role: 'manager' },
          createdAt: at(20),
        },
      ])
    })
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('names every action, who did it and what it was about, with filters by category and person', async () => {
    const { page, errors } = await adminPage(DESKTOP)
    // A real lead-list read, recorded by the product itself.
    await visit(page, '/admin/leads')
    await visit(page, '/admin/settings/audit')
    const rows = page.getByTestId('audit-row')
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(5)
    const table = (await page.locator('table').innerText()).toLowerCase()
    for (const raw of ['leads.list', 'session.start', 'download.zip', 'member.invite', 'company.create'])
      expect(table).not.toContain(raw)
    for (const words of [
      'viewed the leads',
      'signed in',
      'a fan downloaded a gallery (zip)',
      'invited a member',
      'created the company',
    ])
      expect(table).toContain(words)

    // What: a link to content that still exists, a plain note for content since deleted.
    const zip = rows.filter({ hasText: 'A fan downloaded a gallery (ZIP)' })
    expect(await zip.getByRole('link', { name: 'Lisbon Live Photos' }).getAttribute('href')).toBe(
      `/admin/content/${galleryId}`,
    )
    expect(await zip.textContent()).toContain('A fan (not signed in)')
    const file = rows.filter({ hasText: 'A fan downloaded a file' })
    expect(await file.textContent()).toContain('Content since deleted')
    expect(await file.getByRole('link').count()).toBe(0)
    expect(
      await rows
        .filter({ hasText: 'Viewed the leads' })
        .first()
        .getByRole('link', { name: 'Leads' })
        .getAttribute('href'),
    ).toBe('/admin/leads')
    expect(await rows.filter({ hasText: 'Invited a member' }).textContent()).toContain('crew@owls.test')
    await keepScreenshot(page, path.join(SHOTS, 'audit-en-1440.png'), { fullPage: true })
    await expectNoAxeViolations(page, { label: 'audit log' })

    // By category: downloads only.
    await page.getByLabel('Category').selectOption('download_tracking')
    await page.waitForURL(/category=download_tracking/)
    await expect.poll(() => rows.count()).toBe(2)
    // By person: the admin's own entries, none of the fans'.
    await page.getByLabel('Category').selectOption('')
    await page.waitForURL((url) => !url.search.includes('category=download'))
    await page.getByLabel('Person').selectOption({ label: 'Company Admin' })
    await page.waitForURL(/actor=/)
    await expect.poll(async () => (await page.locator('table').innerText()).includes('A fan downloaded')).toBe(false)
    expect(await page.locator('table').innerText()).toContain('Invited a member')
    expect(errors).toEqual([])
  })

  it('speaks Portuguese, Spanish and French on a phone', async () => {
    const expected = { pt: 'Consultou os leads', es: 'Consultó los leads', fr: 'A consulté les contacts' }
    for (const [language, words] of Object.entries(expected)) {
      const { page, errors } = await adminPage(PHONE, language)
      await visit(page, '/admin/settings/audit')
      const cards = async () => (await page.getByTestId('audit-card').allInnerTexts()).join('\n')
      await expect.poll(cards).toContain(words)
      expect(await cards()).not.toContain('leads.list')
      expect(await page.getByTestId('audit-row').first().isVisible()).toBe(false)
      // Nothing wider than the phone: no sideways scrolling.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
      await keepScreenshot(page, path.join(SHOTS, `audit-${language}-390.png`), { fullPage: true })
      expect(errors).toEqual([])
      await page.context().close()
    }
  })
})
