import type { Canvas } from './page-template'

/*
 * A company's colours on its fans' pages: two CSS variables over its canvas, never a code
 * change (docs/product.md). Colours come from the database as typed by an admin, so they are checked
 * here again before they reach a style attribute.
 */

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i

/** The public pages' canvases (`.theme-night`, `.theme-light` --surface-muted); brand colours must read on them. */
const NIGHT_SURFACE = '#0b0b0c'
const LIGHT_SURFACE = '#efefed'
const WHITE = '#ffffff'

/** `#rgb` or `#rrggbb` → `#rrggbb` in lower case; anything else → null. */
export function parseHexColor(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const trimmed = value.trim()
  if (!HEX_COLOR.test(trimmed)) return null
  const hex = trimmed.slice(1).toLowerCase()
  return `#${hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex}`
}

function channels(hex: string) {
  return [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16))
}

/** WCAG 2 relative luminance of a `#rrggbb` colour. */
function luminance(hex: string) {
  const [r, g, b] = channels(hex).map((value) => {
    const c = value / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

export function contrastRatio(a: string, b: string) {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (light + 0.05) / (dark + 0.05)
}

/** Mixes `hex` toward `target` (white or black) by `amount` (0–1). */
function mix(hex: string, target: 0 | 255, amount: number) {
  return `#${channels(hex)
    .map((value) =>
      Math.round(value + (target - value) * amount)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`
}

/**
 * The brand colour as close to the admin's choice as the canvas allows: a colour that would not
 * read as link text (below 4.5:1) is lightened (night) or darkened (light) step by step until it does.
 */
export function readableOn(hex: string, canvas: Canvas) {
  const [surface, target] = canvas === 'light' ? ([LIGHT_SURFACE, 0] as const) : ([NIGHT_SURFACE, 255] as const)
  let colour = hex
  for (let step = 1; contrastRatio(colour, surface) < 4.5 && step <= 10; step++) colour = mix(hex, target, step / 10)
  return colour
}

/** Text on a brand-coloured button: near-black or white, whichever reads better. */
export function foregroundFor(hex: string) {
  return contrastRatio(hex, NIGHT_SURFACE) >= contrastRatio(hex, WHITE) ? NIGHT_SURFACE : WHITE
}

export type BrandingVariables = Record<'--accent' | '--accent-foreground' | '--brand-accent', string>

/**
 * The CSS variables of a company's branding, or null when it has none (or its plan does not
 * include custom branding; the caller decides that). The accent colour falls back to the primary.
 */
export function brandingVariables(
  colors: { primary: unknown; accent: unknown },
  canvas: Canvas = 'night',
): BrandingVariables | null {
  const primary = parseHexColor(colors.primary)
  const accent = parseHexColor(colors.accent)
  if (!primary && !accent) return null
  const main = readableOn(primary ?? accent!, canvas)
  return {
    '--accent': main,
    '--accent-foreground': foregroundFor(main),
    '--brand-accent': readableOn(accent ?? primary!, canvas),
  }
}
