import { describe, expect, it } from 'vitest'
import { LeastRecentlyUsed } from './least-recently-used'

describe('LeastRecentlyUsed', () => {
  it('lets the least recently used go first once past its budget, a value that grew counted as it is now', () => {
    const kept = new LeastRecentlyUsed<{ bytes: number }>(100, (value) => value.bytes)
    const a = { bytes: 40 }
    kept.set('a', a)
    kept.set('b', { bytes: 40 })
    kept.touch('a', a)
    kept.set('c', { bytes: 40 })
    expect([kept.has('a'), kept.has('b'), kept.has('c')]).toEqual([true, false, true])
    a.bytes += 30
    kept.grow(30)
    expect([kept.has('a'), kept.has('c'), kept.size]).toEqual([false, true, 1])
    // Replacing a value counts its bytes once.
    kept.set('c', { bytes: 90 })
    kept.set('c', { bytes: 90 })
    expect(kept.peek('c')?.bytes).toBe(90)
  })
})
