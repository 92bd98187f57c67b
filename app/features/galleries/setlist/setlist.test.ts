import { describe, expect, it } from 'vitest'
import {
  assignChapters,
  emptyChapters,
  formatClockShift,
  MORE_SONG,
  parseClockShift,
  parseSetlist,
  songOfChapter,
  songOfChapterKey,
  venueClockOf,
  zoneOffsetMinutes,
} from './setlist'

const start = new Date('2026-07-14T21:00:00Z') // 21:00 at the venue

describe('reading a pasted set-list', () => {
  it('reads clock times, times after the start, and songs after midnight', () => {
    const { songs, problems } = parseSetlist(
      '21:04 Opening\n\n+0:12 Second one\n23:58 - Late\n00:03 After midnight\n',
      start,
    )
    expect(problems).toEqual([])
    expect(songs).toEqual([
      { title: 'Opening', startsAt: '2026-07-14T21:04:00.000Z' },
      { title: 'Second one', startsAt: '2026-07-14T21:12:00.000Z' },
      { title: 'Late', startsAt: '2026-07-14T23:58:00.000Z' },
      { title: 'After midnight', startsAt: '2026-07-15T00:03:00.000Z' },
    ])
  })

  it('names the line of each problem', () => {
    const { problems } = parseSetlist(
      '21:04 Fine\nno time here\n25:00 Impossible\n21:30\n+0:02 Before the one above',
      start,
    )
    expect(problems).toEqual([
      { line: 2, key: 'setlist.errors.noTime' },
      { line: 3, key: 'setlist.errors.badTime' },
      { line: 4, key: 'setlist.errors.noTitle' },
      { line: 5, key: 'setlist.errors.order' },
    ])
    expect(parseSetlist('+0:05 Needs a start', null).problems).toEqual([
      { line: 1, key: 'setlist.errors.relativeNeedsStart' },
    ])
  })

  it('reads clock shifts both ways and refuses nonsense', () => {
    expect(parseClockShift('+0:05')).toBe(300)
    expect(parseClockShift('-1:00:30')).toBe(-3630)
    expect(parseClockShift('')).toBe(0)
    expect(parseClockShift('25:00')).toBeNull()
    expect(parseClockShift('soon')).toBeNull()
    expect(formatClockShift(-3630)).toBe('-1:00:30')
    expect(parseClockShift(formatClockShift(300))).toBe(300)
  })
})

describe('placing items in songs', () => {
  const setlist = {
    songs: parseSetlist('21:04 One\n21:10 Two\n21:20 Three', start).songs,
    timeZone: 'Europe/Lisbon',
    clockShiftSeconds: 0,
  }

  it('uses the camera offset, the venue zone for true instants, and the last song’s length', () => {
    expect(zoneOffsetMinutes('Europe/Lisbon', Date.parse('2026-07-14T20:00:00Z'))).toBe(60)
    expect(zoneOffsetMinutes('America/Sao_Paulo', Date.parse('2026-07-14T20:00:00Z'))).toBe(-180)
    const items = [
      { id: 'wall-clock', capturedAt: '2026-07-14T21:05:00Z', captureOffsetMinutes: null }, // camera clock, no zone: 21:05
      { id: 'with-offset', capturedAt: '2026-07-14T20:11:00Z', captureOffsetMinutes: 60 }, // 21:11 in Lisbon
      { id: 'video-utc', capturedAt: '2026-07-14T20:25:00Z', captureOffsetMinutes: 0 }, // 21:25 in Lisbon
      { id: 'after-show', capturedAt: '2026-07-14T21:50:00Z', captureOffsetMinutes: null },
      { id: 'before-show', capturedAt: '2026-07-14T20:30:00Z', captureOffsetMinutes: null },
      { id: 'unknown', capturedAt: null, captureOffsetMinutes: null },
    ]
    const chapters = assignChapters(setlist, items)
    expect(chapters.map((chapter) => [chapter.key, chapter.itemIds])).toEqual([
      ['1', ['wall-clock']],
      ['2', ['with-offset']],
      ['3', ['video-utc']],
      ['more', ['after-show', 'before-show', 'unknown']],
    ])
    expect(venueClockOf(items[1], setlist)).toBe(Date.parse('2026-07-14T21:11:00Z'))
  })

  it('moves every item by the clock shift', () => {
    const items = [{ id: 'late-camera', capturedAt: '2026-07-14T21:07:00Z', captureOffsetMinutes: null }]
    expect(assignChapters(setlist, items)[0].itemIds).toEqual(['late-camera'])
    const shifted = assignChapters({ ...setlist, clockShiftSeconds: 5 * 60 }, items)
    expect(shifted[1].itemIds).toEqual(['late-camera'])
  })
})

describe('the song a chapter link names', () => {
  const setlist = { songs: parseSetlist('21:04 One\n21:10 Two', start).songs }

  it('reads a song number or the closing chapter, and nothing else', () => {
    expect(songOfChapterKey('2')).toBe(2)
    expect(songOfChapterKey(' MORE ')).toBe(MORE_SONG)
    for (const key of ['0', '-1', '1.5', '02', 'two', '', null]) expect(songOfChapterKey(key)).toBeNull()
  })

  it('names a song only when the set-list has it: otherwise the whole gallery is shown', () => {
    expect(songOfChapter(setlist, '2')).toBe(2)
    expect(songOfChapter(setlist, 'more')).toBe(MORE_SONG)
    expect(songOfChapter(setlist, '3')).toBeUndefined()
    expect(songOfChapter(null, '1')).toBeUndefined()
    expect(songOfChapter({ songs: [] }, 'more')).toBeUndefined()
    expect(emptyChapters(setlist).map((chapter) => chapter.key)).toEqual(['1', '2', 'more'])
  })
})
