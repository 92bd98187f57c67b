import { randomUUID } from 'node:crypto'
import { asPlatform } from '#app/access/tenant.server'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import {
  analyticsDaily,
  analyticsLike,
  asset,
  auditEvent,
  companyBackup,
  contentItem,
  event,
  lead,
  member,
  organization,
  subscription,
  user,
} from '#db/schema'
import { accountDeletionDate } from '#app/features/companies/account-closure'
import { RETENTION_PERIODS } from '#app/features/privacy/retention-periods'
import { applyRetention } from '#app/features/privacy/server/apply-retention.server'
import { withSystem } from '#app/lib/db.server'
import { getFixedT } from '#app/lib/i18n.server'
import { createLocalStorage } from '#app/lib/storage.server'
import { formatDate } from '#app/lib/format-date'
import { waitForAssetsReady } from '../support/assets'
import { createCompanyAdmin, createMemberWithRole, latestMail, signIn } from '../support/fixtures'
import { TestClient } from '../support/http-client'
import { makePhoto } from '../support/media-files'
import { tusUpload } from '../support/tus'
import { waitUntil } from '../support/wait'

/*
 * The policies' "after an account is closed, we delete it" kept (issue 15): an admin closes the
 * company account from its settings by typing its page address; its fans' pages answer as a
 * company that does not exist, the admin shows when it will be deleted, the paid subscription
 * stops renewing and the admins are told in their language; it can be reopened; closed again and
 * left past RETENTION_PERIODS.closedAccounts, the daily retention job deletes its rows, its audit
 * trail, its media and its archives, and nothing of another company.
 */

type Admin = Awaited<ReturnType<typeof createCompanyAdmin>>

const CLOSURE = '/admin/settings/account-closure'
const MINUTE = 60_000
const DAY = 1440 * MINUTE
const storage = () => createLocalStorage(path.join(inject('dataDir'), 'media'))
const companyFolder = (companyId: string) => path.join(inject('dataDir'), 'media', companyId)
const english = { 'accept-language': 'en' }

/** A published gallery with one processed photo, a lead and a day of analytics: what fans see and what the company keeps. */
async function fillCompany(admin: Admin, label: string) {
  const companyId = admin.company.id
  const [gallery] = await withSystem((tx) =>
    tx
      .insert(contentItem)
      .values({ companyId, kind: 'gallery', slug: `${label}-gallery`, title: `${label} gallery` })
      .returning(),
  )
  const upload = await tusUpload(admin.client, await makePhoto(640, 400, '#335577'), {
    filename: `${label}.jpg`,
    purpose: 'gallery-media',
    contentItemId: gallery.id,
  })
  if (!upload.ok || !upload.assetId) throw new Error(`upload failed: ${JSON.stringify(upload)}`)
  await waitForAssetsReady([upload.assetId])
  await withSystem(async (tx) => {
    await tx
      .update(contentItem)
      .set({ status: 'published', publishedAt: new Date(), coverAssetId: upload.assetId })
      .where(eq(contentItem.id, gallery.id))
    await tx.insert(event).values({ companyId, slug: `${label}-night`, title: `${label} night`, status: 'published' })
    await tx.insert(lead).values({
      companyId,
      contentItemId: gallery.id,
      fullName: 'Ana Fan',
      email: `ana-${label}@fans.test`,
      privacyAcceptedAt: new Date(),
      dataProcessingConsent: true,
      marketingConsent: true,
      policyVersion: '1.0',
      language: 'pt',
    })
    await tx
      .insert(analyticsDaily)
      .values({ companyId, scope: 'company', subject: '', day: '2026-10-02', pageViews: 40, visitors: 12 })
    await tx.insert(analyticsLike).values({
      companyId,
      target: `item:${gallery.id}`,
      visitor: `c:${randomUUID()}`,
      liked: true,
      updatedAt: new Date(),
    })
  })
  // One of its own backup archives, beside its media.
  const backupId = randomUUID()
  const archiveKey = `${companyId}/backups/${backupId}.zip`
  await storage().put(archiveKey, Buffer.from('PK archive'), { contentType: 'application/zip' })
  await withSystem((tx) =>
    tx
      .insert(companyBackup)
      .values({ id: backupId, companyId, trigger: 'manual', storageKey: archiveKey, status: 'ready' }),
  )
  return {
    gallery,
    assetId: upload.assetId,
    archiveKey,
    eventLink: `/event/${label}-night`,
    pages: [
      `/${admin.company.slug}`,
      `/${admin.company.slug}/galeria/${label}-gallery`,
      `/${admin.company.slug}/evento/${label}-night`,
    ],
  }
}

