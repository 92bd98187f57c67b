import { describe, expect, it } from 'vitest'
import { extensionOf, galleryFileName, safeFileBase, uniqueNames } from './download-names'

describe('download file names', () => {
  it('keep the title readable and drop what file systems refuse', () => {
    expect(safeFileBase('Night Owls: Live / Encore')).toBe('Night Owls Live Encore')
    expect(safeFileBase('  ..Ação "especial"?..  ')).toBe('Ação especial')
    expect(safeFileBase('a\u0000b\u202ec')).toBe('abc')
    expect(safeFileBase('CON')).toBe('download')
    expect(safeFileBase('...')).toBe('download')
    expect([...safeFileBase('x'.repeat(300))]).toHaveLength(100)
  })

  it('number gallery files so they sort as shown', () => {
    expect(galleryFileName('Last Night', 7, 18, 'jpg')).toBe('Last Night - 07.jpg')
    expect(galleryFileName('Last Night', 7, 120, 'mp4')).toBe('Last Night - 007.mp4')
    expect(galleryFileName('', 1, 1, '')).toBe('download - 01')
  })

  it('read extensions from keys and names', () => {
    expect(extensionOf('c/a/original.JPG')).toBe('jpg')
    expect(extensionOf('noext')).toBe('')
  })

  it('make names unique without caring about case', () => {
    expect(uniqueNames(['a.jpg', 'A.jpg', 'a.jpg', 'b'])).toEqual(['a.jpg', 'A (2).jpg', 'a (3).jpg', 'b'])
  })
})
