import { z } from 'zod'

/*
 * A company's watermark (ADR 060): a PNG with transparency laid on the web renditions fans see
 * and download; originals are never touched.
 */

export const WATERMARK_POSITIONS = ['top-left', 'top-right', 'center', 'bottom-left', 'bottom-right'] as const
export type WatermarkPosition = (typeof WATERMARK_POSITIONS)[number]

/** Its width, as a percentage of the photo's. */
export const WATERMARK_SCALE = { min: 5, max: 60 }
export const WATERMARK_OPACITY = { min: 10, max: 100 }
export const WATERMARK_MAX_BYTES = 2 * 1024 * 1024
/** The gap to the photo's edges, as a share of its width. */
export const WATERMARK_MARGIN = 0.03

export type WatermarkLayout = { position: WatermarkPosition; scale: number; opacity: number }

export const ZWatermarkSettings = z.object({
  intent: z.enum(['save', 'remove']).default('save'),
  position: z.enum(WATERMARK_POSITIONS, 'watermark.errors.position'),
  scale: z.coerce
    .number('watermark.errors.scale')
    .int('watermark.errors.scale')
    .min(WATERMARK_SCALE.min, 'watermark.errors.scale')
    .max(WATERMARK_SCALE.max, 'watermark.errors.scale'),
  opacity: z.coerce
    .number('watermark.errors.opacity')
    .int('watermark.errors.opacity')
    .min(WATERMARK_OPACITY.min, 'watermark.errors.opacity')
    .max(WATERMARK_OPACITY.max, 'watermark.errors.opacity'),
})
export type TWatermarkSettings = z.infer<typeof ZWatermarkSettings>

/** Where the watermark's top-left corner goes on a photo of `photo` size, for a watermark of `mark` size. */
export function watermarkPlacement(
  photo: { width: number; height: number },
  mark: { width: number; height: number },
  position: WatermarkPosition,
) {
  const margin = Math.round(photo.width * WATERMARK_MARGIN)
  const left = position.endsWith('left')
    ? margin
    : position.endsWith('right')
      ? photo.width - mark.width - margin
      : Math.round((photo.width - mark.width) / 2)
  const top = position.startsWith('top')
    ? margin
    : position.startsWith('bottom')
      ? photo.height - mark.height - margin
      : Math.round((photo.height - mark.height) / 2)
  return { left: Math.max(0, left), top: Math.max(0, top) }
}