/** Pays Professional through the built-in provider's checkout, as an admin does. */
async function subscribe(admin: Admin) {
  const checkout = await admin.client.postJson('/api/billing/create-checkout', {
    plan: 'professional',
    currency: 'EUR',
  })
  expect(checkout.status).toBe(200)
  const paid = await new TestClient().postForm(new URL(checkout.json<{ url: string }>().url).pathname, {
    number: '4242 4242 4242 4242',
    expiry: '12/34',
    cvc: '123',
    name: 'Ana Lima',
  })
  expect(paid.status).toBe(302)
}

const closedAtOf = async (companyId: string) =>
  (
    await withSystem((tx) =>
      tx.select({ closedAt: organization.closedAt }).from(organization).where(eq(organization.id, companyId)),
    )
  )[0]?.closedAt
const auditActions = async (companyId: string) =>
  (
    await withSystem((tx) =>
      tx.select({ action: auditEvent.action }).from(auditEvent).where(eq(auditEvent.companyId, companyId)),
    )
  ).map((row) => row.action)
const heading = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1]
const dateIn = (language: string, value: Date) => formatDate(value, language, 'UTC')

/** Rows a company still has, per table that holds any (cascaded or deleted by name). */
async function rowsLeft(companyId: string) {
  const tables = [
    'companies',
    'members',
    'content_items',
    'assets',
    'asset_renditions',
    'events',
    'leads',
    'subscriptions',
    'invoices',
    'company_backups',
    'analytics_daily',
    'analytics_likes',
    'audit_events',
  ]
  const left: Record<string, number> = {}
  for (const table of tables) {
    const column = table === 'companies' ? 'id' : 'company_id'
    const [row] = (
      await withSystem((tx) =>
        tx.execute<{ count: number }>(
          sql`select count(*)::int as count from ${sql.identifier(table)} where ${sql.identifier(column)} = ${companyId}`,
        ),
      )
    ).rows
    if (row.count > 0) left[table] = row.count
  }
  return left
}

