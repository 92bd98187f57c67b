import sharp, { type OverlayOptions, type Sharp } from 'sharp'
import { escapeHtml } from '#app/lib/escape-html'
import { OG_IMAGE_HEIGHT as HEIGHT, OG_IMAGE_WIDTH as WIDTH, previewText } from '../share-meta'

/*
 * The 1200×630 JPEG a link preview shows. A photo is cropped around its most interesting part;
 * without one, a branded card carries the logo, the title and the company's name. WhatsApp
 * drops preview images much above 300 KB, so quality steps down until the file fits.
 */

export const OG_MAX_BYTES = 300 * 1024
const QUALITIES = [82, 74, 66, 58, 50]

export type OgArtwork =
  | { kind: 'photo'; image: Buffer }
  | { kind: 'card'; title: string; subtitle: string; logo: Buffer | null; accent: string; platformMark: boolean }

const PADDING = 80
const TEXT_WIDTH = WIDTH - PADDING * 2

/** Text as a transparent PNG, wrapped to `width`; shrunk to fit `maxHeight` when it would run taller. */
async function renderText(
  text: string,
  options: { size: number; color: string; weight: 'Bold' | 'Regular'; maxHeight: number },
) {
  if (!text.trim()) return null
  const markup = `<span foreground="${options.color}">${escapeHtml(text)}</span>`
  const font = `sans-serif ${options.weight} ${options.size}px`
  const natural = await sharp({ text: { text: markup, font, width: TEXT_WIDTH, wrap: 'word', rgba: true, dpi: 72 } })
    .png()
    .toBuffer({ resolveWithObject: true })
  if (natural.info.height <= options.maxHeight) return natural
  // Pango fits the text into the box by choosing the size itself.
  return sharp({
    text: {
      text: markup,
      font: `sans-serif ${options.weight}`,
      width: TEXT_WIDTH,
      height: options.maxHeight,
      wrap: 'word',
      rgba: true,
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true })
}

function cardBackground(accent: string) {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
      <defs>
        <radialGradient id="glow" cx="18%" cy="12%" r="75%"><stop offset="0" stop-color="${accent}" stop-opacity=".55"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></radialGradient>
        <radialGradient id="echo" cx="95%" cy="110%" r="60%"><stop offset="0" stop-color="${accent}" stop-opacity=".22"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></radialGradient>
      </defs>
      <rect width="100%" height="100%" fill="#0b0b0c"/>
      <rect width="100%" height="100%" fill="url(#glow)"/>
      <rect width="100%" height="100%" fill="url(#echo)"/>
    </svg>`,
  )
}

/** The platform's mark, bottom right, on Starter cards (paid plans carry no platform badge). */
async function platformMark() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#0b0b0c"/><circle cx="16" cy="17" r="8" fill="#a78bfa"/><circle cx="16" cy="17" r="12" fill="none" stroke="#a78bfa" stroke-opacity=".35" stroke-width="2"/></svg>`
  const icon = await sharp(Buffer.from(svg)).png().toBuffer()
  const word = await sharp({
    text: { text: '<span foreground="#f4f4f5">Afterglow</span>', font: 'sans-serif Bold 26px', rgba: true, dpi: 72 },
  })
    .png()
    .toBuffer({ resolveWithObject: true })
  const width = 40 + 12 + word.info.width
  return {
    input: await sharp({ create: { width, height: 40, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([
        { input: icon, left: 0, top: 0 },
        { input: word.data, left: 52, top: Math.round((40 - word.info.height) / 2) },
      ])
      .png()
      .toBuffer(),
    width,
  }
}

async function composeCard(art: Extract<OgArtwork, { kind: 'card' }>) {
  const layers: OverlayOptions[] = []
  const mark = art.platformMark ? await platformMark() : null
  const bottom = HEIGHT - PADDING + 8
  const subtitle = await renderText(art.subtitle, { size: 34, color: '#a1a1aa', weight: 'Regular', maxHeight: 90 })
  const logo = art.logo
    ? await sharp(art.logo)
        .resize(220, 160, { fit: 'inside', withoutEnlargement: false })
        .png()
        .toBuffer({ resolveWithObject: true })
    : null
  const titleRoom =
    bottom - (subtitle ? subtitle.info.height + 20 : 0) - (logo ? PADDING + logo.info.height + 36 : PADDING)
  const title = await renderText(previewText(art.title, 90), {
    size: 76,
    color: '#ffffff',
    weight: 'Bold',
    maxHeight: Math.min(300, titleRoom),
  })
  let y = bottom
  if (subtitle) {
    y -= subtitle.info.height
    layers.push({ input: subtitle.data, left: PADDING, top: y })
    y -= 28
  }
  if (title) {
    y -= title.info.height
    layers.push({ input: title.data, left: PADDING, top: Math.max(PADDING, y) })
  }
  if (logo) layers.push({ input: logo.data, left: PADDING, top: PADDING })
  if (mark) layers.push({ input: mark.input, left: WIDTH - PADDING - mark.width + 20, top: PADDING - 20 })
  return sharp(cardBackground(art.accent)).composite(layers).flatten({ background: '#0b0b0c' })
}

async function encodeWithinBudget(image: Sharp) {
  const raw = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true })
  let last: Buffer | null = null
  for (const quality of QUALITIES) {
    last = await sharp(raw.data, { raw: raw.info })
      .jpeg({ quality, mozjpeg: true, chromaSubsampling: '4:2:0' })
      .toBuffer()
    if (last.length <= OG_MAX_BYTES) return last
  }
  return last!
}

export async function renderOgImage(art: OgArtwork): Promise<Buffer> {
  if (art.kind === 'photo') {
    // `attention` keeps the part of the photo with the most detail and colour (a face, the stage).
    const cropped = sharp(art.image, { failOn: 'none' })
      .rotate()
      .resize(WIDTH, HEIGHT, { fit: 'cover', position: sharp.strategy.attention })
      .flatten({ background: '#0b0b0c' })
    return encodeWithinBudget(cropped)
  }
  return encodeWithinBudget(await composeCard(art))
}
