import { describe, expect, it } from 'vitest'
import { hasControlCharacter } from './control-characters'

describe('hasControlCharacter', () => {
  it('finds NUL, tabs, every kind of line break, escape, DEL and the C1 controls', () => {
    for (const value of [
      'a\u0000',
      'a\tb',
      'a\nb',
      'a\rb',
      'a\u000bb',
      '\u001b[31m',
      'a\u007f',
      'a\u0085b',
      'a\u009f',
      'a\u2028b',
      'a\u2029b',
    ])
      expect(hasControlCharacter(value), JSON.stringify(value)).toBe(true)
  })

  it('leaves names in any script, accents, punctuation and emoji alone', () => {
    for (const value of [
      "Zoë O'Brien",
      'Łukasz Żółć',
      '陈伟',
      'محمد',
      'DJ Nova 🎧',
      'IMG_0001 (copy).JPG',
      'image/png',
      '\u00a0',
    ])
      expect(hasControlCharacter(value), value).toBe(false)
  })
})
