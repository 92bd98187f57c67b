import { rgbaToDataURL, thumbHashToRGBA } from 'thumbhash'

/** Longest side of a placeholder: the browser's smooth upscaling does the blurring. */
const PLACEHOLDER_PIXELS = 8

/**
 * ThumbHash (base64) → a tiny PNG data URL the page paints until the photo arrives. ThumbHash
 * decodes to ~32 px (a 4 KB PNG); box-averaged down to 8 px it is ~300 bytes and looks the same
 * once stretched over the tile, which matters with dozens of tiles in the page and its data.
 */
export function placeholderDataUrl(placeholder: string | null) {
  if (!placeholder) return null
  try {
    const { w, h, rgba } = thumbHashToRGBA(Buffer.from(placeholder, 'base64'))
    const scale = PLACEHOLDER_PIXELS / Math.max(w, h)
    const width = Math.max(1, Math.round(w * scale))
    const height = Math.max(1, Math.round(h * scale))
    const small = new Uint8Array(width * height * 4)
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const [x0, x1] = [
          Math.floor((x * w) / width),
          Math.max(Math.floor(((x + 1) * w) / width), Math.floor((x * w) / width) + 1),
        ]
        const [y0, y1] = [
          Math.floor((y * h) / height),
          Math.max(Math.floor(((y + 1) * h) / height), Math.floor((y * h) / height) + 1),
        ]
        const sum = [0, 0, 0, 0]
        for (let sy = y0; sy < y1; sy++)
          for (let sx = x0; sx < x1; sx++) for (let c = 0; c < 4; c++) sum[c] += rgba[(sy * w + sx) * 4 + c]
        const count = (x1 - x0) * (y1 - y0)
        for (let c = 0; c < 4; c++) small[(y * width + x) * 4 + c] = Math.round(sum[c] / count)
      }
    }
    return rgbaToDataURL(width, height, small)
  } catch {
    return null
  }
}

// Photos processed before placeholder images were stored (migration 0008): each decoded once per process.
const decoded = new Map<string, string | null>()
const DECODED_LIMIT = 10_000

/**
 * What a stored placeholder image may be: a PNG as a base64 data URL. Fans' grids write it into
 * their HTML as it is (tiles-markup.ts), so anything else (a row restored from a doctored company
 * archive) is not painted.
 */
const PLACEHOLDER_IMAGE = /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/

/** The placeholder image fans' pages paint: stored at processing time, else decoded once and kept. */
export function placeholderImageOf(row: { placeholder: string | null; placeholderImage: string | null }) {
  if (row.placeholderImage) return PLACEHOLDER_IMAGE.test(row.placeholderImage) ? row.placeholderImage : null
  if (!row.placeholder) return null
  let image = decoded.get(row.placeholder)
  if (image === undefined) {
    image = placeholderDataUrl(row.placeholder)
    if (decoded.size >= DECODED_LIMIT) decoded.clear()
    decoded.set(row.placeholder, image)
  }
  return image
}
