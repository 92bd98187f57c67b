import { getEnv } from '#app/lib/env.server'
import type { Language } from '#app/lib/i18n'
import { getFixedT } from '#app/lib/i18n.server'
import type { Visit } from '#app/access/visit.server'
import type { PublicContext } from '#app/access/context'
import { OG_IMAGE_HEIGHT, OG_IMAGE_WIDTH, ogLocale, type ShareCard } from '../share-meta'
import { ogImagePath, ogVersion, type OgKind } from './og-image.server'
import { joinPublicUrl, requestPublicBase } from './public-url.server'

type CompanyPage = {
  kind: Exclude<OgKind, 'site'>
  /** The company's id for its landing, else the item's. */
  id: string
  company: { id: string; name: string }
  /** The page's path under the company's base: '' for the landing, `/galeria/{slug}`… */
  path: string
  title: string
  description: string | null
  type?: ShareCard['type']
}

/**
 * The link preview of one of a company's public pages, for its loader to hand to `shareMeta`.
 * `known` is the company as the page's context already read it (its address and version).
 */
export async function buildShareCard(
  visit: Pick<Visit, 'host' | 'language'>,
  page: CompanyPage,
  known: Pick<PublicContext, 'address' | 'versions'>,
): Promise<ShareCard> {
  const t = getFixedT(visit.language)
  const sharing = { ...known.address, publicVersion: known.versions.edits }
  const base = requestPublicBase(visit.host, sharing)
  const origin = new URL(base).origin
  return {
    url: joinPublicUrl(base, page.path),
    title: page.title,
    description:
      page.description?.trim() ||
      t(`sharing.og.description.${page.kind}`, { title: page.title, company: page.company.name }),
    siteName: page.company.name,
    locale: ogLocale(visit.language),
    type: page.type ?? 'website',
    image: {
      url: `${origin}${ogImagePath(page.kind, page.id, ogVersion(sharing?.publicVersion ?? 0))}`,
      width: OG_IMAGE_WIDTH,
      height: OG_IMAGE_HEIGHT,
      alt: t('sharing.og.imageAlt', { title: page.title }),
    },
  }
}

/** The marketing site's link preview, in the visitor's language. */
export function buildSiteShareCard(language: Language, text: { title: string; description: string }): ShareCard {
  const t = getFixedT(language)
  const appUrl = getEnv().APP_URL
  return {
    url: `${appUrl}/`,
    title: text.title,
    description: text.description,
    siteName: 'Afterglow',
    locale: ogLocale(language),
    type: 'website',
    image: {
      url: `${appUrl}${ogImagePath('site', language, ogVersion(null))}`,
      width: OG_IMAGE_WIDTH,
      height: OG_IMAGE_HEIGHT,
      alt: t('sharing.og.siteImageAlt'),
    },
  }
}
