import { describe, expect, it } from 'vitest'
import { changeOf, previousPeriod, rangeQuery, readAnalyticsRange } from './analytics-range'

const now = new Date('2026-03-10T15:00:00Z')
const read = (query: string) => readAnalyticsRange(new URL(`https://a.test/admin/analytics?${query}`), now)

describe('the analytics range in the URL', () => {
  it('reads presets as the last N days, today included, and falls back to 30', () => {
    expect(read('range=7')).toEqual({ preset: '7', from: '2026-03-04', to: '2026-03-10' })
    expect(read('range=90')).toMatchObject({ from: '2025-12-11', to: '2026-03-10' })
    expect(read('range=365')).toEqual({ preset: '30', from: '2026-02-09', to: '2026-03-10' })
    expect(read('')).toMatchObject({ preset: '30' })
  })

  it('keeps a custom range as written, and an incomplete one falls back', () => {
    expect(read('range=custom&from=2026-01-01&to=2026-01-31')).toEqual({
      preset: 'custom',
      from: '2026-01-01',
      to: '2026-01-31',
    })
    expect(read('from=2026-01-01&to=2026-01-31')).toMatchObject({ preset: 'custom' })
    expect(read('range=custom&from=2026-01-01')).toMatchObject({ preset: '30' })
    expect(read('range=custom&from=nope&to=2026-01-31')).toMatchObject({ preset: '30' })
    expect(rangeQuery(read('range=custom&from=2026-01-01&to=2026-01-31'))).toBe(
      'range=custom&from=2026-01-01&to=2026-01-31',
    )
  })

  it('compares with as many days just before', () => {
    expect(previousPeriod({ from: '2026-03-04', to: '2026-03-10' })).toEqual({ from: '2026-02-25', to: '2026-03-03' })
    expect(previousPeriod({ from: '2026-03-01', to: '2026-03-01' })).toEqual({ from: '2026-02-28', to: '2026-02-28' })
  })

  it('says the change, or nothing to compare with', () => {
    expect(changeOf(5, 1)).toBe(4)
    expect(changeOf(1, 2)).toBe(-0.5)
    expect(changeOf(0, 0)).toBe(0)
    expect(changeOf(3, 0)).toBeNull()
  })
})
