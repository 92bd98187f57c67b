import { describe, expect, it } from 'vitest'
import { inBlocks } from './gallery-paging'

describe('inBlocks', () => {
  it('cuts items into blocks of the size, the last shorter, each with where it starts', () => {
    expect(inBlocks([1, 2, 3, 4, 5], 2)).toEqual([
      { start: 0, items: [1, 2] },
      { start: 2, items: [3, 4] },
      { start: 4, items: [5] },
    ])
    expect(inBlocks([], 60)).toEqual([])
  })
})
