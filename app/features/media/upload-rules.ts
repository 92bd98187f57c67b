import { UPLOAD_PURPOSES } from '#db/enums/media'
import { MEDIA_TYPES } from '#db/enums/media'
export { MEDIA_TYPES }
export { UPLOAD_PURPOSES }
/*
 * What may be uploaded where, checked twice: from the declared name and length before any
 * byte is accepted, and from the file's real bytes (magic numbers) when it is complete.
 * Messages are i18n keys. Shared by the upload endpoint and the upload UI.
 */

export const MB = 1024 * 1024
export const GB = 1024 * MB

export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number]
/** Images of the company itself, on all its public pages whatever is published: its logo and its landing's hero. */
export const COMPANY_IMAGE_PURPOSES = ['logo', 'hero'] as const satisfies readonly UploadPurpose[]
export type MediaType = (typeof MEDIA_TYPES)[number]

export const LIMITS = {
  contentFile: 10 * GB,
  galleryImage: 100 * MB,
  galleryVideo: 500 * MB,
  cover: 100 * MB,
  coverRecommended: 10 * MB,
  thumbnail: 10 * MB,
  generic: 10 * MB,
} as const

/**
 * The most pixels a photo may have (width × height), judged from its header when its upload
 * completes and enforced again when it is decoded. Every camera sold fits (150-megapixel medium
 * format included); beyond it a file is a pixel bomb or a stitched panorama, whose decoding would
 * take the worker's memory from everyone else's photos (ADR 051).
 */
export const MAX_IMAGE_PIXELS = 160_000_000

/** Megapixels as people say them: one decimal below ten, whole above. */
export function megapixelsOf(pixels: number) {
  const megapixels = pixels / 1_000_000
  return megapixels < 10 ? Math.round(megapixels * 10) / 10 : Math.round(megapixels)
}

/** The check made on a complete photo's header: its pixel count, whatever its size on disk. */
export function checkImagePixels(
  width: number,
  height: number,
): { ok: true } | { ok: false; messageKey: string; values: { megapixels: number; limit: number } } {
  const pixels = width * height
  if (pixels <= MAX_IMAGE_PIXELS) return { ok: true }
  return {
    ok: false,
    messageKey: 'uploads.errors.tooManyPixels',
    values: { megapixels: megapixelsOf(pixels), limit: megapixelsOf(MAX_IMAGE_PIXELS) },
  }
}

/**
 * The browser sends a file in requests of up to this size. Each request costs a session check and
 * a file open, so larger is faster (8 MB pieces were clearly slower, measured on loopback
 * against a memory disk); a dropped connection loses nothing, since the server keeps
 * every byte that arrived and the upload resumes from there. Under the 100 MB request cap of
 * common CDNs and proxies.
 */
export const UPLOAD_CHUNK_BYTES = 64 * MB

/** Executables and scripts are never accepted, whatever they are called inside. */
/**
 * Whether the uploader tries a failed request again, by the status it was answered (0: no answer,
 * the network). Refusals (4xx) are final, and so is a full storage (507): it empties when an
 * operator makes room, not within the seconds the retries take, and retrying only sends the
 * same bytes to the same full disk. A locked upload (423) and other server failures are retried.
 */
export function isUploadRetried(status: number) {
  if (status === 507) return false
  return status === 0 || status >= 500 || status === 423
}

export const BLOCKED_EXTENSIONS = ['exe', 'bat', 'cmd', 'scr', 'pif', 'js', 'jar'] as const

const EXTENSION_TYPES: Record<string, MediaType> = {
  jpg: 'image',
  jpeg: 'image',
  png: 'image',
  gif: 'image',
  webp: 'image',
  avif: 'image',
  heic: 'image',
  heif: 'image',
  tif: 'image',
  tiff: 'image',
  mp4: 'video',
  m4v: 'video',
  mov: 'video',
  webm: 'video',
  mkv: 'video',
  avi: 'video',
  mp3: 'audio',
  m4a: 'audio',
  wav: 'audio',
  flac: 'audio',
  ogg: 'audio',
  aac: 'audio',
  opus: 'audio',
  pdf: 'pdf',
}

const THUMBNAIL_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp']

export function extensionOf(fileName: string) {
  const match = /\.([a-z0-9]{1,10})$/i.exec(fileName.trim())
  return match ? match[1].toLowerCase() : ''
}

export function mediaTypeOfExtension(extension: string): MediaType {
  return EXTENSION_TYPES[extension] ?? 'other'
}

export function mediaTypeOfMime(mime: string): MediaType {
  if (mime === 'application/pdf') return 'pdf'
  const family = mime.split('/')[0]
  return family === 'image' || family === 'video' || family === 'audio' ? family : 'other'
}

export type RuleResult = { ok: true; mediaType: MediaType } | { ok: false; messageKey: string }

const refuse = (messageKey: string): RuleResult => ({ ok: false, messageKey })

/** The check made before accepting any byte: name and declared length. */
export function checkDeclaredUpload(purpose: UploadPurpose, fileName: string, size: number): RuleResult {
  const extension = extensionOf(fileName)
  if ((BLOCKED_EXTENSIONS as readonly string[]).includes(extension)) return refuse('uploads.errors.blockedType')
  if (!Number.isFinite(size) || size < 0) return refuse('uploads.errors.sizeUnknown')
  if (size === 0) return refuse('uploads.errors.empty')
  const mediaType = mediaTypeOfExtension(extension)
  switch (purpose) {
    case 'content-file':
      if (size > LIMITS.contentFile) return refuse('uploads.errors.contentTooLarge')
      return { ok: true, mediaType }
    case 'gallery-media':
      if (mediaType === 'image')
        return size > LIMITS.galleryImage ? refuse('uploads.errors.imageTooLarge') : { ok: true, mediaType }
      if (mediaType === 'video')
        return size > LIMITS.galleryVideo ? refuse('uploads.errors.videoTooLarge') : { ok: true, mediaType }
      return refuse('uploads.errors.galleryType')
    case 'cover':
    case 'hero':
      if (mediaType !== 'image') return refuse('uploads.errors.imageOnly')
      return size > LIMITS.cover ? refuse('uploads.errors.imageTooLarge') : { ok: true, mediaType }
    case 'thumbnail':
      if (!THUMBNAIL_EXTENSIONS.includes(extension)) return refuse('uploads.errors.thumbnailType')
      return size > LIMITS.thumbnail ? refuse('uploads.errors.genericTooLarge') : { ok: true, mediaType }
    case 'logo':
      if (mediaType !== 'image') return refuse('uploads.errors.imageOnly')
      return size > LIMITS.generic ? refuse('uploads.errors.genericTooLarge') : { ok: true, mediaType }
  }
}

/**
 * The check made on the complete file: what its bytes say it is must agree with its name.
 * `detectedMime` is undefined when the bytes match no known signature (plain text, say).
 */
export function checkDetectedType(fileName: string, detectedMime: string | undefined): RuleResult {
  const declared = mediaTypeOfExtension(extensionOf(fileName))
  const actual = detectedMime ? mediaTypeOfMime(detectedMime) : 'other'
  const executable =
    detectedMime === 'application/x-msdownload' ||
    detectedMime === 'application/x-executable' ||
    detectedMime === 'application/x-elf' ||
    detectedMime === 'application/java-archive'
  if (executable) return refuse('uploads.errors.blockedType')
  // Anything the bytes call a known media type must be named as one, and vice versa; the
  // purpose's own rules are `checkDeclaredUpload`'s, run again with the real size.
  return declared === actual ? { ok: true, mediaType: actual } : refuse('uploads.errors.contentMismatch')
}
