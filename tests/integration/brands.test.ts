import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { organization, subscription } from '#db/schema'
import { syncCompanyPlan } from '#app/features/billing/server/sync-company-plan.server'
import { withSystem } from '#app/lib/db.server'
import { createCompanyAdmin, createMemberWithRole } from '../support/fixtures'

/*
 * "Brands": one person, one company, except on Enterprise, where an admin creates more companies
 * that share the Enterprise plan and switches between them from the admin.
 */

const companyBySlug = async (slug: string) =>
  (await withSystem((tx) => tx.select().from(organization).where(eq(organization.slug, slug))))[0]

async function makeEnterprise(companyId: string, status = 'active') {
  await withSystem(async (tx) => {
    await tx
      .insert(subscription)
      .values({
        companyId,
        provider: 'test',
        customerId: `cus_${companyId}`,
        subscriptionId: `sub_${companyId}`,
        plan: 'enterprise',
        status,
        currency: 'USD',
        unitAmount: 3700,
        currentPeriodEnd: new Date(Date.now() + 20 * 86_400_000),
      })
      .onConflictDoUpdate({ target: subscription.companyId, set: { status } })
    await syncCompanyPlan(tx, companyId)
  })
}

/** The text of one usage meter on the subscription page (its label and figures), tags removed. */
function usageOf(page: string, meter: string) {
  const start = page.indexOf(`data-testid="usage-${meter}"`)
  expect(start).toBeGreaterThan(-1)
  const item = page.slice(start, page.indexOf('</li>', start))
  return item
    .replace(/^[^>]*>/, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .trim()
}

describe('brands', () => {
  it('keeps a person below Enterprise to one company, whichever way they try to create another', async () => {
    const admin = await createCompanyAdmin('onebrand')
    expect((await admin.client.get('/onboarding?brand=new')).headers.location).toBe('/admin')
    const refused = await admin.client.postForm('/onboarding.data', {
      name: 'Second',
      slug: `second-${admin.company.slug}`,
    })
    expect(refused.status).toBe(402)
    expect(refused.text).toContain('billing.errors.brands')
    const direct = await admin.client.postJson('/api/auth/organization/create', {
      name: 'Sneaky',
      slug: `sneaky-${admin.company.slug}`,
    })
    expect(direct.status).toBeGreaterThanOrEqual(400)
    expect(await companyBySlug(`sneaky-${admin.company.slug}`)).toBeUndefined()
    expect(await companyBySlug(`second-${admin.company.slug}`)).toBeUndefined()
  })

  it('lets an Enterprise admin create brands that share the plan, switch between them, and lose it with the account', async () => {
    const admin = await createCompanyAdmin('account')
    await makeEnterprise(admin.company.id)
    const form = await admin.client.get('/onboarding?brand=new')
    expect(form.status).toBe(200)
    expect(form.text).toContain('Create a new brand')
    const slug = `brand-${admin.company.slug}`
    const created = await admin.client.postForm('/onboarding', { name: 'Night Owls Festival', slug })
    expect(created.status).toBe(302)
    const brand = await companyBySlug(slug)
    expect(brand).toMatchObject({ parentCompanyId: admin.company.id, plan: 'enterprise' })

    // The new brand is the one open now; the switcher lists both.
    const dashboard = await admin.client.get('/admin')
    expect(dashboard.text).toContain('Night Owls Festival')
    expect(dashboard.text).toContain('data-testid="brand-switcher"')
    expect(dashboard.text).toContain(admin.company.name)
    // The brand's own billing says what enforcement does: Enterprise, through the account.
    // (The texts ride in every admin page's translations: read the marked element, not the page.)
    const brandPage = (await admin.client.get('/admin/subscription')).text
    expect(brandPage).toMatch(/data-testid="plan-detail">Covered by the Enterprise plan of your account\.</)
    expect(brandPage).toMatch(
      /data-testid="current-plan"[^]*?<h2 id="current-plan"[^>]*>Enterprise<span[^>]*>Enterprise account</,
    )
    expect(brandPage).not.toContain('data-testid="choose-')
    // The account's brands, counted alike from either of them.
    expect(usageOf(brandPage, 'brands')).toBe('Brands2 · unlimited')
    expect((await admin.client.postJson('/api/billing/check-subscription', {})).json()).toEqual({
      subscribed: true,
      subscription_tier: 'enterprise',
      subscription_end: null,
      trial_active: false,
      trial_end: null,
    })
    const buy = await admin.client.postJson('/api/billing/create-checkout', { plan: 'professional', currency: 'EUR' })
    expect(buy.status).toBe(409)
    expect(buy.json().error.messageKey).toBe('billing.errors.coveredByAccount')

    const switched = await admin.client.postJson('/api/auth/organization/set-active', {
      organizationId: admin.company.id,
    })
    expect(switched.status).toBe(200)
    expect((await admin.client.get('/admin/settings/company-data')).text).toContain(`value="${admin.company.slug}"`)

    // The account's Enterprise plan ends: its brand goes back to Starter too, nothing deleted.
    await makeEnterprise(admin.company.id, 'canceled')
    expect(await companyBySlug(slug)).toMatchObject({ plan: 'starter', parentCompanyId: admin.company.id })
    await admin.client.postJson('/api/auth/organization/set-active', { organizationId: brand.id })
    expect((await admin.client.postJson('/api/billing/check-subscription', {})).json()).toMatchObject({
      subscribed: false,
      subscription_tier: 'starter',
    })
    expect((await admin.client.get('/admin/subscription')).text).toMatch(/data-testid="plan-detail">Free forever\./)
  })

  it("shows every member the account's brands, as the admin sees them: a user sees 1 of 1 too", async () => {
    const admin = await createCompanyAdmin('brand-count')
    const user = await createMemberWithRole(admin.company.id, 'user')
    const seenByAdmin = usageOf((await admin.client.get('/admin/subscription')).text, 'brands')
    const seenByUser = usageOf((await user.get('/admin/subscription')).text, 'brands')
    expect(seenByAdmin).toBe('Brands1 of 1')
    expect(seenByUser).toBe(seenByAdmin)
  })
})
