import { describe, expect, it } from 'vitest'
import { EVENT_BURST, EVENTS_PER_SECOND, takeEventAllowance } from './event-allowance.server'

describe("a visitor's allowance of events", () => {
  it('lets a burst through, then refuses until it refills at the sustained rate', () => {
    const visitor = `d:test-${Math.random()}`
    const start = 1_000_000
    expect(takeEventAllowance(visitor, EVENT_BURST, start)).toEqual({ allowed: true })
    const refused = takeEventAllowance(visitor, 10, start)
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: Math.ceil(10 / EVENTS_PER_SECOND) })
    // A refused batch takes nothing: after the wait it gets through whole.
    expect(takeEventAllowance(visitor, 10, start + Math.ceil(10 / EVENTS_PER_SECOND) * 1000)).toEqual({ allowed: true })
  })

  it('keeps each visitor to their own allowance', () => {
    const start = 2_000_000
    expect(takeEventAllowance('d:one', EVENT_BURST, start).allowed).toBe(true)
    expect(takeEventAllowance('d:two', EVENT_BURST, start).allowed).toBe(true)
    expect(takeEventAllowance('d:one', 1, start).allowed).toBe(false)
  })
})
