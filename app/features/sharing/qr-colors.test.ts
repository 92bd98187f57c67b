import { describe, expect, it } from 'vitest'
import { checkQrColors, contrastRatio } from './qr-colors'

describe('QR code colours', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5)
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2)
  })

  it('accepts dark codes on light backgrounds with enough contrast', () => {
    expect(checkQrColors('#000000', '#ffffff')).toEqual({ ok: true })
    expect(checkQrColors('#1a1a2e', '#fdf6e3')).toEqual({ ok: true })
    expect(checkQrColors('#6d28d9', '#FFFFFF')).toEqual({ ok: true })
  })

  it('refuses pairs too close to scan, with the measured ratio', () => {
    expect(checkQrColors('#999999', '#ffffff')).toEqual({
      ok: false,
      messageKey: 'sharing.qr.errors.lowContrast',
      ratio: 2.8,
    })
    expect(checkQrColors('#ff0000', '#00ff00')).toMatchObject({
      ok: false,
      messageKey: 'sharing.qr.errors.lowContrast',
    })
    expect(checkQrColors('#123456', '#123456')).toMatchObject({
      ok: false,
      messageKey: 'sharing.qr.errors.lowContrast',
      ratio: 1,
    })
  })

  it('refuses light codes on dark backgrounds, which most cameras cannot read', () => {
    expect(checkQrColors('#ffffff', '#000000')).toEqual({ ok: false, messageKey: 'sharing.qr.errors.inverted' })
  })

  it('refuses anything but #rrggbb', () => {
    for (const [fg, bg] of [
      ['black', '#ffffff'],
      ['#000', '#fff'],
      ['#0000000', '#ffffff'],
      ['#00000g', '#ffffff'],
      ['', ''],
    ]) {
      expect(checkQrColors(fg, bg)).toEqual({ ok: false, messageKey: 'sharing.qr.errors.invalidColor' })
    }
  })
})
