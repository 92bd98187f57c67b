import type { CSSProperties, SyntheticEvent } from 'react'

/* What a fans' dialog takes from the page it opens over: its colours, and its own events kept from the viewer under it. */

// The dialog may open from inside the photo viewer: React passes events up through portals,
// and the viewer would take typing (arrows, Escape) and swipes in the form as its own.
const stop = (event: SyntheticEvent) => event.stopPropagation()
export const ISOLATE = {
  onKeyDown: stop,
  onKeyUp: stop,
  onPointerDown: stop,
  onPointerMove: stop,
  onPointerUp: stop,
  onPointerCancel: stop,
  onWheel: stop,
  onClick: stop,
  onTouchStart: stop,
  onTouchMove: stop,
  onTouchEnd: stop,
}

const PALETTE = [
  '--surface',
  '--surface-muted',
  '--ink',
  '--ink-muted',
  '--line',
  '--accent',
  '--accent-foreground',
  '--danger',
] as const

/**
 * The company's page palette (its canvas and brand colours) as the page around `from` paints it:
 * the dialog is portalled out of that page, so it takes the colours along. Null off a company's
 * page, where the platform's night palette is used.
 */
export function pagePalette(from: HTMLElement | null | undefined): CSSProperties | null {
  const page = from?.closest<HTMLElement>('[data-canvas]')
  if (!page) return null
  const style = getComputedStyle(page)
  const palette = Object.fromEntries(
    PALETTE.map((name) => [name, style.getPropertyValue(name).trim()]).filter(([, value]) => value),
  )
  return Object.keys(palette).length === PALETTE.length ? (palette as CSSProperties) : null
}
