import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createSubscriptionChecker, UNSUBSCRIBED } from './subscription-check'

const TRIAL = {
  subscribed: false,
  subscription_tier: 'professional',
  subscription_end: '2026-12-08T00:00:00.000Z',
  trial_active: true,
  trial_end: '2026-12-08T00:00:00.000Z',
}
const STORED = { ...UNSUBSCRIBED, subscription_tier: 'starter' }

describe('the client-side subscription check', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  const checker = (check: () => Promise<typeof TRIAL>, readStored = () => Promise.resolve(STORED)) =>
    createSubscriptionChecker({ check, readStored, now: () => Date.now() })

  it('runs one check at a time and refuses a new one within 5 s of the last start', async () => {
    const check = vi.fn(() => new Promise<typeof TRIAL>((resolve) => setTimeout(() => resolve(TRIAL), 500)))
    const subscription = checker(check)
    const first = subscription.request()
    expect(subscription.request()).toBe(first)
    await vi.advanceTimersByTimeAsync(500)
    expect(await first).toEqual(TRIAL)
    expect(subscription.latest).toEqual(TRIAL)
    await vi.advanceTimersByTimeAsync(4_000)
    expect(subscription.request()).toBeNull()
    await vi.advanceTimersByTimeAsync(600)
    expect(subscription.request()).not.toBeNull()
    expect(check).toHaveBeenCalledTimes(2)
  })

  it('retries 3 times after 1, 2 and 3 s, then succeeds', async () => {
    const calls: number[] = []
    const check = vi.fn(async () => {
      calls.push(Date.now())
      if (calls.length < 4) throw new Error('offline')
      return TRIAL
    })
    const start = Date.now()
    const answer = checker(check).request()!
    await vi.advanceTimersByTimeAsync(6_000)
    expect(await answer).toEqual(TRIAL)
    expect(calls.map((at) => at - start)).toEqual([0, 1_000, 3_000, 6_000])
  })

  it('falls back to the stored row after the retries, and to unsubscribed when that fails too', async () => {
    const failing = vi.fn(() => Promise.reject(new Error('500')))
    const stored = checker(failing).request()!
    await vi.advanceTimersByTimeAsync(6_000)
    expect(await stored).toEqual(STORED)
    expect(failing).toHaveBeenCalledTimes(4)
    const nothing = checker(failing, () => Promise.reject(new Error('down'))).request()!
    await vi.advanceTimersByTimeAsync(6_000)
    expect(await nothing).toEqual(UNSUBSCRIBED)
  })

  it('says the check failed once its retries are spent, then shows the stored row; a retry that works says nothing', async () => {
    const onCheckFailed = vi.fn()
    const failing = vi.fn(() => Promise.reject(new Error('500')))
    const answer = createSubscriptionChecker({
      check: failing,
      readStored: () => Promise.resolve(STORED),
      onCheckFailed,
    }).request()!
    await vi.advanceTimersByTimeAsync(5_999)
    expect(onCheckFailed).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(await answer).toEqual(STORED)
    expect(onCheckFailed).toHaveBeenCalledOnce()

    const quiet = vi.fn()
    let calls = 0
    const flaky = () => (++calls < 3 ? Promise.reject(new Error('offline')) : Promise.resolve(TRIAL))
    const recovered = createSubscriptionChecker({
      check: flaky,
      readStored: () => Promise.resolve(STORED),
      onCheckFailed: quiet,
    }).request()!
    await vi.advanceTimersByTimeAsync(6_000)
    expect(await recovered).toEqual(TRIAL)
    expect(quiet).not.toHaveBeenCalled()
  })

  it('forgets the answer and the throttle on sign-out', async () => {
    const subscription = checker(() => Promise.resolve(TRIAL))
    await subscription.request()
    subscription.clear()
    expect(subscription.latest).toBeNull()
    expect(subscription.request()).not.toBeNull()
  })
})
