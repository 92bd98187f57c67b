import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { OG_MAX_BYTES, renderOgImage } from './render-og-image.server'

async function noisyPhoto(width: number, height: number) {
  // Random noise is the worst case for JPEG size: a real photo compresses better.
  const pixels = Buffer.alloc(width * height * 3)
  for (let i = 0; i < pixels.length; i++) pixels[i] = Math.floor(Math.random() * 256)
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer()
}

// Noisy photos and cards through sharp are CPU-bound: seconds when the machine is shared.
describe('link preview images', { timeout: 30_000 }, () => {
  it('crop a photo of any shape to a 1200×630 JPEG under the WhatsApp size budget', async () => {
    for (const [width, height] of [
      [2400, 1600],
      [800, 1200],
      [300, 200],
    ]) {
      const out = await renderOgImage({ kind: 'photo', image: await noisyPhoto(width, height) })
      const meta = await sharp(out).metadata()
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630])
      expect(out.length).toBeLessThanOrEqual(OG_MAX_BYTES)
    }
  })

  it('draw a branded card with the title when there is no photo, with or without a logo, however long the title', async () => {
    const logo = await sharp({
      create: { width: 400, height: 200, channels: 4, background: { r: 255, g: 200, b: 0, alpha: 1 } },
    })
      .png()
      .toBuffer()
    const plain = await renderOgImage({
      kind: 'card',
      title: 'Night Owls — Live at the Roundhouse',
      subtitle: 'Demo Company',
      logo: null,
      accent: '#a78bfa',
      platformMark: true,
    })
    const long = await renderOgImage({
      kind: 'card',
      title: 'A very long gallery title '.repeat(12),
      subtitle: 'Company',
      logo,
      accent: '#e11d48',
      platformMark: false,
    })
    for (const out of [plain, long]) {
      const meta = await sharp(out).metadata()
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630])
      expect(out.length).toBeLessThanOrEqual(OG_MAX_BYTES)
    }
    // The title is drawn: the card is not just its background.
    const bare = await renderOgImage({
      kind: 'card',
      title: ' ',
      subtitle: '',
      logo: null,
      accent: '#a78bfa',
      platformMark: false,
    })
    const [withText, without] = await Promise.all([plain, bare].map((b) => sharp(b).stats()))
    expect(withText.channels[0].max).toBeGreaterThan(without.channels[0].max)
    if (process.env.OG_DUMP) {
      await sharp(plain).png().toFile('/tmp/sharing-og-plain.png')
      await sharp(long).png().toFile('/tmp/sharing-og-long.png')
    }
  })
})
