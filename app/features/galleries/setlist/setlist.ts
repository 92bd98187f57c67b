/*
 * Set-list chapters (issue 18, ADR 061). Times of a show are the venue's wall clock kept as if it
 * were UTC, as event start times are (events.schema.ts): "21:04" reads 21:04 for everyone. A
 * photo whose camera said its UTC offset (or a video, whose creation time is UTC) is brought to
 * that clock through the show's time zone; a photo without one already is on a wall clock.
 * Shared by the server (authoritative) and the admin's panel (live validation and preview).
 */

import type { SetlistSong, StoredSetlist } from '#db/json-columns'

export type { SetlistSong, StoredSetlist }

export const MAX_SONGS = 150
export const MAX_TITLE_LENGTH = 200
/** Largest clock shift the company can set: a camera a whole day off, either way. */
export const MAX_CLOCK_SHIFT_SECONDS = 24 * 3600
/** The last song has no next one to end it: photos up to this long after its start are in it. */
export const LAST_SONG_MINUTES = 15
/** A first song this much before the show's start is taken to be after midnight. */
const EARLY_TOLERANCE_MS = 2 * 3600_000
/** A set-list spanning more than this from its show's start is a typing mistake. */
const MAX_SPAN_MS = 16 * 3600_000

export type SetlistProblem = { line: number; key: string }
export type ParsedSetlist = { songs: SetlistSong[]; problems: SetlistProblem[] }

const ABSOLUTE = /^(\d{1,2})[:.h](\d{2})(?::(\d{2}))?(?:\s*[-–—.)]?\s+(.*))?$/
const RELATIVE = /^\+\s*(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\s*[-–—.)]?\s+(.*))?$/

/**
 * Reads a pasted set-list, one song a line: "21:04 Title" (the venue's clock; a time earlier than
 * the one before is after midnight) or "+0:12 Title" (hours:minutes after the show's start).
 * Blank lines are skipped; each other line either gives a song or a problem naming its line.
 */
export function parseSetlist(text: string, showStartsAt: Date | null): ParsedSetlist {
  const songs: SetlistSong[] = []
  const problems: SetlistProblem[] = []
  let previous: number | null = null
  const lines = text.replace(/\r\n?/g, '\n').split('\n')
  lines.forEach((raw, index) => {
    const line = raw.trim()
    const number = index + 1
    if (!line) return
    const relative = RELATIVE.exec(line)
    const absolute = relative ? null : ABSOLUTE.exec(line)
    const match = relative ?? absolute
    if (!match) return problems.push({ line: number, key: 'setlist.errors.noTime' })
    const [hours, minutes, seconds] = [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)]
    const title = (match[4] ?? '').trim()
    if (minutes > 59 || seconds > 59 || (absolute && hours > 23))
      return problems.push({ line: number, key: 'setlist.errors.badTime' })
    if (!title) return problems.push({ line: number, key: 'setlist.errors.noTitle' })
    if (title.length > MAX_TITLE_LENGTH) return problems.push({ line: number, key: 'setlist.errors.titleLength' })
    if (!showStartsAt)
      return problems.push({
        line: number,
        key: relative ? 'setlist.errors.relativeNeedsStart' : 'setlist.errors.needsStart',
      })
    const start = showStartsAt.getTime()
    const offset = ((hours * 60 + minutes) * 60 + seconds) * 1000
    let at: number
    if (relative) {
      at = start + offset
    } else {
      const day = new Date(previous ?? start)
      at = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()) + offset
      // A clock time before the one before it (or well before the show) is after midnight.
      if (previous === null ? at < start - EARLY_TOLERANCE_MS : at < previous) at += 24 * 3600_000
    }
    if (previous !== null && at < previous) return problems.push({ line: number, key: 'setlist.errors.order' })
    if (at - start > MAX_SPAN_MS) return problems.push({ line: number, key: 'setlist.errors.tooLate' })
    previous = at
    songs.push({ title, startsAt: new Date(at).toISOString() })
  })
  if (songs.length > MAX_SONGS) problems.push({ line: lines.length, key: 'setlist.errors.tooMany' })
  return { songs, problems }
}

/** Whether `zone` is a time zone this runtime knows. */
export function isTimeZone(zone: string) {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return zone.length > 0 && zone.length <= 64
  } catch {
    return false
  }
}

/** The zone's offset from UTC at that instant, in minutes (e.g. 60 for Lisbon in summer). */
export function zoneOffsetMinutes(timeZone: string, instant: number) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, Number(part.value)]),
  )
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second)
  return Math.round((wall - Math.floor(instant / 1000) * 1000) / 60_000)
}

export type CaptureFacts = { id: string; capturedAt: Date | string | null; captureOffsetMinutes: number | null }

/** When the item was taken on the venue's wall clock (ms, UTC form), with the company's shift; null when unknown. */
export function venueClockOf(
  item: Omit<CaptureFacts, 'id'>,
  setlist: Pick<StoredSetlist, 'timeZone' | 'clockShiftSeconds'>,
  shiftSeconds = setlist.clockShiftSeconds,
) {
  if (!item.capturedAt) return null
  const taken = new Date(item.capturedAt).getTime()
  if (Number.isNaN(taken)) return null
  const wall = item.captureOffsetMinutes === null ? taken : taken + zoneOffsetMinutes(setlist.timeZone, taken) * 60_000
  return wall + shiftSeconds * 1000
}

