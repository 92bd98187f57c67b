import { and, eq } from 'drizzle-orm'
import { asPlatform } from '#app/access/tenant.server'
import { describe, expect, it } from 'vitest'
import { auditEvent, contentItem, invoice, member, organization, subscription, user } from '#db/schema'
import { sweepPlans } from '#app/features/billing/server/sweep-plans.server'
import { advanceTestSubscriptions } from '#app/features/billing/server/test-provider.server'
import { withSystem } from '#app/lib/db.server'
import { formatDate } from '#app/lib/format-date'
import { waitForAssetsReady } from '../support/assets'
import { createCompanyAdmin, createMemberWithRole, createVerifiedUser, latestMail, signIn } from '../support/fixtures'
import { TestClient } from '../support/http-client'
import { makePhoto } from '../support/media-files'
import { tusUpload } from '../support/tus'

const DAY = 86_400_000
const companyRow = async (id: string) =>
  (await withSystem((tx) => tx.select().from(organization).where(eq(organization.id, id))))[0]

describe('the 14-day Professional trial', () => {
  it('starts once per company, gives Professional at once, and check-subscription says so in the spec’s fields', async () => {
    const admin = await createCompanyAdmin('trial')
    const before = await admin.client.postJson('/api/billing/check-subscription', {})
    expect(before.status).toBe(200)
    expect(before.json()).toEqual({
      subscribed: false,
      subscription_tier: 'starter',
      subscription_end: null,
      trial_active: false,
      trial_end: null,
    })

    const asked = Date.now()
    const started = await admin.client.postJson('/api/billing/start-trial', {})
    const answered = Date.now()
    expect(started.status).toBe(200)
    expect(started.json().trialStarted).toBe(true)
    const row = await companyRow(admin.company.id)
    expect(row.plan).toBe('professional')
    // 14 days from when the trial started, which was while the request was under way (however long).
    expect(row.trialEndsAt!.getTime()).toBeGreaterThanOrEqual(asked + 14 * DAY)
    expect(row.trialEndsAt!.getTime()).toBeLessThanOrEqual(answered + 14 * DAY)
    expect(row.planValidUntil).toEqual(row.trialEndsAt)

    const during = (await admin.client.postJson('/api/billing/check-subscription', {})).json()
    expect(during).toEqual({
      subscribed: false,
      subscription_tier: 'professional',
      subscription_end: row.trialEndsAt!.toISOString(),
      trial_active: true,
      trial_end: row.trialEndsAt!.toISOString(),
    })
    const again = await admin.client.postJson('/api/billing/start-trial', {})
    expect(again.json()).toEqual({ trialStarted: false, reason: 'billing.trial.alreadyUsed' })
    // The admin's background check is not a person reading billing data; opening the subscription page is.
    const audits = () =>
      withSystem((tx) =>
        tx
          .select()
          .from(auditEvent)
          .where(and(eq(auditEvent.companyId, admin.company.id), eq(auditEvent.category, 'subscription_data_access'))),
      )
    expect(await audits()).toHaveLength(0)
    expect((await admin.client.get('/admin/subscription')).status).toBe(200)
    expect((await audits()).map((row) => [row.action, row.actorUserId])).toEqual([
      ['billing.subscription.check', expect.any(String)],
    ])
  })

  it('starts one trial when five clicks arrive together', async () => {
    const admin = await createCompanyAdmin('trial5')
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => admin.client.postJson('/api/billing/start-trial', {})),
    )
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200])
    expect(answers.filter((answer) => answer.json().trialStarted).length).toBe(1)
  })

  it('unlocks the paid looks for fans during the trial and falls back to Starter at its end with nothing deleted, after a reminder 3 days before', async () => {
    const admin = await createCompanyAdmin('trialend')
    await withSystem((tx) =>
      tx
        .update(organization)
        .set({ template: { layout: 'masonry' }, brandPrimaryColor: '#ff3366' })
        .where(eq(organization.id, admin.company.id)),
    )
    const [gallery] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({
          companyId: admin.company.id,
          kind: 'gallery',
          title: 'Trial Night',
          slug: 'trial-night',
          status: 'published',
          publishedAt: new Date(),
        })
        .returning(),
    )
    const photo = await tusUpload(admin.client, await makePhoto(1200, 800), {
      filename: 'trial.jpg',
      purpose: 'gallery-media',
      contentItemId: gallery.id,
    })
    if (!photo.ok) throw new Error('upload failed')
    await waitForAssetsReady([photo.assetId!])
    const fan = new TestClient()
    const path = `/${admin.company.slug}/galeria/trial-night`
    expect((await fan.get(path)).text).toContain('data-layout="justified"')

    expect((await admin.client.postJson('/api/billing/start-trial', {})).json().trialStarted).toBe(true)
    const during = await fan.get(path)
    expect(during.text).toContain('data-layout="masonry"')
    expect(during.text).toContain('data-branded')

    const { trialEndsAt } = await companyRow(admin.company.id)
    // Three days before the end: one reminder to the admin, never two.
    await sweepPlans(asPlatform('test'), new Date(trialEndsAt!.getTime() - 2.5 * DAY))
    const reminder = await latestMail(admin.credentials.email, 'trial ends in 3 days')
    expect(reminder?.text).toContain(admin.company.name)
    await sweepPlans(asPlatform('test'), new Date(trialEndsAt!.getTime() - 2 * DAY))
    const reminders = await withSystem((tx) =>
      tx.select().from(organization).where(eq(organization.id, admin.company.id)),
    )
    expect(reminders[0].trialReminderSentAt).not.toBeNull()

    // Other companies' trials of this run end by then too.
    expect(
      (await sweepPlans(asPlatform('test'), new Date(trialEndsAt!.getTime() + 60_000))).expired,
    ).toBeGreaterThanOrEqual(1)
    const after = await companyRow(admin.company.id)
    expect(after).toMatchObject({
      plan: 'starter',
      planValidUntil: null,
      template: { layout: 'masonry' },
      brandPrimaryColor: '#ff3366',
    })
    const back = await fan.get(path)
    expect(back.text).toContain('data-layout="justified"')
    expect(back.text).not.toContain('data-branded')
    expect((await admin.client.postJson('/api/billing/start-trial', {})).json()).toEqual({
      trialStarted: false,
      reason: 'billing.trial.alreadyUsed',
    })
  })
})

