import os from 'node:os'
import exifReader from 'exif-reader'
import sharp, { type OverlayOptions } from 'sharp'
import { watermarkPlacement, type WatermarkLayout } from '#app/features/watermark/watermark'
import { rgbaToThumbHash } from 'thumbhash'
import { checkImagePixels, MAX_IMAGE_PIXELS } from '../upload-rules'
import { RENDITIONS_AT_ONCE } from '#app/jobs/definitions/media/generate-renditions'

/*
 * libvips works on its own threads, off the event loop; only the calls are made from it. Its
 * operation cache would keep decoded 24-megapixel photos around for reuse that never comes (each
 * photo is processed once): off, so the process's memory stays bounded. A worker process makes
 * the renditions of RENDITIONS_AT_ONCE photos at a time, so one's reading and writing overlap the
 * other's image work; together they get one thread per core, not one per core each, so the web
 * process beside them is not crowded out (npm run bench: fans' p99 during an upload).
 */
sharp.cache(false)
sharp.concurrency(Math.max(1, Math.floor(os.availableParallelism() / RENDITIONS_AT_ONCE)))

/** Widths served to browsers through `srcset`; never larger than the original. */
export const IMAGE_WIDTHS = [400, 1200, 2400] as const
/** The JPEG kept for clients without WebP and for link previews (Open Graph). */
export const JPEG_FALLBACK_WIDTH = 1200

/** The WebP widths a photo `width` pixels wide gets: those it reaches, and always the smallest. */
export function webpTargetsOf(width: number): number[] {
  return IMAGE_WIDTHS.filter((target, index) => target <= width || index === 0)
}

/**
 * The widths a photo gets a JPEG at: the fallback's and, for a photo fans may download at web
 * size, its widest WebP's too. Fans expect a JPEG, and a web-size download is the widest web
 * size: made here, with the other renditions, so a ZIP's length is known before it is sent.
 */
export function jpegTargetsOf(width: number, { forDownload }: { forDownload: boolean }): number[] {
  const widest = webpTargetsOf(width).at(-1) ?? JPEG_FALLBACK_WIDTH
  return forDownload && widest > JPEG_FALLBACK_WIDTH ? [JPEG_FALLBACK_WIDTH, widest] : [JPEG_FALLBACK_WIDTH]
}
/** A photo over the pixel cap (one stored before uploads were judged by it): trying again cannot help. */
export class ImageTooLargeError extends Error {
  constructor(readonly megapixels: number) {
    super(`The image has ${megapixels} megapixels, more than the ${MAX_IMAGE_PIXELS / 1_000_000} that can be processed`)
  }
}

export type ImageRendition = { rendition: string; format: 'webp' | 'jpeg'; width: number; height: number; data: Buffer }

export type ProcessedImage = {
  width: number
  height: number
  capturedAt: Date | null
  /** The camera's UTC offset (OffsetTimeOriginal) in minutes: `capturedAt` is then the true instant; null: its wall clock as if UTC. */
  captureOffsetMinutes: number | null
  /** ThumbHash, base64: a ~25-byte blurred preview shown while the photo loads. */
  placeholder: string
  renditions: ImageRendition[]
}

/** "+01:00", "-03:30" → minutes east of UTC; null for anything else. */
export function parseUtcOffset(text: unknown): number | null {
  const match = typeof text === 'string' ? /^([+-])(\d{2}):?(\d{2})$/.exec(text.trim()) : null
  if (!match || Number(match[2]) > 14 || Number(match[3]) > 59) return null
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]))
}

/**
 * When the photo was taken: exif-reader reads EXIF's zone-less times as if they were UTC, so with
 * the offset the camera recorded beside it (EXIF 2.31) that becomes the true instant; without one
 * it stays the camera's wall clock (ADR 061).
 */
function exifCaptureTime(exif: Buffer | undefined): { at: Date; offsetMinutes: number | null } | null {
  if (!exif) return null
  try {
    const tags = exifReader(exif)
    const [taken, offset] = tags.Photo?.DateTimeOriginal
      ? [tags.Photo.DateTimeOriginal, tags.Photo.OffsetTimeOriginal]
      : tags.Photo?.DateTimeDigitized
        ? [tags.Photo.DateTimeDigitized, tags.Photo.OffsetTimeDigitized]
        : [tags.Image?.DateTime, tags.Photo?.OffsetTime]
    if (!(taken instanceof Date) || Number.isNaN(taken.getTime())) return null
    const offsetMinutes = parseUtcOffset(offset)
    return { at: offsetMinutes === null ? taken : new Date(taken.getTime() - offsetMinutes * 60_000), offsetMinutes }
  } catch {
    return null
  }
}

