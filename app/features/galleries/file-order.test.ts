import { describe, expect, it } from 'vitest'
import { orderSelectionByCapture, sortFiles, type OrderedFile } from './file-order'

const file = (id: string, capturedAt: string | null, originalName = `${id}.jpg`): OrderedFile => ({
  id,
  capturedAt,
  originalName,
})

describe('ordering a gallery’s files', () => {
  const files = [
    file('a', '2026-07-14T22:50:00Z'),
    file('b', null, 'IMG_10.jpg'),
    file('c', '2026-07-14T22:40:00Z'),
    file('d', '2026-07-14T22:45:00Z'),
    file('e', null, 'IMG_9.jpg'),
  ]

  it('sorts by capture time, files without one last by name as people read numbers', () => {
    expect(sortFiles(files, 'captured').map((f) => f.id)).toEqual(['c', 'd', 'a', 'e', 'b'])
    expect(sortFiles(files, 'name').map((f) => f.originalName)).toEqual([
      'a.jpg',
      'c.jpg',
      'd.jpg',
      'IMG_9.jpg',
      'IMG_10.jpg',
    ])
  })

  it('puts the selection in capture order in the places it held, the other files where they were', () => {
    // a, c and d are chosen: their three places (1st, 3rd, 4th) get c, d, a; b and e stay.
    expect(orderSelectionByCapture(files, new Set(['a', 'c', 'd']))).toEqual(['c', 'b', 'd', 'a', 'e'])
  })

  it('keeps a file without a capture time after the dated ones of the selection', () => {
    expect(orderSelectionByCapture(files, new Set(['b', 'c']))).toEqual(['a', 'c', 'b', 'd', 'e'])
  })

  it('changes nothing for one file, an already ordered selection or none', () => {
    const ids = files.map((f) => f.id)
    expect(orderSelectionByCapture(files, new Set(['a']))).toEqual(ids)
    expect(orderSelectionByCapture(files, new Set(['c', 'd']))).toEqual(['a', 'b', 'c', 'd', 'e'])
    expect(orderSelectionByCapture(files, new Set())).toEqual(ids)
  })

  it('accepts capture times as the page’s data brings them (strings) or as dates', () => {
    const mixed = [
      file('x', '2026-07-14T23:00:00Z'),
      { ...file('y', null), capturedAt: new Date('2026-07-14T21:00:00Z') },
    ]
    expect(orderSelectionByCapture(mixed, new Set(['x', 'y']))).toEqual(['y', 'x'])
  })
})
