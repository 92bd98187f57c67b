import type { MetaDescriptor } from 'react-router'
import type { PublicContext } from '#app/access/context'

/*
 * What makes a company's fans' pages installable (issue 44): the link to its web app manifest,
 * its home-screen icon for iOS (which reads no manifest icons), and the colour browsers paint
 * their toolbar in. Every fans' page's loader adds them to the tags its `meta` gives.
 */

/** The canvases' backgrounds, as app.css paints them (.theme-night, .theme-light --surface). */
export const CANVAS_BACKGROUNDS = { night: '#0b0b0c', light: '#fafaf9' } as const
/** The accent each canvas has without a company's branding (app.css --accent). */
const CANVAS_ACCENTS = { night: '#a78bfa', light: '#6d28d9' } as const

/** The manifest, and an icon asked for without its current version: public, briefly, like the site's own files. */
export const INSTALL_FILES_CACHE = 'public, max-age=3600'

/** The icons the manifest offers, in pixels: what Chrome asks of an installable app. */
export const APP_ICON_SIZES = [192, 512] as const
export type AppIconSize = (typeof APP_ICON_SIZES)[number]

export type InstallLinks = {
  /** The company's manifest, on the host and path form the page was asked on. */
  manifest: string
  /** The 192 px icon, for iOS's home screen. */
  touchIcon: string
  /** The browser's toolbar colour on this page. */
  themeColor: string
}

type InstallSubject = Pick<PublicContext, 'company' | 'basePath'>

/**
 * The company's colours for an installed app: its brand colour as its pages show it (readable on
 * its canvas) for the toolbar, and its canvas for the splash screen, so the app opens on the
 * colour its page then paints. Without custom branding, the canvas for both, as the platform's
 * own pages have.
 */
export function installColorsOf(company: Pick<PublicContext['company'], 'branding' | 'template'>) {
  const canvas = company.template.canvas === 'light' ? 'light' : 'night'
  const backgroundColor = CANVAS_BACKGROUNDS[canvas]
  const brandColor = company.branding?.['--accent'] ?? null
  return {
    themeColor: brandColor ?? backgroundColor,
    backgroundColor,
    /** The colour its initial is drawn in: its brand's, else the accent its canvas has by default. */
    accentColor: brandColor ?? CANVAS_ACCENTS[canvas],
  }
}

/** Bump when the icons' drawing changes, so browsers fetch them again. */
const ICON_DESIGN = 1

/** The first letter of the company's name (a whole grapheme: an accented letter, an emoji), upper-cased. */
export function initialOf(name: string) {
  const segments = new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(name.trim())
  const [first] = Array.from(segments, (part) => part.segment).slice(0, 1)
  return first === undefined ? '?' : first.toLocaleUpperCase()
}

/** FNV-1a, 32 bits: a short, stable name for what an icon is drawn from (no secret in it). */
function shortHash(text: string) {
  let hash = 0x811c9dc5
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193)
  }
  return (hash >>> 0).toString(36)
}

/**
 * The icons' version: what they are drawn from (the logo, the colours, the initial). Their URLs
 * carry it, so they are cached for a year and change the moment the brand does, and only then.
 */
export function iconVersionOf(company: Pick<PublicContext['company'], 'name' | 'logo' | 'branding' | 'template'>) {
  const { accentColor, backgroundColor } = installColorsOf(company)
  return shortHash(JSON.stringify([ICON_DESIGN, company.logo, accentColor, backgroundColor, initialOf(company.name)]))
}

/** Where the company's install files are: under `/{slug}` on the platform's host, at the root of its own. */
export function installPathsOf(basePath: string) {
  return {
    manifest: `${basePath}/manifest.webmanifest`,
    icon: (size: AppIconSize, version: string) => `${basePath}/icon-${size}.png?v=${version}`,
  }
}

/** The links every fans' page of the company carries. */
export function installLinksOf({ company, basePath }: InstallSubject): InstallLinks {
  const paths = installPathsOf(basePath)
  return {
    manifest: paths.manifest,
    touchIcon: paths.icon(192, iconVersionOf(company)),
    themeColor: installColorsOf(company).themeColor,
  }
}

/**
 * The head tags of a fans' page (its route's `meta`): the manifest, the touch icon and the
 * toolbar's colour. The root's own theme-color comes after the routes' tags, and browsers take
 * the first: written here, and not by the root layout, they cost the fans' script nothing.
 */
export function installMetaOf(subject: InstallSubject): MetaDescriptor[] {
  const links = installLinksOf(subject)
  return [
    { tagName: 'link', rel: 'manifest', href: links.manifest },
    { tagName: 'link', rel: 'apple-touch-icon', href: links.touchIcon },
    { name: 'theme-color', content: links.themeColor },
  ]
}
