import { mkdir } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { zipEntryNames } from '../support/zip'
import { asset, contentItem, lead, subscription } from '#db/schema'
import { syncCompanyPlan } from '#app/features/billing/server/sync-company-plan.server'
import { getPool, withSystem } from '#app/lib/db.server'
import { expectNoAxeViolations } from '../support/axe'
import { waitForAssetsReady } from '../support/assets'
import { addCookiesTo, DESKTOP, launchBrowser, PHONE, visit } from '../support/browser'
import { createCompanyAdmin } from '../support/fixtures'
import { makePhoto } from '../support/media-files'
import { tusUpload } from '../support/tus'
import { keepScreenshot } from '../support/screenshots'

/*
 * An Enterprise admin backs the company up from Settings → Backups: the archive shows in progress,
 * then ready, and downloads as a ZIP holding the company's data and its original photos. A
 * Starter admin sees what it takes instead. Screenshots at 390 and 1440 px.
 */

const baseUrl = inject('baseUrl')
const SHOTS = path.resolve('test-results', 'company-backups')
let browser: Browser
let admin: Awaited<ReturnType<typeof createCompanyAdmin>>
let starter: Awaited<ReturnType<typeof createCompanyAdmin>>
const assetIds: string[] = []

async function adminPage(who: typeof admin, viewport: typeof DESKTOP, language = 'en') {
  const context = await browser.newContext({ viewport, baseURL: baseUrl, acceptDownloads: true })
  await addCookiesTo(context, baseUrl, who.client.cookies, [['lang', language]])
  // Cookies answered before (as the consent banner stores it): nothing covers the page.
  await context.addInitScript(() => {
    const answered = { version: '1.0', timestamp: new Date().toISOString() }
    localStorage.setItem('tracking-consent', JSON.stringify({ status: 'declined', ...answered }))
    localStorage.setItem('consent-banner-seen', JSON.stringify(answered))
  })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  return { page, errors, context }
}

describe('company backups', () => {
  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true })
    admin = await createCompanyAdmin('e2e-backup')
    starter = await createCompanyAdmin('e2e-nobackup')
    const companyId = admin.company.id
    await withSystem(async (tx) => {
      await tx.insert(subscription).values({
        companyId,
        provider: 'test',
        customerId: `cus_${companyId}`,
        subscriptionId: `sub_${companyId}`,
        plan: 'enterprise',
        status: 'active',
        currency: 'EUR',
        unitAmount: 3700,
        currentPeriodEnd: new Date(Date.now() + 20 * 86_400_000),
      })
      await syncCompanyPlan(tx, companyId)
    })
    const [gallery] = await withSystem((tx) =>
      tx.insert(contentItem).values({ companyId, kind: 'gallery', slug: 'encore', title: 'Encore' }).returning(),
    )
    for (const [index, color] of ['#1d4ed8', '#be123c'].entries()) {
      const done = await tusUpload(admin.client, await makePhoto(800, 500, color), {
        filename: `encore-${index}.jpg`,
        purpose: 'gallery-media',
        contentItemId: gallery.id,
      })
      if (!done.ok || !done.assetId) throw new Error(`upload failed: ${JSON.stringify(done)}`)
      assetIds.push(done.assetId)
    }
    await waitForAssetsReady(assetIds)
    await withSystem((tx) =>
      tx.insert(lead).values({
        companyId,
        contentItemId: gallery.id,
        fullName: 'Rita Fan',
        email: 'rita@fans.test',
        dataProcessingConsent: true,
        privacyAcceptedAt: new Date(),
        policyVersion: '2026-09',
      }),
    )
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('backs up on request: in progress, then ready, then downloaded as a ZIP of the data and the originals', async () => {
    const { page, errors } = await adminPage(admin, DESKTOP)
    await visit(page, '/admin/settings')
    await page.getByTestId('settings-backups').click()
    await page.waitForURL(/\/admin\/settings\/backups$/)
    await expect.poll(() => page.getByTestId('backups-empty').isVisible()).toBe(true)
    await keepScreenshot(page, path.join(SHOTS, 'backups-empty-1440.png'), { fullPage: true })

    // The archive waits on a table this test holds, so its progress can be seen before it is ready.
    const holder = await getPool().connect()
    try {
      await holder.query('begin')
      await holder.query('lock table analytics_playback_buckets in access exclusive mode')
      await page.getByTestId('back-up-now').click()
      const row = page.getByTestId('backup').first()
      await expect.poll(() => row.getAttribute('data-status'), { timeout: 20_000 }).toBe('running')
      expect(await row.innerText()).toContain('In progress')
      expect(await page.getByTestId('back-up-now').isDisabled()).toBe(true)
      await keepScreenshot(page, path.join(SHOTS, 'backups-running-1440.png'), { fullPage: true })
    } finally {
      await holder.query('commit').catch(() => undefined)
      holder.release()
    }
    const row = page.getByTestId('backup').first()
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 30_000 }).toBe('ready')
    expect(await row.innerText()).toMatch(/2 files/)
    await keepScreenshot(page, path.join(SHOTS, 'backups-ready-1440.png'), { fullPage: true })
    await expectNoAxeViolations(page, { label: 'backups' })

    const [file] = await Promise.all([page.waitForEvent('download'), row.getByTestId('backup-download').click()])
    expect(file.suggestedFilename()).toMatch(new RegExp(`^${admin.company.slug}-backup-.*\\.zip$`))
    const saved = path.join(os.tmpdir(), `afterglow-e2e-${Date.now()}.zip`)
    await file.saveAs(saved)
    const names = await zipEntryNames(saved)
    const originals = await withSystem((tx) =>
      tx
        .select({ id: asset.id, storageKey: asset.storageKey })
        .from(asset)
        .where(eq(asset.companyId, admin.company.id)),
    )
    for (const expected of [
      'manifest.json',
      'data/company.json',
      'data/content_items.json',
      'data/content_items.csv',
      'data/leads.json',
      'data/leads.csv',
      'data/events.csv',
      'data/analytics_daily.csv',
      ...originals.map((o) => `files/${o.id}/${o.storageKey.split('/').pop()}`),
    ]) {
      expect(names, expected).toContain(expected)
    }
    expect(names.filter((name) => name.startsWith('files/'))).toHaveLength(2)
    expect(errors).toEqual([])
  })

  it('reads well on a phone, in Portuguese too', async () => {
    for (const language of ['en', 'pt']) {
      const { page, errors } = await adminPage(admin, PHONE, language)
      await visit(page, '/admin/settings/backups')
      await expect.poll(() => page.getByTestId('backup').count()).toBeGreaterThan(0)
      const width = await page.evaluate(() => document.documentElement.scrollWidth)
      expect(width).toBeLessThanOrEqual(PHONE.width)
      if (language === 'pt') expect(await page.getByTestId('back-up-now').innerText()).toContain('Fazer backup agora')
      await keepScreenshot(page, path.join(SHOTS, `backups-${language}-390.png`), { fullPage: true })
      expect(errors).toEqual([])
    }
  })

  it('shows a lower plan what it takes, with no button', async () => {
    const { page } = await adminPage(starter, PHONE)
    await visit(page, '/admin/settings/backups')
    expect(await page.getByTestId('backups-upgrade').innerText()).toContain('Enterprise')
    expect(await page.getByTestId('back-up-now').count()).toBe(0)
    await keepScreenshot(page, path.join(SHOTS, 'backups-starter-390.png'), { fullPage: true })
  })
})
