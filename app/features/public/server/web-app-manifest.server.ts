import sharp from 'sharp'
import type { PublicContext } from '#app/access/context'
import { readCompanyLogo } from '#app/features/sharing/server/read-asset-image.server'
import { escapeHtml } from '#app/lib/escape-html'
import {
  APP_ICON_SIZES,
  iconVersionOf,
  initialOf,
  installColorsOf,
  installPathsOf,
  type AppIconSize,
} from '../install-links'

/*
 * A company's fans' pages as an app fans add to their home screen (issue 44): the web app
 * manifest (name, colours, start page) and its two icons, drawn with sharp from the company's
 * logo where its plan shows one, else its initial on its colour. Icons are drawn on first
 * request and kept in memory by version: a burst of fans installing costs one drawing each.
 */

/** The most characters a home screen shows under an icon before it cuts the name. */
const SHORT_NAME_LENGTH = 12

/** The name under the icon: the whole name when it fits, else its first word, cut to fit. */
export function shortNameOf(name: string) {
  const trimmed = name.trim()
  const chars = [...trimmed]
  if (chars.length <= SHORT_NAME_LENGTH) return trimmed
  const firstWord = [...(trimmed.split(/\s+/)[0] ?? trimmed)]
  return firstWord.slice(0, SHORT_NAME_LENGTH).join('')
}

export type WebAppManifest = {
  id: string
  name: string
  short_name: string
  start_url: string
  scope: string
  display: 'standalone'
  theme_color: string
  background_color: string
  icons: Array<{ src: string; sizes: string; type: 'image/png'; purpose: 'any' }>
}

/**
 * The company's manifest, its paths on the host it was asked on: its landing is where the app
 * opens, and everything of the company below it stays in the app.
 */
export function buildWebManifest({ company, basePath }: Pick<PublicContext, 'company' | 'basePath'>): WebAppManifest {
  const { themeColor, backgroundColor } = installColorsOf(company)
  const paths = installPathsOf(basePath)
  const version = iconVersionOf(company)
  const startUrl = basePath || '/'
  return {
    id: startUrl,
    name: company.name,
    short_name: shortNameOf(company.name),
    start_url: startUrl,
    scope: startUrl,
    display: 'standalone',
    theme_color: themeColor,
    background_color: backgroundColor,
    icons: APP_ICON_SIZES.map((size) => ({
      src: paths.icon(size, version),
      sizes: `${size}x${size}`,
      type: 'image/png',
      purpose: 'any',
    })),
  }
}

/** The share of the icon the logo may fill: the rest is margin, as launchers crop corners. */
const ARTWORK_SHARE = 0.72
/** A letter filling as much looks shouted: it gets a box half the icon's size. */
const INITIAL_SHARE = 0.5

function square(size: number, colour: string) {
  return sharp({ create: { width: size, height: size, channels: 4, background: colour } })
}

/** The company's logo, fitted inside the margin on its canvas; null when the logo cannot be read. */
async function drawLogo(logo: Buffer, size: number, background: string) {
  const inner = Math.round(size * ARTWORK_SHARE)
  try {
    const fitted = await sharp(logo)
      .rotate()
      .resize(inner, inner, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer()
    return await square(size, background)
      .composite([{ input: fitted, gravity: 'center' }])
      .png()
      .toBuffer()
  } catch {
    return null
  }
}

/** The company's initial in its colour, on its canvas. */
async function drawInitial(name: string, size: number, colour: string, background: string) {
  const inner = Math.round(size * INITIAL_SHARE)
  const markup = `<span foreground="${colour}">${escapeHtml(initialOf(name))}</span>`
  // Pango picks the size that fills the box; the letter is then centred on the square.
  const letter = await sharp({
    text: { text: markup, font: 'sans-serif Bold', width: inner, height: inner, align: 'centre', rgba: true },
  })
    .png()
    .toBuffer()
  return square(size, background)
    .composite([{ input: letter, gravity: 'center' }])
    .png()
    .toBuffer()
}

const KEPT_ICONS = 500
const keptIcons = new Map<string, Promise<Buffer>>()

/** The company's icon at `size` px (PNG), as the manifest's `version` names it. */
export function getAppIcon(context: PublicContext, size: AppIconSize): Promise<Buffer> {
  const { company } = context
  const key = `${company.id}:${iconVersionOf(company)}:${size}`
  const kept = keptIcons.get(key)
  if (kept) return kept
  const drawing = (async () => {
    const { accentColor, backgroundColor } = installColorsOf(company)
    const logo = company.logo ? await context.read((tx) => readCompanyLogo(tx, company)) : null
    return (
      (logo ? await drawLogo(logo, size, backgroundColor) : null) ??
      drawInitial(company.name, size, accentColor, backgroundColor)
    )
  })()
  keptIcons.set(key, drawing)
  // A failed drawing is not kept: the next request draws again.
  drawing.catch(() => keptIcons.delete(key))
  if (keptIcons.size > KEPT_ICONS) keptIcons.delete(keptIcons.keys().next().value as string)
  return drawing
}
