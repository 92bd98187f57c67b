import { z } from 'zod'
import { CANVASES, COVER_STYLES, GALLERY_LAYOUTS, SPACINGS, THUMB_SIZES, TYPE_PAIRINGS } from './page-template'

// Apart from page-template.ts, which every fans' page imports: zod stays out of the fans' JavaScript.
/** The template form: every choice required and one of its list (the message is an i18n key). */
export const ZPageTemplate = z.object({
  layout: z.enum(GALLERY_LAYOUTS, { message: 'validation.invalidOption' }),
  canvas: z.enum(CANVASES, { message: 'validation.invalidOption' }),
  type: z.enum(TYPE_PAIRINGS, { message: 'validation.invalidOption' }),
  cover: z.enum(COVER_STYLES, { message: 'validation.invalidOption' }),
  thumbSize: z.enum(THUMB_SIZES, { message: 'validation.invalidOption' }),
  spacing: z.enum(SPACINGS, { message: 'validation.invalidOption' }),
})
