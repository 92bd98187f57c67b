import type { CSSProperties } from 'react'
import { cn } from '#app/lib/cn'

/*
 * Generated stage artwork (CSS gradients and SVG), used where a photo of a real person would
 * otherwise go. Nothing is downloaded: the page stays light on a phone's connection.
 */

export type StagePalette = { from: string; via: string; to: string; beam: string }

export const PALETTES = {
  violet: { from: '#1e1036', via: '#6d28d9', to: '#f472b6', beam: 'rgba(244,114,182,.55)' },
  amber: { from: '#1c0f05', via: '#c2410c', to: '#fbbf24', beam: 'rgba(251,191,36,.5)' },
  teal: { from: '#03161a', via: '#0f766e', to: '#5eead4', beam: 'rgba(94,234,212,.45)' },
  crimson: { from: '#19050b', via: '#be123c', to: '#fb7185', beam: 'rgba(251,113,133,.5)' },
  cobalt: { from: '#050b1f', via: '#1d4ed8', to: '#93c5fd', beam: 'rgba(147,197,253,.5)' },
  lime: { from: '#0b1405', via: '#4d7c0f', to: '#d9f99d', beam: 'rgba(217,249,157,.45)' },
} satisfies Record<string, StagePalette>

export type PaletteName = keyof typeof PALETTES

/** A row of heads and the odd raised arm, 400 × 80, varied by `seed` but the same on server and browser. */
function crowdPath(seed: number) {
  const width = 400
  const shoulders = 58
  let d = `M0 80 V${shoulders}`
  for (let x = 0, i = 0; x < width; i++) {
    const step = 18 + ((i * 7 + seed * 5) % 4) * 3
    const head = 14 + ((i * 11 + seed * 3) % 5) * 3
    const end = Math.min(width, x + step)
    if ((i + seed) % 6 === 3) d += ` L${x + 2} ${shoulders - 40} L${x + 5} ${shoulders}`
    d += ` Q${x + step / 2} ${shoulders - head * 2} ${end} ${shoulders}`
    x = end
  }
  return `${d} V80 Z`
}

/** A concert-like scene: a coloured haze, stage beams from above and a crowd's silhouette. */
export function StageArtwork({
  palette,
  className,
  crowd = true,
  seed = 0,
}: {
  palette: PaletteName
  className?: string
  crowd?: boolean
  seed?: number
}) {
  const colors = PALETTES[palette]
  const style: CSSProperties = {
    background: `radial-gradient(120% 90% at ${30 + (seed % 4) * 12}% 0%, ${colors.to} 0%, transparent 45%), radial-gradient(90% 70% at 80% 30%, ${colors.via} 0%, transparent 70%), linear-gradient(180deg, ${colors.via} 0%, ${colors.from} 75%)`,
  }
  return (
    <div aria-hidden className={cn('relative overflow-hidden', className)} style={style}>
      <svg viewBox="0 0 400 300" preserveAspectRatio="none" className="absolute inset-0 size-full mix-blend-screen">
        <polygon
          points={`${120 + seed * 7},0 ${150 + seed * 7},0 ${260 - seed * 5},300 ${40 - seed * 3},300`}
          fill={colors.beam}
          opacity=".55"
        />
        <polygon
          points={`${250 - seed * 4},0 ${272 - seed * 4},0 ${400},260 ${220},300`}
          fill={colors.beam}
          opacity=".35"
        />
      </svg>
      {crowd ? (
        <svg viewBox="0 0 400 80" preserveAspectRatio="none" className="absolute inset-x-0 bottom-0 h-1/3 w-full">
          <path d={crowdPath(seed)} fill={colors.from} />
        </svg>
      ) : null}
    </div>
  )
}
