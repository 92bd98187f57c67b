import { describe, expect, it } from 'vitest'
import { sizeRunsOf, sizesOfRuns } from './size-runs'

describe('size runs', () => {
  it('writes a run per stretch of one size, and reads back every size in its order', () => {
    const sizes: Array<[number, number]> = [
      ...Array.from({ length: 57 }, (): [number, number] => [2400, 1600]),
      [1600, 2400],
      [2400, 1600],
      [2400, 1600],
      [1000, 1000],
    ]
    const runs = sizeRunsOf(sizes)
    expect(runs).toBe('2400x1600*57,1600x2400,2400x1600*2,1000x1000')
    expect(sizesOfRuns(runs)).toEqual(sizes)
  })

  it('keeps a gallery of all different sizes and an empty list as they are', () => {
    const sizes: Array<[number, number]> = [
      [640, 480],
      [480, 640],
      [1, 1],
    ]
    expect(sizesOfRuns(sizeRunsOf(sizes))).toEqual(sizes)
    expect(sizeRunsOf([])).toBe('')
    expect(sizesOfRuns('')).toEqual([])
  })
})
