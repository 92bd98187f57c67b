/*
 * How a company's fans' pages look (settings → Template): presets an admin combines, applied with
 * CSS only (class names and CSS variables on the page), so every preset ships the same scripts
 * and reserves every photo's space before it loads. Starter pages use the default; the other
 * presets come with custom branding (Professional and Enterprise).
 */

import {
  CANVASES,
  COVER_STYLES,
  GALLERY_LAYOUTS,
  SPACINGS,
  THUMB_SIZES,
  TYPE_PAIRINGS,
  type Canvas,
  type CoverStyle,
  type GalleryLayout,
  type PageTemplate,
  type Spacing,
  type ThumbSize,
  type TypePairing,
} from '#db/json-columns'

export {
  CANVASES,
  COVER_STYLES,
  GALLERY_LAYOUTS,
  SPACINGS,
  THUMB_SIZES,
  TYPE_PAIRINGS,
  type Canvas,
  type CoverStyle,
  type GalleryLayout,
  type PageTemplate,
  type Spacing,
  type ThumbSize,
  type TypePairing,
}

// How a template is drawn (the frame's classes, the grid's geometry) lives in page-geometry.ts:
// fans' pages load that part only, not the admin's lists of choices.
export { gridGeometry, templateFrameClass, type GridGeometry } from '../galleries/fans/page-geometry'

/** Today's look: justified grid on the night canvas (docs/product.md, DESIGN.md). */
export const DEFAULT_TEMPLATE: PageTemplate = {
  layout: 'justified',
  canvas: 'night',
  type: 'modern',
  cover: 'full-bleed',
  thumbSize: 'medium',
  spacing: 'tight',
}

/** The template as stored (jsonb, possibly older or partial): each unknown choice falls back to the default's. */
export function pageTemplateOf(stored: unknown): PageTemplate {
  const value = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {}
  const pick = <T extends string>(options: readonly T[], key: keyof PageTemplate) =>
    options.includes(value[key] as T) ? (value[key] as T) : (DEFAULT_TEMPLATE[key] as T)
  return {
    layout: pick(GALLERY_LAYOUTS, 'layout'),
    canvas: pick(CANVASES, 'canvas'),
    type: pick(TYPE_PAIRINGS, 'type'),
    cover: pick(COVER_STYLES, 'cover'),
    thumbSize: pick(THUMB_SIZES, 'thumbSize'),
    spacing: pick(SPACINGS, 'spacing'),
  }
}
