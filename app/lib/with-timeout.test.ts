import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { withTimeout } from './with-timeout'

describe('withTimeout', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('passes a result that arrives in time', async () => {
    await expect(withTimeout(Promise.resolve(42), 10_000, () => new Error('late'))).resolves.toBe(42)
  })

  it('rejects with the given error once the time is up', async () => {
    const never = new Promise(() => undefined)
    const result = withTimeout(never, 10_000, () => new Error('Query timeout after 10 seconds'))
    vi.advanceTimersByTime(10_000)
    await expect(result).rejects.toThrow('Query timeout after 10 seconds')
  })
})