/** A company's watermark as the renditions apply it (ADR 060). */
export type Watermark = WatermarkLayout & { image: Buffer }

/**
 * The watermark as one layer over a rendition `outWidth` wide of a `width` × `height` photo:
 * scaled to its share of the width, its alpha multiplied by the opacity, placed by position.
 */
async function watermarkLayers(
  watermark: Watermark | undefined,
  width: number,
  height: number,
  outWidth: number,
): Promise<OverlayOptions[]> {
  if (!watermark) return []
  const outHeight = Math.max(1, Math.round((height * outWidth) / width))
  const markWidth = Math.max(1, Math.min(outWidth, Math.round((outWidth * watermark.scale) / 100)))
  const { data, info } = await sharp(watermark.image)
    .resize({ width: markWidth, height: outHeight, fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  const factor = watermark.opacity / 100
  for (let index = 3; index < data.length; index += 4) data[index] = Math.round(data[index] * factor)
  const { left, top } = watermarkPlacement(
    { width: outWidth, height: outHeight },
    { width: info.width, height: info.height },
    watermark.position,
  )
  return [{ input: data, raw: { width: info.width, height: info.height, channels: 4 }, left, top }]
}

/**
 * Makes the web renditions of a photo: EXIF orientation applied, all metadata (GPS included)
 * left out of what is served, WebP at each width plus the JPEGs of `jpegTargetsOf` (each with
 * the company's watermark, if given), and a ThumbHash placeholder.
 */
export async function processImage(
  input: Buffer | string,
  options: { watermark?: Watermark; forDownload?: boolean } = {},
): Promise<ProcessedImage> {
  // The header first, to say how large a photo over the cap is (no pixel is decoded for it).
  const metadata = await sharp(input, { limitInputPixels: false }).metadata()
  const pixels =
    metadata.width && metadata.height ? checkImagePixels(metadata.width, metadata.pageHeight ?? metadata.height) : null
  if (pixels && !pixels.ok) throw new ImageTooLargeError(pixels.values.megapixels)
  // The same cap held by the decoder itself: no decode can take more memory than it allows.
  const source = sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
  // Orientation 5–8 swaps width and height once the photo is turned upright.
  const swapped = (metadata.orientation ?? 1) >= 5
  const width = swapped ? metadata.height : metadata.width
  const height = swapped ? metadata.width : metadata.height
  if (!width || !height) throw new Error('The image has no dimensions')
  const upright = source.clone().rotate()

  const targets = webpTargetsOf(width)
  // The placeholder's tiny copy is decoded beside the renditions, not after them: its decode of
  // the photo no longer waits for theirs to end (one Promise.all, so a failure of either is handled).
  const [renditions, tiny] = await Promise.all([
    Promise.all([
      ...targets.map(async (target) => {
        const { data, info } = await upright
          .clone()
          .resize({ width: Math.min(target, width), withoutEnlargement: true })
          .composite(await watermarkLayers(options.watermark, width, height, Math.min(target, width)))
          .webp({ quality: 80, effort: 4 })
          .toBuffer({ resolveWithObject: true })
        return { rendition: `w${target}`, format: 'webp' as const, width: info.width, height: info.height, data }
      }),
      ...jpegTargetsOf(width, { forDownload: options.forDownload ?? false }).map(async (target) => {
        const { data, info } = await upright
          .clone()
          .resize({ width: Math.min(target, width), withoutEnlargement: true })
          .composite(await watermarkLayers(options.watermark, width, height, Math.min(target, width)))
          // The fallback is served to browsers: mozjpeg's smaller file. The download's JPEG is not
          // (it is at most once per fan): mozjpeg took 3.4 times the CPU for a file 9% smaller,
          // time every upload's processing, and the fans' pages beside it, would pay.
          .jpeg(target === JPEG_FALLBACK_WIDTH ? { quality: 82, mozjpeg: true } : { quality: 82 })
          .toBuffer({ resolveWithObject: true })
        return { rendition: `w${target}`, format: 'jpeg' as const, width: info.width, height: info.height, data }
      }),
    ]),
    upright.clone().resize(100, 100, { fit: 'inside' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true }),
  ])
  const placeholder = Buffer.from(rgbaToThumbHash(tiny.info.width, tiny.info.height, tiny.data)).toString('base64')

  const captured = exifCaptureTime(metadata.exif)
  return {
    width,
    height,
    capturedAt: captured?.at ?? null,
    captureOffsetMinutes: captured?.offsetMinutes ?? null,
    placeholder,
    renditions,
  }
}
