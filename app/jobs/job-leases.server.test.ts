import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LEASE_TIMING, startJobLeases } from './job-leases.server'

type Call = { name: string; values: unknown[] }

/** A database that answers the leases' queries: renewals fail while `down`, reaps return `lost`. */
function fakeDatabase(lost: Record<string, unknown>[]) {
  const calls: Call[] = []
  const state = { down: false }
  const query = async (name: string, _text: string, values: unknown[]) => {
    calls.push({ name, values })
    if (state.down) throw new Error('connection refused')
    return { rows: name === 'job-leases-reap' ? lost.splice(0) : [] }
  }
  return { calls, state, query }
}

describe('job leases', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('gives back the lapsed tries still under way, by queue, once this process has renewed for a whole lapse', async () => {
    const database = fakeDatabase([
      { job_id: 'a', queue: 'media.generate-renditions', active: true },
      { job_id: 'b', queue: 'media.generate-renditions', active: true },
      { job_id: 'c', queue: 'webhooks.deliver', active: true },
      { job_id: 'd', queue: 'webhooks.deliver', active: false },
    ])
    const givenBack: [string, string[]][] = []
    const leases = startJobLeases({
      query: database.query,
      giveBack: async (queue, ids) => void givenBack.push([queue, ids]),
    })
    await leases.tick()
    // Just connected: every other process may be just back too and not renewed yet.
    expect(database.calls.some((call) => call.name === 'job-leases-reap')).toBe(false)

    await vi.advanceTimersByTimeAsync(LEASE_TIMING.lostAfterSeconds * 1000)
    expect(givenBack).toEqual([
      ['media.generate-renditions', ['a', 'b']],
      ['webhooks.deliver', ['c']],
    ])
    leases.stop()
  })

  it('reaps nothing while its own renewals fail, and waits a whole lapse after they come back', async () => {
    const database = fakeDatabase([{ job_id: 'a', queue: 'media.generate-renditions', active: true }])
    const givenBack: string[] = []
    const leases = startJobLeases({
      query: database.query,
      giveBack: async (_queue, ids) => void givenBack.push(...ids),
    })
    await vi.advanceTimersByTimeAsync(LEASE_TIMING.renewEverySeconds * 1000)
    database.state.down = true
    await vi.advanceTimersByTimeAsync(LEASE_TIMING.lostAfterSeconds * 2000)
    database.state.down = false
    await vi.advanceTimersByTimeAsync(LEASE_TIMING.lostAfterSeconds * 1000 - 1000)
    expect(givenBack).toEqual([])
    await vi.advanceTimersByTimeAsync(LEASE_TIMING.reapEverySeconds * 1000)
    expect(givenBack).toEqual(['a'])
    leases.stop()
  })

  it('holds a lease for as long as a try runs, renews only what it holds, and ends it by its try', async () => {
    const database = fakeDatabase([])
    const leases = startJobLeases({ query: database.query, giveBack: async () => undefined })
    let finish = () => {}
    const running = leases.holding(
      { queue: 'media.generate-renditions', id: 'job-1', try: 2 },
      () => new Promise<string>((resolve) => (finish = () => resolve('drawn'))),
    )
    await vi.advanceTimersByTimeAsync(LEASE_TIMING.renewEverySeconds * 1000)
    const renewals = database.calls.filter((call) => call.name === 'job-leases-renew')
    expect(renewals.at(-1)?.values[1]).toEqual(['job-1'])
    finish()
    expect(await running).toBe('drawn')
    expect(database.calls.find((call) => call.name === 'job-leases-end')?.values).toEqual(['job-1', 2])
    await vi.advanceTimersByTimeAsync(LEASE_TIMING.renewEverySeconds * 1000)
    expect(database.calls.filter((call) => call.name === 'job-leases-renew').at(-1)?.values[1]).toEqual([])
    leases.stop()
  })

  it('runs the try even when its lease cannot be written', async () => {
    const database = fakeDatabase([])
    database.state.down = true
    const leases = startJobLeases({ query: database.query, giveBack: async () => undefined })
    expect(await leases.holding({ queue: 'q', id: 'job-2', try: 0 }, async () => 'ran')).toBe('ran')
    leases.stop()
  })
})
