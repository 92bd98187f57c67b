import sharp from 'sharp'
import { rgbaToThumbHash } from 'thumbhash'
import { describe, expect, it } from 'vitest'
import { placeholderDataUrl, placeholderImageOf } from './placeholder-image'

// sharp and ThumbHash are CPU-bound, and sharp's first call loads libvips: slow when the machine is shared.
describe('photo placeholders', { timeout: 30_000 }, () => {
  it('are tiny PNGs of the photo’s colours, in its proportions', async () => {
    const { data, info } = await sharp({
      create: { width: 100, height: 50, channels: 4, background: { r: 200, g: 20, b: 40, alpha: 1 } },
    })
      .raw()
      .toBuffer({ resolveWithObject: true })
    const hash = Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString('base64')
    const url = placeholderDataUrl(hash)!
    expect(url.startsWith('data:image/png;base64,')).toBe(true)
    expect(url.length).toBeLessThan(500)
    const png = Buffer.from(url.split(',')[1], 'base64')
    const { data: pixels, info: size } = await sharp(png).raw().toBuffer({ resolveWithObject: true })
    expect(size.width).toBe(8)
    expect([4, 5]).toContain(size.height) // ThumbHash keeps the aspect ratio approximately
    expect(Math.abs(pixels[0] - 200)).toBeLessThan(30)
    expect(pixels[1]).toBeLessThan(60)
    expect(placeholderDataUrl(null)).toBeNull()
  })

  it('paints a stored placeholder only when it is a PNG data URL, and decodes a ThumbHash otherwise', async () => {
    const { data, info } = await sharp({
      create: { width: 40, height: 40, channels: 4, background: { r: 10, g: 200, b: 40, alpha: 1 } },
    })
      .raw()
      .toBuffer({ resolveWithObject: true })
    const hash = Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString('base64')
    const stored = placeholderDataUrl(hash)!
    expect(placeholderImageOf({ placeholder: hash, placeholderImage: stored })).toBe(stored)
    expect(placeholderImageOf({ placeholder: hash, placeholderImage: null })).toBe(stored)
    expect(
      placeholderImageOf({
        placeholder: hash,
        placeholderImage: 'data:image/png;base64,AAAA")><img src=x onerror=alert(1)>',
      }),
    ).toBeNull()
    expect(
      placeholderImageOf({ placeholder: null, placeholderImage: 'https://elsewhere.example/tracker.png' }),
    ).toBeNull()
    expect(placeholderImageOf({ placeholder: null, placeholderImage: null })).toBeNull()
  })
})
