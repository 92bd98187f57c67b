import type { MetaDescriptor } from 'react-router'

/*
 * What a link preview (WhatsApp, Facebook, X, iMessage, Slack…) shows for a public page. The
 * server builds a ShareCard in the page's loader (it knows the origin and the image's version);
 * every public route's `meta` turns it into tags with `shareMeta`, so all pages say the same
 * things the same way.
 */

export const OG_IMAGE_WIDTH = 1200
export const OG_IMAGE_HEIGHT = 630

export type ShareCard = {
  /** Canonical absolute URL of the page. */
  url: string
  title: string
  description: string
  /** The company's name on its pages, the platform's on the marketing site. */
  siteName: string
  /** Open Graph locale, e.g. pt_BR. */
  locale: string
  type: 'website' | 'article' | 'video.other'
  image: { url: string; width: number; height: number; alt: string }
}

const OG_LOCALES: Record<string, string> = { en: 'en_US', pt: 'pt_BR', es: 'es_ES', fr: 'fr_FR' }

/** The Open Graph locale of an interface language (og:locale wants language_TERRITORY). */
export function ogLocale(language: string) {
  return OG_LOCALES[language] ?? OG_LOCALES.en
}

/** Previews cut descriptions around 160–200 characters; whitespace runs become one space. */
export function previewText(text: string, max = 200) {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= max) return flat
  const cut = flat.slice(0, max - 1)
  const lastSpace = cut.lastIndexOf(' ')
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:!?-]+$/, '')}…`
}

/**
 * The meta descriptors of a shareable page: title and description, the canonical link, Open
 * Graph and Twitter Card tags. `documentTitle` is the browser tab's title when it should say
 * more than the preview's (e.g. "Gallery · Company").
 */
export function shareMeta(card: ShareCard, options: { documentTitle?: string } = {}): MetaDescriptor[] {
  const description = previewText(card.description)
  const isHttps = card.image.url.startsWith('https://')
  const alternates = Object.values(OG_LOCALES).filter((locale) => locale !== card.locale)
  return [
    { title: options.documentTitle ?? card.title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: card.url },
    { property: 'og:type', content: card.type },
    { property: 'og:site_name', content: card.siteName },
    { property: 'og:locale', content: card.locale },
    ...alternates.map((locale) => ({ property: 'og:locale:alternate', content: locale })),
    { property: 'og:url', content: card.url },
    { property: 'og:title', content: card.title },
    { property: 'og:description', content: description },
    { property: 'og:image', content: card.image.url },
    ...(isHttps ? [{ property: 'og:image:secure_url', content: card.image.url }] : []),
    { property: 'og:image:type', content: 'image/jpeg' },
    { property: 'og:image:width', content: String(card.image.width) },
    { property: 'og:image:height', content: String(card.image.height) },
    { property: 'og:image:alt', content: card.image.alt },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: card.title },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: card.image.url },
    { name: 'twitter:image:alt', content: card.image.alt },
  ]
}
