import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { asset, contentItem, event, member, organization } from '#db/schema'
import { getDb, withSystem } from '#app/lib/db.server'
import { createCompanyAdmin } from '../support/fixtures'

/** The name of the constraint a failed query broke (drizzle wraps PostgreSQL's error as the cause). */
async function brokenConstraint(query: Promise<unknown>) {
  try {
    await query
  } catch (error) {
    return (error as { cause?: { constraint?: string } }).cause?.constraint
  }
  return 'none: the database accepted it'
}

describe('columns that hold one of a few values', () => {
  it('refuses anything else in the database itself, and keeps the known values working', async () => {
    const { company } = await createCompanyAdmin('enums')
    // The spec's stray names (plans basic/premium, the event status "public") are not values.
    expect(
      await brokenConstraint(
        getDb().update(organization).set({ plan: 'premium' }).where(eq(organization.id, company.id)),
      ),
    ).toBe('companies_plan_check')
    expect(
      await brokenConstraint(
        getDb().update(organization).set({ subdomainStatus: 'approved' }).where(eq(organization.id, company.id)),
      ),
    ).toBe('companies_subdomain_status_check')
    expect(
      await brokenConstraint(
        getDb().update(member).set({ role: 'owner' }).where(eq(member.organizationId, company.id)),
      ),
    ).toBe('members_role_check')
    expect(
      await brokenConstraint(
        withSystem((tx) => tx.insert(event).values({ companyId: company.id, slug: 'x', title: 'X', status: 'public' })),
      ),
    ).toBe('events_status_check')
    expect(
      await brokenConstraint(
        withSystem((tx) => tx.insert(contentItem).values({ companyId: company.id, kind: 'album', title: 'X' })),
      ),
    ).toBe('content_items_kind_check')
    expect(
      await brokenConstraint(
        withSystem((tx) =>
          tx.insert(asset).values({
            companyId: company.id,
            purpose: 'avatar',
            mediaType: 'image',
            originalName: 'a.jpg',
            mimeType: 'image/jpeg',
            sizeBytes: 1,
            storageKey: 'k',
          }),
        ),
      ),
    ).toBe('assets_purpose_check')

    await getDb()
      .update(organization)
      .set({ plan: 'enterprise', subdomainStatus: 'pending' })
      .where(eq(organization.id, company.id))
    const [row] = await getDb()
      .select({ plan: organization.plan })
      .from(organization)
      .where(eq(organization.id, company.id))
    expect(row.plan).toBe('enterprise')
  })
})
