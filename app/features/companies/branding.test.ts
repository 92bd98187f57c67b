import { describe, expect, it } from 'vitest'
import { brandingVariables, contrastRatio, parseHexColor, readableOn } from './branding'

describe('company branding colours', () => {
  it('accepts #rgb and #rrggbb only, normalised to lower-case #rrggbb', () => {
    expect(parseHexColor('#FF3366')).toBe('#ff3366')
    expect(parseHexColor(' #f36 ')).toBe('#ff3366')
    for (const bad of ['ff3366', '#ff336', '#gg3366', 'red', 'rgb(1,2,3)', '#ff3366;background:url(x)', '', null, 42]) {
      expect(parseHexColor(bad), String(bad)).toBeNull()
    }
  })

  it('gives nothing without a valid colour, and falls back from one colour to the other', () => {
    expect(brandingVariables({ primary: null, accent: 'javascript:alert(1)' })).toBeNull()
    expect(brandingVariables({ primary: '#ff3366', accent: null })).toEqual({
      '--accent': '#ff3366',
      '--accent-foreground': '#0b0b0c',
      '--brand-accent': '#ff3366',
    })
    expect(brandingVariables({ primary: null, accent: '#22c55e' })?.['--accent']).toBe('#22c55e')
  })

  it('lightens a colour too dark to read on the night canvas, and picks a readable button text', () => {
    const navy = readableOn('#000080', 'night')
    expect(navy).not.toBe('#000080')
    expect(contrastRatio(navy, '#0b0b0c')).toBeGreaterThanOrEqual(4.5)
    expect(readableOn('#fbbf24', 'night')).toBe('#fbbf24')
    const variables = brandingVariables({ primary: '#7c3aed', accent: '#000000' })!
    expect(contrastRatio(variables['--accent'], variables['--accent-foreground'])).toBeGreaterThanOrEqual(4.5)
    expect(contrastRatio(variables['--brand-accent'], '#0b0b0c')).toBeGreaterThanOrEqual(4.5)
  })

  it('darkens a colour too light to read on the light canvas, keeping one that already reads', () => {
    const yellow = readableOn('#fbbf24', 'light')
    expect(yellow).not.toBe('#fbbf24')
    expect(contrastRatio(yellow, '#efefed')).toBeGreaterThanOrEqual(4.5)
    expect(readableOn('#000080', 'light')).toBe('#000080')
    const variables = brandingVariables({ primary: '#fde047', accent: null }, 'light')!
    expect(contrastRatio(variables['--accent'], '#efefed')).toBeGreaterThanOrEqual(4.5)
    expect(contrastRatio(variables['--accent'], variables['--accent-foreground'])).toBeGreaterThanOrEqual(4.5)
  })
})
