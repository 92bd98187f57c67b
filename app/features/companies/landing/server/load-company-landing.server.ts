import { eq } from 'drizzle-orm'
import { organization } from '#db/schema'
import { FALLBACK_CHAIN, type Language } from '#app/lib/i18n'
import {
  DISPLAY_MODES,
  pickLocalized,
  socialLinks,
  SOCIAL_NETWORKS,
  type LocalizedTexts,
  type SocialNetwork,
} from '#app/features/companies/company-settings.schema'
import { buildShareCard } from '#app/features/sharing/server/build-share-card.server'
import { subdomainOrigin } from '#app/features/sharing/server/public-url.server'
import { shareMeta } from '#app/features/sharing/share-meta'
import type { CompanyLandingData } from '../components/company-landing'
import type { Visit } from '#app/access/visit.server'
import { getCompanyLanding } from '#app/features/companies/landing/server/get-company-landing.server'
import { getImageSources } from '#app/features/galleries/fans/server/get-image-sources.server'
import type { PublicContext } from '#app/access/context'

/** The landing's own settings: texts in the fan's language, which section leads, links, and a subdomain still being set up. */
async function getLandingSettings(context: PublicContext, language: Language) {
  const { company } = context
  const [row] = await context.companyRecords((db) =>
    db
      .select({
        texts: organization.texts,
        displayMode: organization.landingDisplayMode,
        promotionUrl: organization.promotionUrl,
        heroAssetId: organization.heroAssetId,
        website: organization.website,
        subdomain: organization.subdomain,
        subdomainStatus: organization.subdomainStatus,
        ...Object.fromEntries(SOCIAL_NETWORKS.map((network) => [`${network}Url`, organization[`${network}Url`]])),
      })
      .from(organization)
      .where(eq(organization.id, company.id)),
  )
  const texts = (row?.texts ?? {}) as LocalizedTexts
  return {
    title: pickLocalized(texts.landingName, language, FALLBACK_CHAIN) ?? company.name,
    description: pickLocalized(texts.landingDescription, language, FALLBACK_CHAIN),
    about: pickLocalized(texts.description, language, FALLBACK_CHAIN),
    displayMode: DISPLAY_MODES.find((mode) => mode === row?.displayMode) ?? 'galleries',
    promotionUrl: row?.promotionUrl ?? null,
    heroAssetId: row?.heroAssetId ?? null,
    website: row?.website ?? null,
    social: row ? socialLinks(row as Partial<Record<`${SocialNetwork}Url`, string | null>>) : [],
    pendingSubdomainUrl: row?.subdomain && row.subdomainStatus === 'pending' ? subdomainOrigin(row.subdomain) : null,
  }
}

/** The hero: the company's own image once processed, else the cover of the latest gallery that has one. */
async function landingHero(
  context: PublicContext,
  heroAssetId: string | null,
  galleries: Array<{ coverAssetId: string | null }>,
) {
  for (const id of [heroAssetId, galleries.find((gallery) => gallery.coverAssetId)?.coverAssetId ?? null]) {
    if (!id) continue
    const sources = await getImageSources(context, id)
    if (sources.length > 0) return { id, sources }
  }
  return null
}

/** Everything the company landing shows, for `/{clientSlug}` or the company's subdomain root. */
export async function loadCompanyLanding(
  visit: Visit,
  context: PublicContext,
  input: {
    tab: CompanyLandingData['tab']
    galleriesShown?: number
    eventsShown?: number
  },
): Promise<CompanyLandingData & { nextEnd: string | null }> {
  const { company, basePath } = context
  const [content, landing] = await Promise.all([
    getCompanyLanding(context, {
      tab: input.tab,
      galleriesShown: input.galleriesShown,
      eventsShown: input.eventsShown,
    }),
    getLandingSettings(context, visit.language),
  ])
  const { heroAssetId, ...settings } = landing
  return {
    company,
    basePath,
    landing: { ...settings, hero: await landingHero(context, heroAssetId, content.galleries) },
    ...content,
    tab: input.tab,
  }
}

/** The landing's link preview and its tags; the tab names the company once when the title is its name. */
export async function shareCompanyLanding(visit: Visit, context: PublicContext, page: CompanyLandingData) {
  const share = await buildShareCard(
    visit,
    {
      kind: 'company',
      id: page.company.id,
      company: page.company,
      path: '',
      title: page.landing.title,
      description: page.landing.description,
    },
    context,
  )
  const documentTitle =
    page.landing.title === page.company.name ? page.company.name : `${page.landing.title} · ${page.company.name}`
  return { share, meta: shareMeta(share, { documentTitle }) }
}
