import jsQR from 'jsqr'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { makeQrPng, makeQrSvg } from './make-qr-code.server'

async function decode(image: Buffer) {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null
}

const URL = 'https://night-owls.afterglow.example/galeria/live-at-the-roundhouse'

// Drawing, rasterising and decoding QR codes is CPU-bound: seconds when the machine is shared.
describe('QR codes', { timeout: 30_000 }, () => {
  it('draw the same code as PNG and SVG, and both read back as the URL', async () => {
    const design = { foreground: '#000000', background: '#ffffff', logo: null }
    const png = await makeQrPng(URL, design)
    const { svg } = await makeQrSvg(URL, design)
    expect(await decode(png)).toBe(URL)
    expect(await decode(Buffer.from(svg))).toBe(URL)
    const [fromPng, fromSvg] = await Promise.all([
      sharp(png).raw().toBuffer(),
      sharp(Buffer.from(svg)).flatten().raw().toBuffer(),
    ])
    expect(fromPng.equals(fromSvg)).toBe(true)
  })

  it('still read back with custom colours and a logo covering the middle', async () => {
    const logo = await sharp({
      create: { width: 300, height: 300, channels: 4, background: { r: 225, g: 29, b: 72, alpha: 1 } },
    })
      .png()
      .toBuffer()
    const png = await makeQrPng(URL, { foreground: '#1a1a2e', background: '#fdf6e3', logo })
    expect(await decode(png)).toBe(URL)
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true })
    const middle = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels
    expect([data[middle], data[middle + 1], data[middle + 2]]).toEqual([225, 29, 72]) // the logo is there
  })
})
