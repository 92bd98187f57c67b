import { describe, expect, it } from 'vitest'
import { SHARED_SOURCE_SETS_KEPT, sharedSources } from './shared-sources'

const set = (...widths: number[]) => widths.map((width) => ({ name: `w${width}`, width }))

describe('sharedSources', () => {
  it('gives photos with the same renditions one list, and each other set its own', () => {
    const first = sharedSources(set(400, 1200, 2400))
    expect(sharedSources(set(400, 1200, 2400))).toBe(first)
    expect(first).toEqual(set(400, 1200, 2400))
    expect(Object.isFrozen(first) && Object.isFrozen(first[0])).toBe(true)
    // A smaller original: its largest rendition is narrower, so another list.
    const smaller = sharedSources([...set(400, 1200), { name: 'w2400', width: 1800 }])
    expect(smaller).not.toBe(first)
    expect(smaller.at(-1)).toEqual({ name: 'w2400', width: 1800 })
    expect(sharedSources([])).toEqual([])
  })

  it('keeps a bounded number of sets, and still answers right once it starts afresh', () => {
    for (let i = 0; i <= SHARED_SOURCE_SETS_KEPT; i++)
      expect(sharedSources(set(400, 1000 + i))).toEqual(set(400, 1000 + i))
    const again = sharedSources(set(400, 1200, 2400))
    expect(again).toEqual(set(400, 1200, 2400))
    expect(sharedSources(set(400, 1200, 2400))).toBe(again)
  })

  it('leaves out a rendition whose name or width the worker would not have written', () => {
    const sources = sharedSources([
      { name: 'w400', width: 400 },
      { name: 'w1200"><script>', width: 1200 },
      { name: 'w2400', width: Number.NaN },
      { name: 'w1600', width: 1600 },
    ])
    expect(sources).toEqual([
      { name: 'w400', width: 400 },
      { name: 'w1600', width: 1600 },
    ])
  })
})
