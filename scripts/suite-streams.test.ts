import { describe, expect, it } from 'vitest'
// @ts-expect-error plain JavaScript script without types
import { splitBrowserFiles } from './suite-streams.js'

describe('splitBrowserFiles', () => {
  it('gives every file to exactly one half, the two needing about the same CPU', () => {
    const seconds = { e2e: { 'a.test.ts': 80, 'b.test.ts': 60, 'c.test.ts': 40, 'd.test.ts': 20, 'e.test.ts': 10 } }
    const [first, second] = splitBrowserFiles(Object.keys(seconds.e2e), seconds) as [string[], string[]]
    expect([...first, ...second].sort()).toEqual(Object.keys(seconds.e2e))
    const total = (files: string[]) => files.reduce((sum, file) => sum + seconds.e2e[file as keyof typeof seconds.e2e], 0)
    // 210 CPU-seconds: a + d + e, b + c.
    expect([total(first), total(second)]).toEqual([110, 100])
  })

  it('counts a file it has no figure for as the median file', () => {
    const seconds = { e2e: { 'a.test.ts': 30, 'b.test.ts': 10, 'c.test.ts': 20 } }
    const [first, second] = splitBrowserFiles(['a.test.ts', 'b.test.ts', 'c.test.ts', 'new.test.ts'], seconds)
    // a (30) first; c (20) and new (20, the median) second; b (10) first: 40 and 40.
    expect(first).toEqual(['a.test.ts', 'b.test.ts'])
    expect(second).toEqual(['c.test.ts', 'new.test.ts'])
  })
})