/** A chapter of the fans' gallery: a song (number from 1), or the closing "more from the night". */
export type Chapter = {
  key: string
  number: number | null
  title: string | null
  startsAt: string | null
  itemIds: string[]
}

export const MORE_CHAPTER = 'more'

/** `assets.setlist_song` of the closing chapter, "more from the night" (songs count from 1). */
export const MORE_SONG = 0

/** The set-list's chapters with no files in them yet: its songs, then the closing "more from the night". */
export function emptyChapters(setlist: Pick<StoredSetlist, 'songs'>): Chapter[] {
  const songs = setlist.songs.map((song, index) => ({
    key: String(index + 1),
    number: index + 1,
    title: song.title,
    startsAt: song.startsAt,
    itemIds: [] as string[],
  }))
  return [...songs, { key: MORE_CHAPTER, number: null, title: null, startsAt: null, itemIds: [] }]
}

/** The song (`assets.setlist_song`) a chapter's key names in a link (`?chapter=3`, `?chapter=more`); null for anything else. */
export function songOfChapterKey(key: string | null | undefined) {
  const wanted = key?.trim().toLowerCase()
  if (wanted === MORE_CHAPTER) return MORE_SONG
  return wanted && /^[1-9]\d{0,2}$/.test(wanted) ? Number(wanted) : null
}

/** The song a `?chapter=` value names in this set-list; undefined when it names none (the whole gallery is shown). */
export function songOfChapter(setlist: Pick<StoredSetlist, 'songs'> | null, wanted: string | null | undefined) {
  const song = setlist && setlist.songs.length > 0 ? songOfChapterKey(wanted) : null
  return song !== null && song <= (setlist?.songs.length ?? 0) ? song : undefined
}

/**
 * Places each item in the song during which it was taken: from a song's start to the next one's
 * (the last lasts LAST_SONG_MINUTES). Items taken outside every song, or with no capture time, go
 * to the final chapter. Items keep the order they are given in (the gallery's).
 */
export function assignChapters(
  setlist: Pick<StoredSetlist, 'songs' | 'timeZone' | 'clockShiftSeconds'>,
  items: CaptureFacts[],
  shiftSeconds = setlist.clockShiftSeconds,
): Chapter[] {
  const starts = setlist.songs.map((song) => new Date(song.startsAt).getTime())
  const chapters: Chapter[] = setlist.songs.map((song, index) => ({
    key: String(index + 1),
    number: index + 1,
    title: song.title,
    startsAt: song.startsAt,
    itemIds: [],
  }))
  const more: Chapter = { key: MORE_CHAPTER, number: null, title: null, startsAt: null, itemIds: [] }
  for (const item of items) {
    const at = venueClockOf(item, setlist, shiftSeconds)
    const index = at === null ? -1 : songIndexAt(starts, at)
    ;(index >= 0 ? chapters[index] : more).itemIds.push(item.id)
  }
  return [...chapters, more]
}

function songIndexAt(starts: number[], at: number) {
  for (let index = starts.length - 1; index >= 0; index--) {
    if (at < starts[index]) continue
    const end = index + 1 < starts.length ? starts[index + 1] : starts[index] + LAST_SONG_MINUTES * 60_000
    return at < end ? index : -1
  }
  return -1
}

/** The chapter a `?chapter=` value names ("3", "more"), if the set-list has it. */
export function findChapter(chapters: Chapter[], wanted: string | null | undefined) {
  const song = songOfChapterKey(wanted)
  return song === null ? null : (chapters.find((chapter) => (chapter.number ?? MORE_SONG) === song) ?? null)
}

/** "+1:30", "-0:05:30" → seconds; null for anything else. Hours up to 24. */
export function parseClockShift(text: string): number | null {
  const match = /^([+-])?\s*(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim())
  if (!match) return text.trim() === '' || text.trim() === '0' ? 0 : null
  const [hours, minutes, seconds] = [Number(match[2]), Number(match[3]), Number(match[4] ?? 0)]
  if (minutes > 59 || seconds > 59) return null
  const total = (hours * 3600 + minutes * 60 + seconds) * (match[1] === '-' ? -1 : 1)
  return Math.abs(total) > MAX_CLOCK_SHIFT_SECONDS ? null : total
}

/** Seconds → "+1:30" / "-0:05:30", as parseClockShift reads it. */
export function formatClockShift(seconds: number) {
  const sign = seconds < 0 ? '-' : '+'
  const value = Math.abs(seconds)
  const [h, m, s] = [Math.floor(value / 3600), Math.floor((value % 3600) / 60), value % 60]
  return `${sign}${h}:${String(m).padStart(2, '0')}${s ? `:${String(s).padStart(2, '0')}` : ''}`
}

/** "21:04" of a venue wall-clock ISO time. */
export function clockTimeOf(iso: string) {
  return iso.slice(11, 16)
}
