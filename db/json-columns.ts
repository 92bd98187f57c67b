/*
 * The shapes of the JSON columns (db/schema.ts): what the app writes there and reads back. Types
 * and their value lists only, so the schema never imports the app; the features that own each
 * column re-export them (companies/company-settings.schema.ts, companies/page-template.ts,
 * galleries/setlist/setlist.ts).
 */

/** The interface languages' codes (app/lib/i18n.ts names them, and checks it lists the same). */
export type LanguageCode = 'en' | 'pt' | 'es' | 'fr'

/** A company's texts that fans read in their language (`companies.texts`). */
export const LOCALIZED_FIELDS = ['description', 'landingName', 'landingDescription'] as const
export type LocalizedField = (typeof LOCALIZED_FIELDS)[number]
export type LocalizedTexts = Partial<Record<LocalizedField, Partial<Record<LanguageCode, string>>>>
/** Which of those texts a translation provider wrote (`companies.machine_translated`). */
export type MachineTranslated = Partial<Record<LocalizedField, LanguageCode[]>>

/** The presets of a company's page template (`companies.template`). */
export const GALLERY_LAYOUTS = ['justified', 'square', 'masonry', 'editorial'] as const
export const CANVASES = ['night', 'light'] as const
export const TYPE_PAIRINGS = ['modern', 'classic', 'mono'] as const
export const COVER_STYLES = ['full-bleed', 'split', 'minimal'] as const
export const THUMB_SIZES = ['small', 'medium', 'large'] as const
export const SPACINGS = ['none', 'tight', 'airy'] as const

export type GalleryLayout = (typeof GALLERY_LAYOUTS)[number]
export type Canvas = (typeof CANVASES)[number]
export type TypePairing = (typeof TYPE_PAIRINGS)[number]
export type CoverStyle = (typeof COVER_STYLES)[number]
export type ThumbSize = (typeof THUMB_SIZES)[number]
export type Spacing = (typeof SPACINGS)[number]

export type PageTemplate = {
  layout: GalleryLayout
  canvas: Canvas
  type: TypePairing
  cover: CoverStyle
  thumbSize: ThumbSize
  spacing: Spacing
}

/** A song of a gallery's set-list (`content_items.setlist`): venue wall clock as ISO (UTC form). */
export type SetlistSong = { title: string; startsAt: string }

/** What `content_items.setlist` holds. */
export type StoredSetlist = {
  songs: SetlistSong[]
  /** The text as the company typed or pasted it, shown again in the editor. */
  source: string
  /** IANA zone of the venue, to read cameras that recorded true instants. */
  timeZone: string
  /** Added to every capture time (a camera clock that was wrong), in seconds. */
  clockShiftSeconds: number
  /** The show's start when the gallery has no event with one (venue wall clock, ISO). */
  showStartsAt: string | null
}
