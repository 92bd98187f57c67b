import { describe, expect, it } from 'vitest'
import { formatDate, formatDateTime, formatDay, formatTime, formatTimeAgo, formatWallClock } from './format-date'

const LEAD_ARRIVED = '2026-03-12T15:04:00Z'

describe('a date as every screen shows it', () => {
  it('writes a day the same way in each language, whether it came as a Date, its ISO text or milliseconds', () => {
    expect(formatDate(LEAD_ARRIVED, 'en', 'UTC')).toBe('Mar 12, 2026')
    expect(formatDate(new Date(LEAD_ARRIVED), 'pt', 'UTC')).toBe('12 de mar. de 2026')
    expect(formatDate(Date.parse(LEAD_ARRIVED), 'es', 'UTC')).toBe('12 mar 2026')
    expect(formatDate(LEAD_ARRIVED, 'fr', 'UTC')).toBe('12 mars 2026')
  })

  it('adds the time to the minute, in the language’s own clock', () => {
    expect(formatDateTime(LEAD_ARRIVED, 'en', 'UTC')).toBe('Mar 12, 2026, 3:04 PM')
    expect(formatDateTime(LEAD_ARRIVED, 'pt', 'UTC')).toBe('12 de mar. de 2026, 15:04')
    expect(formatDateTime(LEAD_ARRIVED, 'fr', 'UTC')).toBe('12 mars 2026, 15:04')
    expect(formatTime(LEAD_ARRIVED, 'es', 'UTC')).toBe('15:04')
  })

  it('shows a moment in the zone it is asked for: the same lead arrived on the 12th in Lisbon and São Paulo', () => {
    expect(formatDateTime('2026-03-13T01:30:00Z', 'pt', 'America/Sao_Paulo')).toBe('12 de mar. de 2026, 22:30')
    expect(formatDateTime('2026-03-13T01:30:00Z', 'pt', 'Europe/Lisbon')).toBe('13 de mar. de 2026, 01:30')
  })

  it('keeps a calendar day (a show’s) and a wall-clock time (an event’s start) as written, in any zone', () => {
    expect(formatDay('2026-07-14', 'en')).toBe('Jul 14, 2026')
    expect(formatDay('2026-07-14', 'fr')).toBe('14 juil. 2026')
    expect(formatWallClock('2026-07-14T21:00:00.000Z', 'en')).toBe('Jul 14, 2026, 9:00 PM')
    expect(formatWallClock(new Date('2026-07-14T21:00:00Z'), 'es')).toBe('14 jul 2026, 21:00')
  })

  it('says how long ago in minutes, then hours, then days, in words where the language has them ("yesterday")', () => {
    const now = Date.parse(LEAD_ARRIVED)
    expect(formatTimeAgo(now - 3 * 60_000, 'en', now)).toBe('3 minutes ago')
    expect(formatTimeAgo(now - 2 * 3_600_000, 'pt', now)).toBe('há 2 horas')
    expect(formatTimeAgo(now - 26 * 3_600_000, 'en', now)).toBe('yesterday')
    expect(formatTimeAgo(now - 3 * 86_400_000, 'fr', now)).toBe('il y a 3 jours')
    expect(formatTimeAgo(now - 20_000, 'es', now)).toBe('este minuto')
  })
})
