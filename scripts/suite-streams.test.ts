import { describe, expect, it } from 'vitest'
// @ts-expect-error plain JavaScript script without types
import { splitBrowserFiles } from './suite-streams.js'

describe('splitBrowserFiles', () => {
  it('gives every file to exactly one stream, so that both end together', () => {
    const seconds = { integration: 100, e2e: { 'a.test.ts': 80, 'b.test.ts': 60, 'c.test.ts': 40, 'd.test.ts': 20, 'e.test.ts': 10 } }
    const { beside, afterIntegration } = splitBrowserFiles(Object.keys(seconds.e2e), seconds)
    expect([...beside, ...afterIntegration].sort()).toEqual(Object.keys(seconds.e2e))
    const total = (files: string[]) => files.reduce((sum, file) => sum + seconds.e2e[file as keyof typeof seconds.e2e], 0)
    // 310 s of work in all: 160 beside the integration suite, 100 + 50 after it.
    expect(total(beside)).toBe(160)
    expect(seconds.integration + total(afterIntegration)).toBe(150)
  })

  it('counts a file it has no time for as the median file', () => {
    const seconds = { integration: 0, e2e: { 'a.test.ts': 30, 'b.test.ts': 10, 'c.test.ts': 20 } }
    const { beside, afterIntegration } = splitBrowserFiles(['a.test.ts', 'b.test.ts', 'c.test.ts', 'new.test.ts'], seconds)
    // a (30) beside; then new (20, the median) and c (20) after; b (10) beside: 40 and 40.
    expect(beside).toEqual(['a.test.ts', 'b.test.ts'])
    expect(afterIntegration).toEqual(['c.test.ts', 'new.test.ts'])
  })
})