describe('the trial reminder', () => {
  it('reaches each admin in the language they use the admin in', async () => {
    const admin = await createCompanyAdmin('trialpt')
    // The admin works in Portuguese (the language switcher's cookie); a second admin's browser asks for French.
    admin.client.cookies.set('lang', 'pt')
    expect((await admin.client.get('/admin')).status).toBe(200)
    const french = await createVerifiedUser()
    const [frenchUser] = await withSystem((tx) =>
      tx.select({ id: user.id }).from(user).where(eq(user.email, french.email)),
    )
    await withSystem((tx) =>
      tx
        .insert(member)
        .values({ id: crypto.randomUUID(), organizationId: admin.company.id, userId: frenchUser.id, role: 'admin' }),
    )
    const frenchClient = new TestClient()
    await signIn(frenchClient, french)
    expect((await frenchClient.get('/admin', { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.5' })).status).toBe(200)

    expect((await admin.client.postJson('/api/billing/start-trial', {})).json().trialStarted).toBe(true)
    const { trialEndsAt } = await companyRow(admin.company.id)
    await sweepPlans(asPlatform('test'), new Date(trialEndsAt!.getTime() - 2.5 * DAY))
    const inPortuguese = await latestMail(admin.credentials.email, 'teste do Afterglow')
    expect(inPortuguese?.subject).toBe('Seu teste do Afterglow termina em 3 dias')
    expect(inPortuguese?.text).toContain(`O teste grátis do Professional de ${admin.company.name} termina em 3 dias.`)
    expect(inPortuguese?.text).toContain('Ver sua assinatura')
    const inFrench = await latestMail(french.email, 'essai Afterglow')
    expect(inFrench?.subject).toBe('Votre essai Afterglow se termine dans 3 jours')
    expect(inFrench?.text).toContain(
      `L’essai gratuit de Professional de ${admin.company.name} se termine dans 3 jours.`,
    )

    // The language last used is the one kept.
    admin.client.cookies.set('lang', 'es')
    await admin.client.get('/admin')
    const [row] = await withSystem((tx) =>
      tx.select({ language: user.language }).from(user).where(eq(user.email, admin.credentials.email)),
    )
    expect(row.language).toBe('es')
  })
})

describe('who may call the subscription endpoints', () => {
  it('answers 401 with the spec’s texts without a session or with an expired one, in the caller’s language', async () => {
    const stranger = new TestClient()
    const trial = await stranger.postJson('/api/billing/start-trial', {})
    expect(trial.status).toBe(401)
    expect(trial.json().error).toEqual({
      messageKey: 'billing.errors.signInForTrial',
      message: 'You must be signed in to start a trial.',
    })
    const expired = new TestClient()
    expired.cookies.set('afterglow.session_token', 'revoked.token')
    const check = await expired.postJson('/api/billing/check-subscription', {}, { 'accept-language': 'pt-BR' })
    expect(check.status).toBe(401)
    expect(check.json().error.message).toBe('Sua sessão expirou. Faça login novamente.')
    expect((await stranger.postJson('/api/billing/no-such-call', {})).status).toBe(404)
  })

  it('asks a signed-out caller to sign in before checkout or the billing portal, in their language', async () => {
    const stranger = new TestClient()
    const checkout = await stranger.postJson('/api/billing/create-checkout', { plan: 'professional', currency: 'EUR' })
    expect(checkout.status).toBe(401)
    expect(checkout.json().error).toEqual({
      messageKey: 'billing.errors.signInToSubscribe',
      message: 'You must be signed in to subscribe.',
    })
    const inPortuguese = await stranger.postJson(
      '/api/billing/create-checkout',
      { plan: 'professional', currency: 'BRL' },
      { 'accept-language': 'pt-BR,pt;q=0.9' },
    )
    expect(inPortuguese.status).toBe(401)
    expect(inPortuguese.json().error.message).toBe('Você precisa estar logado para assinar.')
    const portal = await stranger.postJson('/api/billing/customer-portal', {}, { 'accept-language': 'fr' })
    expect(portal.status).toBe(401)
    expect(portal.json().error).toEqual({
      messageKey: 'billing.errors.sessionExpired',
      message: 'Votre session a expiré. Veuillez vous reconnecter.',
    })
  })

  it('opens checkout and the billing portal for admins only', async () => {
    const admin = await createCompanyAdmin('checkout')
    for (const role of ['manager', 'user'] as const) {
      const member = await createMemberWithRole(admin.company.id, role)
      for (const operation of ['create-checkout', 'customer-portal']) {
        const refused = await member.postJson(`/api/billing/${operation}`, { plan: 'professional', currency: 'EUR' })
        expect(refused.status, `${role} ${operation}`).toBe(403)
        expect(refused.json().error).toEqual({
          messageKey: 'billing.errors.adminOnly',
          message: 'Only administrators manage the subscription.',
        })
      }
    }
    expect(
      (await admin.client.postJson('/api/billing/create-checkout', { plan: 'starter', currency: 'EUR' })).json().error
        .messageKey,
    ).toBe('billing.errors.checkoutChoice')
    // Nothing to manage before a plan is bought.
    const early = await admin.client.postJson('/api/billing/customer-portal', {})
    expect(early.status).toBe(409)
    expect(early.json().error.messageKey).toBe('billing.errors.noSubscription')

    const checkout = await admin.client.postJson('/api/billing/create-checkout', {
      plan: 'professional',
      currency: 'EUR',
    })
    expect(checkout.status).toBe(200)
    const { url } = checkout.json<{ url: string }>()
    expect(url).toMatch(new RegExp(`^${admin.client.baseUrl}/billing/test-checkout/cs_test_[0-9a-f]+$`))
    const checkoutPage = await admin.client.get(new URL(url).pathname)
    expect(checkoutPage.status).toBe(200)
    expect(checkoutPage.text).toContain('data-testid="checkout-price">€12<')
    const paid = await new TestClient().postForm(new URL(url).pathname, {
      number: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
      name: 'Ana Lima',
    })
    expect(paid.status).toBe(302)
    expect(await companyRow(admin.company.id)).toMatchObject({ plan: 'professional' })

    const portal = await admin.client.postJson('/api/billing/customer-portal', {})
    expect(portal.status).toBe(200)
    expect(portal.json().url).toMatch(new RegExp(`^${admin.client.baseUrl}/billing/test-portal/bps_test_[0-9a-f]+$`))
    expect((await admin.client.get(new URL(portal.json().url).pathname)).status).toBe(200)
    // Paying already: a second checkout is refused, change the plan in the portal.
    const again = await admin.client.postJson('/api/billing/create-checkout', { plan: 'enterprise', currency: 'EUR' })
    expect(again.status).toBe(409)
    expect(again.json().error.messageKey).toBe('billing.errors.alreadySubscribed')
  })

  it('keeps the trial’s days when a plan is bought during it: nothing is charged until the trial ends, then the month starts', async () => {
    const admin = await createCompanyAdmin('trialbuy')
    expect((await admin.client.postJson('/api/billing/start-trial', {})).json().trialStarted).toBe(true)
    const { trialEndsAt } = await companyRow(admin.company.id)
    const longDate = (date: Date) => formatDate(date, 'en', 'UTC')
    // Said before paying: on the subscription page and on the provider's checkout.
    const page = await admin.client.get('/admin/subscription')
    expect(page.text).toContain(
      `Subscribe now and keep your free trial: your first payment is on ${longDate(trialEndsAt!)}.`,
    )
    const { url } = (
      await admin.client.postJson('/api/billing/create-checkout', { plan: 'professional', currency: 'EUR' })
    ).json<{ url: string }>()
    const checkoutPage = await admin.client.get(new URL(url).pathname)
    expect(checkoutPage.text).toContain('data-testid="checkout-due-today">€0<')
    expect(checkoutPage.text).toContain(`Then €12 a month from ${longDate(trialEndsAt!)}, when your free trial ends.`)
    const paid = await new TestClient().postForm(new URL(url).pathname, {
      number: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
      name: 'Ana Lima',
    })
    expect(paid.status).toBe(302)

    const stored = () =>
      withSystem(async (tx) => ({
        subscription: (await tx.select().from(subscription).where(eq(subscription.companyId, admin.company.id)))[0],
        invoices: await tx.select().from(invoice).where(eq(invoice.companyId, admin.company.id)),
      }))
    const during = await stored()
    expect(during.subscription).toMatchObject({ status: 'trialing', plan: 'professional' })
    expect(during.subscription.currentPeriodEnd).toEqual(trialEndsAt)
    expect(during.invoices).toEqual([])
    expect(await companyRow(admin.company.id)).toMatchObject({ plan: 'professional', planValidUntil: trialEndsAt })
    expect((await admin.client.get('/admin/subscription')).text).toContain(
      `€12 a month. Your free trial goes on: the first payment is on ${longDate(trialEndsAt!)}.`,
    )

    // The trial's end is the first charge, and the first month starts then, not at the checkout.
    await advanceTestSubscriptions(new Date(trialEndsAt!.getTime() + 60_000))
    const after = await stored()
    const monthOn = new Date(trialEndsAt!)
    monthOn.setUTCMonth(monthOn.getUTCMonth() + 1)
    expect(after.subscription).toMatchObject({ status: 'active', currentPeriodEnd: monthOn })
    expect(after.invoices.map((row) => [row.amount, row.status])).toEqual([[1200, 'paid']])
    expect(await companyRow(admin.company.id)).toMatchObject({ plan: 'professional', planValidUntil: null })
  })

  it('lets every member check the plan, and only admins start a trial', async () => {
    const admin = await createCompanyAdmin('trialroles')
    for (const role of ['manager', 'user'] as const) {
      const member = await createMemberWithRole(admin.company.id, role)
      expect((await member.postJson('/api/billing/check-subscription', {})).status).toBe(200)
      const refused = await member.postJson('/api/billing/start-trial', {})
      expect(refused.status, role).toBe(403)
      expect(refused.json().error.messageKey).toBe('billing.errors.adminOnly')
      const page = await member.get('/admin/subscription')
      expect(page.status).toBe(200)
      expect(page.text).toContain('Only administrators manage the subscription.')
      expect(page.text).not.toContain('data-testid="start-trial"')
    }
    expect((await companyRow(admin.company.id)).trialStartedAt).toBeNull()
    const page = await admin.client.get('/admin/subscription')
    expect(page.text).toContain('data-testid="start-trial"')
    expect(page.text).toContain('Start 14-day free trial')
  })
})
