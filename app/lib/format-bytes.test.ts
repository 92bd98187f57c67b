import { describe, expect, it } from 'vitest'
import { formatBytes } from './format-bytes'

// Sizes keep their number and unit together with a no-break space; written as a plain space here to read.
const read = (size: string) => size.replace('\u00a0', ' ')

describe('a file size as people read it', () => {
  it('counts in 1024s with one decimal below 10, in the reader’s number format', () => {
    expect(read(formatBytes(512, 'en'))).toBe('512 B')
    expect(read(formatBytes(1536, 'en'))).toBe('1.5 KB')
    expect(read(formatBytes(59 * 1024 * 1024, 'pt'))).toBe('59 MB')
    expect(read(formatBytes(2.5 * 1024 ** 3, 'es'))).toBe('2,5 GB')
  })

  it('says octets in French, as French readers expect', () => {
    expect(read(formatBytes(59 * 1024 * 1024, 'fr'))).toBe('59 Mo')
    expect(read(formatBytes(1536, 'fr-FR'))).toBe('1,5 Ko')
    expect(read(formatBytes(2.5 * 1024 ** 3, 'fr'))).toBe('2,5 Go')
    expect(read(formatBytes(300, 'fr'))).toBe('300 o')
  })

  it('never lets a size break across two lines', () => {
    expect(formatBytes(59 * 1024 * 1024, 'fr')).toBe('59\u00a0Mo')
  })
})
