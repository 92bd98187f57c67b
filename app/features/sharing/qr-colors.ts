/*
 * Which colour pairs a QR code may be printed in. Phone cameras find a code by the difference in
 * brightness between its modules and the background, and most of them expect dark modules on a
 * light background. The rule is shared by the editor (to explain at once) and the server (which
 * refuses to draw a code that would not scan).
 */

export const QR_DEFAULT_FOREGROUND = '#000000'
export const QR_DEFAULT_BACKGROUND = '#ffffff'
/** The least contrast (WCAG ratio) between modules and background that scans reliably in print and on screens. */
export const QR_MIN_CONTRAST = 4.5

export const HEX_COLOR = /^#[0-9a-f]{6}$/i

function channel(value: number) {
  const s = value / 255
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
}

/** WCAG relative luminance of a #rrggbb colour, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string) {
  const n = Number.parseInt(hex.slice(1), 16)
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255)
}

/** WCAG contrast ratio between two #rrggbb colours, 1 to 21. */
export function contrastRatio(a: string, b: string) {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x)
  return (light + 0.05) / (dark + 0.05)
}

export type QrColorCheck =
  | { ok: true }
  | { ok: false; messageKey: 'sharing.qr.errors.invalidColor' }
  | { ok: false; messageKey: 'sharing.qr.errors.inverted' }
  | { ok: false; messageKey: 'sharing.qr.errors.lowContrast'; ratio: number }

/** Whether a code in these colours will scan: valid colours, dark on light, enough contrast. */
export function checkQrColors(foreground: string, background: string): QrColorCheck {
  if (!HEX_COLOR.test(foreground) || !HEX_COLOR.test(background))
    return { ok: false, messageKey: 'sharing.qr.errors.invalidColor' }
  const ratio = contrastRatio(foreground, background)
  if (ratio < QR_MIN_CONTRAST)
    return { ok: false, messageKey: 'sharing.qr.errors.lowContrast', ratio: Math.floor(ratio * 10) / 10 }
  if (relativeLuminance(foreground) > relativeLuminance(background))
    return { ok: false, messageKey: 'sharing.qr.errors.inverted' }
  return { ok: true }
}
