import { eq } from 'drizzle-orm'
import { contentItem, event, organization } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { activateSubdomain, createCompanyAdmin } from './fixtures'
import { startSecondApp } from './second-app'
import { TestClient } from './http-client'
import { waitUntil } from './wait'

/** The platform's domain the crawler and install tests run on: companies' subdomains sit under it. */
export const PLATFORM = 'afterglow.test'

/**
 * A company with something of every kind fans may or may not see: what a sitemap must list
 * (open, published) and what it must never name (protected, ended, draft, archived, cancelled).
 */
export async function companyWithEveryKindOfPage() {
  const admin = await createCompanyAdmin('crawl')
  const other = await createCompanyAdmin('crawl-other')
  const past = new Date(Date.now() - 86_400_000)
  const future = new Date(Date.now() + 30 * 86_400_000)
  const publishedAt = new Date(Date.now() - 3_600_000)
  const companyId = admin.company.id
  const ids = await withSystem(async (tx) => {
    await tx
      .update(organization)
      .set({ plan: 'professional', brandPrimaryColor: '#ff3366', name: 'Night Owls Collective' })
      .where(eq(organization.id, companyId))
    const gallery = (slug: string, extra: Partial<typeof contentItem.$inferInsert> = {}) => ({
      companyId,
      kind: 'gallery',
      title: slug,
      slug,
      status: 'published',
      publishedAt,
      ...extra,
    })
    await tx
      .insert(contentItem)
      .values([
        gallery('open-night', { expiresAt: future }),
        gallery('locked-night', { accessPasswordHash: 'scrypt$locked' }),
        gallery('pin-night', { downloadPinHash: 'scrypt$pin' }),
        gallery('ended-night', { expiresAt: past }),
        gallery('draft-night', { status: 'draft', publishedAt: null }),
        gallery('archived-night', { status: 'archived' }),
        { ...gallery('other-night'), companyId: other.company.id },
      ])
    const singles = await tx
      .insert(contentItem)
      .values([
        { companyId, kind: 'single', title: 'Open clip', status: 'published', publishedAt },
        { companyId, kind: 'single', title: 'Draft clip', status: 'draft' },
        { companyId, kind: 'single', title: 'Locked clip', status: 'published', publishedAt, accessPasswordHash: 'x' },
      ])
      .returning({ id: contentItem.id, title: contentItem.title })
    await tx.insert(event).values([
      { companyId, slug: 'open-show', title: 'Open show', status: 'published' },
      { companyId, slug: 'draft-show', title: 'Draft show', status: 'draft' },
      { companyId, slug: 'cancelled-show', title: 'Cancelled show', status: 'cancelled' },
      { companyId: other.company.id, slug: 'other-show', title: 'Other show', status: 'published' },
    ])
    return Object.fromEntries(singles.map((row) => [row.title, row.id]))
  })
  return { admin, ids }
}

/**
 * A second app on PLATFORM_DOMAIN=afterglow.test and a company of every kind of page (see
 * above) at its active subdomain, answering there already.
 */
export async function startWithCompanyOnSubdomain() {
  const started = await startSecondApp({ PLATFORM_DOMAIN: PLATFORM })
  const company = await companyWithEveryKindOfPage()
  await activateSubdomain(company.admin.company)
  const host = { host: `${company.admin.company.slug}.${PLATFORM}` }
  const fan = new TestClient(started.url)
  await waitUntil(async () => (await fan.get('/', host)).status === 200)
  return { ...started, company, host }
}
