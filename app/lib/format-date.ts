/*
 * Dates as the product shows them, in the reader's language (ADR 110): one format for each kind
 * of date, so that a lead's arrival, an invoice, a gallery's show day and a reminder e-mail read
 * alike on every screen. Components take them through useDateFormat (use-date-format.ts), which
 * adds the reader's time zone; the server (e-mails, a fans' page loader) calls these directly.
 */

/** A moment as the app carries it: a Date, or its ISO text or milliseconds once serialised into a page's data. */
export type Moment = Date | string | number

/** The medium date style reads the same in a table cell on a phone and in a sentence ("12 mars 2025"). */
const DATE: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }
const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }
const TIME: Intl.DateTimeFormatOptions = { timeStyle: 'short' }

// Intl's formats are costly to build and a page formats dozens of dates in a few shapes: one per shape, language and zone.
const formats = new Map<string, Intl.DateTimeFormat>()

function formatOf(kind: string, options: Intl.DateTimeFormatOptions, language: string, timeZone: string | undefined) {
  const key = `${kind}|${language}|${timeZone ?? ''}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(language, { ...options, timeZone })
    formats.set(key, format)
  }
  return format
}

/**
 * The day of a moment (a renewal, when a member joined), in `timeZone`: the reader's own when
 * left out, which only a browser knows; the server passes 'UTC' (see useLocalTimeZone).
 */
export function formatDate(moment: Moment, language: string, timeZone?: string) {
  return formatOf('date', DATE, language, timeZone).format(new Date(moment))
}

/** A moment to the minute (when a lead arrived, a webhook was sent), in `timeZone` as for formatDate. */
export function formatDateTime(moment: Moment, language: string, timeZone?: string) {
  return formatOf('dateTime', DATE_TIME, language, timeZone).format(new Date(moment))
}

/** The time of a moment alone (a status check a minute ago), in `timeZone` as for formatDate. */
export function formatTime(moment: Moment, language: string, timeZone?: string) {
  return formatOf('time', TIME, language, timeZone).format(new Date(moment))
}

/**
 * A calendar day written YYYY-MM-DD (the day a show happened): the same day wherever it is read,
 * because it names a day, not a moment. JavaScript reads a date-only ISO text as UTC midnight.
 */
export function formatDay(day: string, language: string) {
  return formatDate(day, language, 'UTC')
}

/**
 * An event's start as the company typed it: a wall-clock time stored without a zone (as UTC),
 * shown as typed to every reader, wherever they are.
 */
export function formatWallClock(moment: Moment, language: string) {
  return formatDateTime(moment, language, 'UTC')
}

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** How long ago (or how soon) `moment` is from `now`: "3 minutes ago", "yesterday", "in 2 hours". */
export function formatTimeAgo(moment: Moment, language: string, now: number = Date.now()) {
  const relative = new Intl.RelativeTimeFormat(language, { numeric: 'auto' })
  const difference = new Date(moment).getTime() - now
  if (Math.abs(difference) < HOUR) return relative.format(Math.round(difference / MINUTE), 'minute')
  if (Math.abs(difference) < DAY) return relative.format(Math.round(difference / HOUR), 'hour')
  return relative.format(Math.round(difference / DAY), 'day')
}
