import { describe, expect, it } from 'vitest'
import { formatBytes } from './format-bytes'

describe('a file size as people read it', () => {
  it('counts in 1024s with one decimal below 10, in the reader’s number format', () => {
    expect(formatBytes(512, 'en')).toBe('512 B')
    expect(formatBytes(1536, 'en')).toBe('1.5 KB')
    expect(formatBytes(59 * 1024 * 1024, 'pt')).toBe('59 MB')
    expect(formatBytes(2.5 * 1024 ** 3, 'es')).toBe('2,5 GB')
  })

  it('says octets in French, as French readers expect', () => {
    expect(formatBytes(59 * 1024 * 1024, 'fr')).toBe('59 Mo')
    expect(formatBytes(1536, 'fr-FR')).toBe('1,5 Ko')
    expect(formatBytes(2.5 * 1024 ** 3, 'fr')).toBe('2,5 Go')
    expect(formatBytes(300, 'fr')).toBe('300 o')
  })
})
