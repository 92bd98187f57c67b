import type { PageTemplate, Spacing, ThumbSize } from '#app/features/companies/page-template'

/*
 * How a company's template is drawn on fans' pages (page-template.ts has the choices): the
 * frame's classes and each gallery layout's geometry, all the browser needs of a template.
 */

/** Classes of a fans' page frame: its canvas colours and its type pairing (app.css). */
export function templateFrameClass(template: Pick<PageTemplate, 'canvas' | 'type'>) {
  return `theme-${template.canvas} type-${template.type}`
}

/** Photos across a row of a square or masonry grid: [phone, desktop]. */
const COLUMNS: Record<'square' | 'masonry', Record<ThumbSize, [number, number]>> = {
  square: { small: [4, 6], medium: [3, 5], large: [2, 3] },
  masonry: { small: [3, 5], medium: [2, 4], large: [1, 3] },
}
/** Row height of the justified grid in px: [phone, desktop] (DESIGN.md: ~140 and ~240 at medium). */
const ROW_HEIGHT: Record<ThumbSize, [number, number]> = { small: [96, 170], medium: [130, 240], large: [190, 340] }
/** Width of the editorial column in px (phones use the full width). */
const EDITORIAL_WIDTH: Record<ThumbSize, number> = { small: 720, medium: 960, large: 1152 }
/** Gap between photos in px: [phone, desktop]; the editorial column breathes more. */
const GAP: Record<Spacing, [number, number]> = { none: [0, 0], tight: [4, 4], airy: [8, 16] }
const EDITORIAL_GAP: Record<Spacing, [number, number]> = { none: [0, 0], tight: [12, 24], airy: [32, 64] }
/** The masonry's gap in its rows, a 48th of a column's width (app.css): about GAP's pixels at the usual widths. */
const MASONRY_GAP_ROWS: Record<Spacing, [number, number]> = { none: [0, 0], tight: [1, 1], airy: [2, 3] }
/** The content width of a gallery page on a large screen (max-w-6xl less its padding). */
const PAGE_WIDTH = 1104

export type GridGeometry = {
  /** CSS variables the grid's classes read (`--cols`, `--row`, `--gap`, each with a `-sm` twin for wider screens). */
  variables: Record<string, string>
  /** The `sizes` attribute of a tile's image; `ratio` is the photo's width / height. */
  sizesOf: (ratio: number) => string
}

/** What a gallery layout needs to lay out and to ask for the right rendition of each photo. */
export function gridGeometry(template: Pick<PageTemplate, 'layout' | 'thumbSize' | 'spacing'>): GridGeometry {
  const [gap, gapSm] = (template.layout === 'editorial' ? EDITORIAL_GAP : GAP)[template.spacing]
  const gaps = { '--gap': `${gap}px`, '--gap-sm': `${gapSm}px` }
  if (template.layout === 'square' || template.layout === 'masonry') {
    const [cols, colsSm] = COLUMNS[template.layout][template.thumbSize]
    const [gapRows, gapRowsSm] = MASONRY_GAP_ROWS[template.spacing]
    const masonry: Record<string, string> =
      template.layout === 'masonry' ? { '--gap-rows': String(gapRows), '--gap-rows-sm': String(gapRowsSm) } : {}
    return {
      variables: { ...gaps, ...masonry, '--cols': String(cols), '--cols-sm': String(colsSm) },
      sizesOf: () => `(max-width: 640px) ${Math.round(100 / cols)}vw, ${Math.round(PAGE_WIDTH / colsSm)}px`,
    }
  }
  if (template.layout === 'editorial') {
    const width = EDITORIAL_WIDTH[template.thumbSize]
    return {
      variables: { ...gaps, '--column': `${width}px` },
      sizesOf: () => `(max-width: 640px) 100vw, ${Math.min(width, PAGE_WIDTH)}px`,
    }
  }
  const [row, rowSm] = ROW_HEIGHT[template.thumbSize]
  return {
    variables: { ...gaps, '--row': `${row}px`, '--row-sm': `${rowSm}px` },
    sizesOf: (ratio) =>
      `(max-width: 640px) ${Math.round(Math.min(100, ((ratio * row) / 390) * 100))}vw, ${Math.round(rowSm * ratio)}px`,
  }
}
