import { z } from 'zod'

/*
 * The admin's analytics range, as the URL carries it: `?range=7|30|90` (the last N UTC days,
 * today included) or `?range=custom&from=YYYY-MM-DD&to=YYYY-MM-DD`. The previous period is the
 * same number of days just before, so every figure can be compared with it.
 */

export const PRESET_DAYS = [7, 30, 90] as const
export const DEFAULT_DAYS = 30

export type AnalyticsRange = { preset: '7' | '30' | '90' | 'custom'; from: string; to: string }

const DAY = 86_400_000
const iso = (at: number) => new Date(at).toISOString().slice(0, 10)

/** The last `days` UTC days up to today. */
export function lastDays(days: number, now = new Date()): { from: string; to: string } {
  const today = Date.parse(iso(now.getTime()))
  return { from: iso(today - (days - 1) * DAY), to: iso(today) }
}

const ZQuery = z.object({
  range: z.enum(['7', '30', '90', 'custom']).catch(String(DEFAULT_DAYS) as '30'),
  from: z.iso.date().optional().catch(undefined),
  to: z.iso.date().optional().catch(undefined),
})

/**
 * The range a URL asks for. Unknown presets fall back to 30 days; a custom range is passed on as
 * written, so the reader refuses a reversed or too long one with its own message.
 */
export function readAnalyticsRange(url: URL, now = new Date()): AnalyticsRange {
  const query = ZQuery.parse(Object.fromEntries(url.searchParams))
  if (query.range === 'custom' && query.from && query.to) return { preset: 'custom', from: query.from, to: query.to }
  // `from`/`to` alone (the CSV link) make a custom range too.
  if (!url.searchParams.has('range') && query.from && query.to)
    return { preset: 'custom', from: query.from, to: query.to }
  const preset = query.range === 'custom' ? String(DEFAULT_DAYS) : query.range
  return { preset: preset as AnalyticsRange['preset'], ...lastDays(Number(preset), now) }
}

/** The days just before the range, as many as it has. */
export function previousPeriod(range: { from: string; to: string }): { from: string; to: string } {
  const length = Math.max(Date.parse(range.to) - Date.parse(range.from), 0) + DAY
  return { from: iso(Date.parse(range.from) - length), to: iso(Date.parse(range.from) - DAY) }
}

/** The relative change from `before` to `now`, or null when there is nothing to compare with. */
export function changeOf(now: number, before: number): number | null {
  if (before === 0) return now === 0 ? 0 : null
  return (now - before) / before
}

/** The query string of a range, for links and the CSV. */
export function rangeQuery(range: AnalyticsRange) {
  return range.preset === 'custom' ? `range=custom&from=${range.from}&to=${range.to}` : `range=${range.preset}`
}
