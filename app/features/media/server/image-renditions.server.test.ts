import zlib from 'node:zlib'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { jpegTargetsOf, processImage } from './image-renditions.server'

/** A landscape test photo with a red left half, so orientation can be checked. */
async function photo(
  width: number,
  height: number,
  exif?: Record<string, Record<string, string>>,
  orientation?: number,
) {
  const left = await sharp({ create: { width: Math.floor(width / 2), height, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer()
  let image = sharp({ create: { width, height, channels: 3, background: '#0000ff' } })
    .composite([{ input: left, left: 0, top: 0 }])
    .jpeg()
  if (exif || orientation) image = image.withMetadata({ ...(orientation ? { orientation } : {}) }).withExif(exif ?? {})
  return image.toBuffer()
}

// Encoding WebP and JPEG renditions up to 2400 px with sharp is CPU-bound: seconds when the machine is shared.
describe('the JPEGs a photo gets', () => {
  it('is the fallback alone, and for a download the widest web size when that is wider', () => {
    expect(jpegTargetsOf(3000, { forDownload: false })).toEqual([1200])
    expect(jpegTargetsOf(3000, { forDownload: true })).toEqual([1200, 2400])
    expect(jpegTargetsOf(2400, { forDownload: true })).toEqual([1200, 2400])
    // Its widest WebP is 1200 or 400 px: the fallback (as wide as the photo, up to 1200) is as wide or wider.
    expect(jpegTargetsOf(2399, { forDownload: true })).toEqual([1200])
    expect(jpegTargetsOf(800, { forDownload: true })).toEqual([1200])
  })
})

describe('photo renditions', { timeout: 30_000 }, () => {
  it('makes WebP at 400, 1200 and 2400 px plus a JPEG, never upscaling', async () => {
    const result = await processImage(await photo(3000, 2000))
    expect(result.width).toBe(3000)
    expect(result.height).toBe(2000)
    expect(result.renditions.map((r) => `${r.rendition}.${r.format}:${r.width}x${r.height}`)).toEqual([
      'w400.webp:400x267',
      'w1200.webp:1200x800',
      'w2400.webp:2400x1600',
      'w1200.jpeg:1200x800',
    ])
    const small = await processImage(await photo(800, 600))
    expect(small.renditions.map((r) => `${r.rendition}.${r.format}:${r.width}`)).toEqual([
      'w400.webp:400',
      'w1200.jpeg:800',
    ])
    for (const rendition of result.renditions)
      expect((await sharp(rendition.data).metadata()).format).toBe(rendition.format)
  })

  it('adds a JPEG at the widest web size for a photo fans download, watermarked like the rest', async () => {
    const mark = await sharp({ create: { width: 400, height: 100, channels: 4, background: '#00ff00ff' } })
      .png()
      .toBuffer()
    const result = await processImage(await photo(3000, 2000), {
      forDownload: true,
      watermark: { image: mark, position: 'bottom-right', scale: 20, opacity: 100 },
    })
    expect(result.renditions.map((r) => `${r.rendition}.${r.format}:${r.width}x${r.height}`)).toEqual([
      'w400.webp:400x267',
      'w1200.webp:1200x800',
      'w2400.webp:2400x1600',
      'w1200.jpeg:1200x800',
      'w2400.jpeg:2400x1600',
    ])
    const download = result.renditions.find((r) => r.rendition === 'w2400' && r.format === 'jpeg')!
    expect((await sharp(download.data).metadata()).format).toBe('jpeg')
    // The mark's green in its corner (a fifth of the width, at the bottom right), the photo's blue elsewhere.
    const pixel = async (left: number, top: number) =>
      (await sharp(download.data).extract({ left, top, width: 1, height: 1 }).raw().toBuffer()).toJSON().data
    const [red, green] = await pixel(2200, 1470)
    expect(green).toBeGreaterThan(200)
    expect(red).toBeLessThan(60)
    const [, greenAway, blue] = await pixel(2000, 100)
    expect(blue).toBeGreaterThan(200)
    expect(greenAway).toBeLessThan(60)
  })

  it('turns the photo upright from its EXIF orientation and strips metadata from what is served', async () => {
    const sideways = await photo(600, 400, { IFD0: { Make: 'Afterglow Cam' }, IFD3: { GPSLatitudeRef: 'N' } }, 6)
    const result = await processImage(sideways)
    expect([result.width, result.height]).toEqual([400, 600])
    const served = result.renditions.find((r) => r.format === 'jpeg')!
    const metadata = await sharp(served.data).metadata()
    expect([metadata.width, metadata.height]).toEqual([400, 600])
    expect(metadata.exif).toBeUndefined()
    expect(metadata.orientation).toBeUndefined()
    // Turned 90° clockwise, the red left half is now on top.
    const { data } = await sharp(served.data)
      .extract({ left: 200, top: 50, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true })
    expect(data[0]).toBeGreaterThan(200)
    expect(data[2]).toBeLessThan(60)
  })

  it('keeps the capture time from EXIF and makes a small placeholder', async () => {
    const result = await processImage(await photo(500, 300, { IFD2: { DateTimeOriginal: '2026:07:14 22:31:05' } }))
    expect(result.capturedAt?.toISOString().slice(0, 16)).toBe('2026-07-14T22:31')
    expect(result.captureOffsetMinutes).toBeNull()
    expect(Buffer.from(result.placeholder, 'base64').length).toBeLessThan(40)
  })

  it('reads the capture time as a true instant when the camera recorded its UTC offset', async () => {
    const result = await processImage(
      await photo(500, 300, { IFD2: { DateTimeOriginal: '2026:07:14 22:31:05', OffsetTimeOriginal: '-03:00' } }),
    )
    expect(result.capturedAt?.toISOString()).toBe('2026-07-15T01:31:05.000Z')
    expect(result.captureOffsetMinutes).toBe(-180)
  })

  it('refuses a decompression bomb and a broken file', async () => {
    // A PNG header claiming 20000 × 12000 pixels (240 MP) with almost no data behind it.
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
      const length = Buffer.alloc(4)
      length.writeUInt32BE(data.length)
      const crc = Buffer.alloc(4)
      crc.writeUInt32BE(zlib.crc32(body))
      return Buffer.concat([length, body, crc])
    }
    const header = Buffer.alloc(13)
    header.writeUInt32BE(20_000, 0)
    header.writeUInt32BE(12_000, 4)
    header.set([8, 2, 0, 0, 0], 8)
    const bomb = Buffer.concat([
      Buffer.from('89504e470d0a1a0a', 'hex'),
      chunk('IHDR', header),
      chunk('IDAT', zlib.deflateSync(Buffer.alloc(100))),
      chunk('IEND', Buffer.alloc(0)),
    ])
    await expect(processImage(bomb)).rejects.toThrow(/240 megapixels, more than the 160/)
    await expect(processImage(Buffer.from('not an image at all'))).rejects.toThrow()
  })
})
