import { eq } from 'drizzle-orm'
import { organization } from '#db/schema'
import { getDb } from '#app/lib/db.server'
import { buildShareCard } from '#app/features/sharing/server/build-share-card.server'
import { subdomainOrigin } from '#app/features/sharing/server/public-url.server'
import { shareMeta } from '#app/features/sharing/share-meta'
import type { CompanyLandingData } from '../components/company-landing'
import type { Visit } from '#app/lib/visit.server'
import { getCompanyLanding, getImageSources, resolvePublicCompany, type PublicCompany } from './public-pages.server'

export const DISPLAY_MODES = ['galleries', 'events'] as const

/** The landing's own settings: texts, which section leads, and a subdomain still being set up. */
async function getLandingSettings(company: PublicCompany) {
  const [row] = await getDb()
    .select({
      title: organization.landingTitle,
      description: organization.landingDescription,
      displayMode: organization.landingDisplayMode,
      subdomain: organization.subdomain,
      subdomainStatus: organization.subdomainStatus,
    })
    .from(organization)
    .where(eq(organization.id, company.id))
  return {
    title: row?.title?.trim() || company.name,
    description: row?.description?.trim() || null,
    displayMode: DISPLAY_MODES.find((mode) => mode === row?.displayMode) ?? 'galleries',
    pendingSubdomainUrl: row?.subdomain && row.subdomainStatus === 'pending' ? subdomainOrigin(row.subdomain) : null,
  }
}

/** Everything the company landing shows, for `/{clientSlug}` or the company's subdomain root. */
export async function loadCompanyLanding(visit: Visit, input: { clientSlug: string | undefined; tab: CompanyLandingData['tab'] }): Promise<CompanyLandingData> {
  const context = await resolvePublicCompany(visit, input.clientSlug)
  const { company, basePath } = context
  const [content, landing] = await Promise.all([getCompanyLanding(context), getLandingSettings(company)])
  // The hero shows the cover of the latest gallery that has one.
  const coverId = content.galleries.find((gallery) => gallery.coverAssetId)?.coverAssetId ?? null
  const hero = coverId ? { id: coverId, sources: await getImageSources(context, coverId) } : null
  return { company, basePath, landing: { ...landing, hero: hero?.sources.length ? hero : null }, ...content, tab: input.tab }
}

/** The landing's link preview and its tags; the tab names the company once when the title is its name. */
export async function shareCompanyLanding(visit: Visit, page: CompanyLandingData) {
  const share = await buildShareCard(visit, { kind: 'company', id: page.company.id, company: page.company, path: '', title: page.landing.title, description: page.landing.description })
  const documentTitle = page.landing.title === page.company.name ? page.company.name : `${page.landing.title} · ${page.company.name}`
  return { share, meta: shareMeta(share, { documentTitle }) }
}