describe('closing a company account', () => {
  let closing: Admin
  let staying: Admin
  let closingData: Awaited<ReturnType<typeof fillCompany>>
  let stayingData: Awaited<ReturnType<typeof fillCompany>>
  let manager: TestClient
  const fan = new TestClient()

  beforeAll(async () => {
    closing = await createCompanyAdmin('closing')
    staying = await createCompanyAdmin('staying')
    closingData = await fillCompany(closing, `closing-${randomUUID().slice(0, 6)}`)
    stayingData = await fillCompany(staying, `staying-${randomUUID().slice(0, 6)}`)
    manager = await createMemberWithRole(closing.company.id, 'manager')
    await subscribe(closing)
  })

  it('is refused to a manager and to a page address typed wrong, in the admin’s language', async () => {
    for (const intent of ['close', 'reopen']) {
      const refused = await manager.postForm(CLOSURE, { intent, confirmSlug: closing.company.slug })
      expect(refused.status, intent).toBe(403)
      expect(refused.json().errors.form, intent).toEqual(['settings.errors.adminOnly'])
    }
    // A manager sees no danger section at all.
    expect((await manager.get('/admin/settings/company-data')).text).not.toContain(
      'data-testid="close-account-section"',
    )

    for (const typed of ['', closing.company.name, `${closing.company.slug}-x`, staying.company.slug]) {
      const wrong = await closing.client.postForm(
        CLOSURE,
        { intent: 'close', confirmSlug: typed },
        { 'accept-language': 'pt-BR' },
      )
      expect(wrong.status, typed).toBe(400)
      expect(wrong.json().errors, typed).toEqual({ confirmSlug: ['accountClosure.errors.slugMismatch'] })
    }
    // The field's message, as the admin's page shows it in each language.
    expect(getFixedT('pt')('accountClosure.errors.slugMismatch')).toBe(
      'Esse não é o endereço da página desta empresa. Digite-o exatamente como aparece para encerrar a conta.',
    )
    expect(getFixedT('en')('accountClosure.errors.slugMismatch')).toBe(
      "That is not this company's page address. Type it exactly as shown to close the account.",
    )
    for (const language of ['es', 'fr'] as const)
      expect(getFixedT(language)('accountClosure.errors.slugMismatch')).not.toBe(
        getFixedT('en')('accountClosure.errors.slugMismatch'),
      )
    // Nothing of it happened.
    expect(await closedAtOf(closing.company.id)).toBeNull()
    expect(await auditActions(closing.company.id)).not.toContain('company.close')
    for (const page of closingData.pages) expect((await fan.get(page)).status, page).toBe(200)
  })

  it('takes the fans’ pages offline at once, cancels the subscription, tells the admins and shows the deletion date; an admin reopens it', async () => {
    const page = await closing.client.get('/admin/settings/company-data', english)
    expect(page.text).toContain('data-testid="close-account-section"')
    expect(page.text).toContain('data-testid="close-account"')
    // Kept in the fans' page cache before: the closing must show at once all the same.
    for (const path of closingData.pages) expect((await fan.get(path)).status, path).toBe(200)
    expect((await fan.get(`/p/${closingData.assetId}/w400.webp`)).status).toBe(200)
    expect((await fan.get(closingData.eventLink)).headers.location).toBe(closingData.pages[2])

    const asked = Date.now()
    const closed = await closing.client.postForm(
      CLOSURE,
      { intent: 'close', confirmSlug: ` ${closing.company.slug.toUpperCase()} ` },
      { 'accept-language': 'pt-BR' },
    )
    const answered = Date.now()
    expect(closed.status).toBe(200)
    expect(closed.json()).toEqual({ ok: true, messageKey: 'accountClosure.toasts.closed' })
    const closedAt = (await closedAtOf(closing.company.id))!
    // Closed while the request was under way, however long it took.
    expect(closedAt.getTime()).toBeGreaterThanOrEqual(asked)
    expect(closedAt.getTime()).toBeLessThanOrEqual(answered)
    const deletesOn = accountDeletionDate(closedAt)
    expect(deletesOn.getTime() - closedAt.getTime()).toBe(RETENTION_PERIODS.closedAccounts.amount * DAY)

    // Fans: the company, its gallery, event and photos answer as a company that does not exist.
    const nobody = await fan.get(`/no-company-${randomUUID().slice(0, 6)}`)
    for (const path of closingData.pages) {
      const gone = await fan.get(path)
      expect(gone.status, path).toBe(404)
      expect(heading(gone.text), path).toBe(heading(nobody.text))
      expect(gone.text, path).not.toContain(closing.company.name)
    }
    // Each process forgets what it knew of the company's files when told of the change (a notification away).
    await waitUntil(async () => (await fan.get(`/p/${closingData.assetId}/w400.webp`)).status === 404, {
      message: 'a closed company photo is still served',
    })
    // Addresses that name no company find nothing of it either (the database's own wall).
    expect((await fan.get(closingData.eventLink)).status).toBe(404)
    expect((await fan.get(`/og/company/${closing.company.id}/x.jpg`)).status).toBe(404)
    // Another company's pages are untouched.
    for (const path of stayingData.pages) expect((await fan.get(path)).status, path).toBe(200)
    expect((await fan.get(`/p/${stayingData.assetId}/w400.webp`)).status).toBe(200)
    expect((await fan.get(stayingData.eventLink)).headers.location).toBe(stayingData.pages[2])

    // The subscription stops renewing; its paid period runs on.
    const [billing] = await withSystem((tx) =>
      tx.select().from(subscription).where(eq(subscription.companyId, closing.company.id)),
    )
    expect(billing).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, plan: 'professional' })
    expect(await auditActions(closing.company.id)).toEqual(
      expect.arrayContaining(['company.close', 'billing.subscription.cancel']),
    )

    // Every admin is told, in the language they use the admin in (this one closed it in Portuguese).
    const mail = await latestMail(closing.credentials.email, 'conta encerrada')
    expect(mail?.subject).toBe(`${closing.company.name}: conta encerrada`)
    expect(mail?.text).toContain(dateIn('pt', deletesOn))
    expect(mail?.text).toContain('A assinatura paga foi cancelada e não será renovada.')

    // The admin area says so on every page, with the way back for admins only.
    for (const path of ['/admin', '/admin/content', '/admin/settings/company-data']) {
      const shown = await closing.client.get(path, english)
      expect(shown.status, path).toBe(200)
      expect(shown.text, path).toContain('data-testid="account-closed"')
      expect(shown.text, path).toContain(`This account is closed and will be deleted on ${dateIn('en', deletesOn)}`)
      expect(shown.text, path).toContain('data-testid="reopen-account"')
    }
    const seenByManager = await manager.get('/admin', english)
    expect(seenByManager.text).toContain(`This account is closed and will be deleted on ${dateIn('en', deletesOn)}`)
    expect(seenByManager.text).not.toContain('data-testid="reopen-account"')
    expect(
      (await closing.client.postForm(CLOSURE, { intent: 'close', confirmSlug: closing.company.slug })).json().errors
        .form,
    ).toEqual(['accountClosure.errors.alreadyClosed'])

    // Reopened: everything as it was.
    const reopened = await closing.client.postForm(CLOSURE, { intent: 'reopen' }, english)
    expect(reopened.json()).toEqual({ ok: true, messageKey: 'accountClosure.toasts.reopened' })
    expect(await closedAtOf(closing.company.id)).toBeNull()
    for (const path of closingData.pages) expect((await fan.get(path)).status, path).toBe(200)
    await waitUntil(async () => (await fan.get(`/p/${closingData.assetId}/w400.webp`)).status === 200, {
      message: 'a reopened company photo is not served',
    })
    expect((await closing.client.get('/admin', english)).text).not.toContain('data-testid="account-closed"')
    expect(await auditActions(closing.company.id)).toContain('company.reopen')
    expect((await latestMail(closing.credentials.email, 'account reopened'))?.subject).toBe(
      `${closing.company.name}: account reopened`,
    )
    expect((await closing.client.postForm(CLOSURE, { intent: 'reopen' })).json().errors.form).toEqual([
      'accountClosure.errors.notClosed',
    ])
  })

  it('closed again and left past its period, the daily job deletes the company with its rows, trail, media and archives, and nothing of another', async () => {
    expect(
      (await closing.client.postForm(CLOSURE, { intent: 'close', confirmSlug: closing.company.slug })).status,
    ).toBe(200)
    const closedAt = (await closedAtOf(closing.company.id))!
    const deletesOn = accountDeletionDate(closedAt)
    for (const companyId of [closing.company.id, staying.company.id])
      expect(existsSync(companyFolder(companyId)), companyId).toBe(true)
    expect(existsSync(path.join(inject('dataDir'), 'media', closingData.archiveKey))).toBe(true)
    expect(Object.keys(await rowsLeft(closing.company.id))).toEqual(
      expect.arrayContaining([
        'companies',
        'members',
        'content_items',
        'assets',
        'asset_renditions',
        'events',
        'leads',
        'subscriptions',
        'company_backups',
        'analytics_daily',
        'analytics_likes',
        'audit_events',
      ]),
    )
    const stayingBefore = await rowsLeft(staying.company.id)

    // A minute before its date, nothing goes.
    await applyRetention(asPlatform('test'), { now: new Date(deletesOn.getTime() - MINUTE) })
    expect(await closedAtOf(closing.company.id)).toEqual(closedAt)
    expect(existsSync(companyFolder(closing.company.id))).toBe(true)

    // A minute after, everything goes.
    await applyRetention(asPlatform('test'), { now: new Date(deletesOn.getTime() + MINUTE) })
    expect(await rowsLeft(closing.company.id)).toEqual({})
    expect(existsSync(companyFolder(closing.company.id))).toBe(false)
    expect(existsSync(path.join(inject('dataDir'), 'media', closingData.archiveKey))).toBe(false)
    const [erased] = await withSystem((tx) =>
      tx
        .select({ details: auditEvent.details })
        .from(auditEvent)
        .where(and(eq(auditEvent.action, 'company.erase'), eq(auditEvent.recordId, closing.company.id))),
    )
    expect(erased?.details).toEqual({ closedAt: closedAt.toISOString() })
    // Its page address names nothing, as for any company that never existed.
    expect((await fan.get(`/${closing.company.slug}`)).status).toBe(404)

    // The other company keeps every row and file.
    expect(await rowsLeft(staying.company.id)).toEqual(stayingBefore)
    expect(existsSync(companyFolder(staying.company.id))).toBe(true)
    expect(existsSync(path.join(inject('dataDir'), 'media', stayingData.archiveKey))).toBe(true)
    expect(
      (await withSystem((tx) => tx.select({ id: asset.id }).from(asset).where(eq(asset.id, stayingData.assetId))))
        .length,
    ).toBe(1)
    for (const path of stayingData.pages) expect((await fan.get(path)).status, path).toBe(200)

    // The people keep their own accounts: the admin signs in again and is asked to set up a company.
    const [person] = await withSystem((tx) =>
      tx.select({ id: user.id }).from(user).where(eq(user.email, closing.credentials.email)),
    )
    expect(person).toBeDefined()
    expect(
      await withSystem((tx) => tx.select({ id: member.id }).from(member).where(eq(member.userId, person.id))),
    ).toEqual([])
    const again = new TestClient()
    await signIn(again, closing.credentials)
    const admin = await again.get('/admin')
    expect(admin.status).toBe(302)
    expect(admin.headers.location).toBe('/onboarding')
  })
})
