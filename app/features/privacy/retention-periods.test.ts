import { describe, expect, it } from 'vitest'
import { RETENTION_PERIODS, retentionCutoff, retentionEnd, retentionHours, retentionPeriods } from './retention-periods'

describe('retention periods', () => {
  it('counts months by the calendar, ending on the last day of a shorter month', () => {
    expect(retentionCutoff({ amount: 24, unit: 'months' }, new Date('2026-05-10T08:30:00Z')).toISOString()).toBe(
      '2024-05-10T08:30:00.000Z',
    )
    expect(retentionCutoff({ amount: 1, unit: 'months' }, new Date('2026-03-31T12:00:00Z')).toISOString()).toBe(
      '2026-02-28T12:00:00.000Z',
    )
    expect(retentionCutoff({ amount: 1, unit: 'months' }, new Date('2024-03-31T12:00:00Z')).toISOString()).toBe(
      '2024-02-29T12:00:00.000Z',
    )
    expect(retentionCutoff({ amount: 13, unit: 'months' }, new Date('2026-01-15T00:00:00Z')).toISOString()).toBe(
      '2024-12-15T00:00:00.000Z',
    )
  })

  it('counts minutes, hours and days exactly', () => {
    const now = new Date('2026-05-10T00:00:00Z')
    expect(retentionCutoff({ amount: 1, unit: 'minutes' }, now).toISOString()).toBe('2026-05-09T23:59:00.000Z')
    expect(retentionCutoff({ amount: 48, unit: 'hours' }, now).toISOString()).toBe('2026-05-08T00:00:00.000Z')
    expect(retentionCutoff({ amount: 30, unit: 'days' }, now).toISOString()).toBe('2026-04-10T00:00:00.000Z')
    expect(retentionHours({ amount: 2, unit: 'days' })).toBe(48)
    expect(() => retentionHours({ amount: 1, unit: 'months' })).toThrow()
  })

  it('says when data kept from a date is due, the other side of the cutoff', () => {
    const closed = new Date('2026-05-10T14:20:00Z')
    expect(retentionEnd({ amount: 30, unit: 'days' }, closed).toISOString()).toBe('2026-06-09T14:20:00.000Z')
    expect(retentionEnd({ amount: 1, unit: 'months' }, new Date('2026-01-31T12:00:00Z')).toISOString()).toBe(
      '2026-02-28T12:00:00.000Z',
    )
    expect(retentionEnd({ amount: 24, unit: 'months' }, closed).toISOString()).toBe('2028-05-10T14:20:00.000Z')
    for (const kept of [
      RETENTION_PERIODS.closedAccounts,
      RETENTION_PERIODS.logs,
      RETENTION_PERIODS.analyticsSalt,
      RETENTION_PERIODS.websiteMessages,
    ]) {
      // Due exactly at the end: a moment later the cutoff has passed the date, a moment earlier it has not.
      const end = retentionEnd(kept, closed)
      expect(retentionCutoff(kept, end).getTime()).toBe(closed.getTime())
      expect(retentionCutoff(kept, new Date(end.getTime() - 1)).getTime()).toBeLessThan(closed.getTime())
    }
  })

  it('adds the configured analytics months to the fixed periods', () => {
    expect(retentionPeriods(7)).toEqual({ ...RETENTION_PERIODS, analyticsEvents: { amount: 7, unit: 'months' } })
  })
})
