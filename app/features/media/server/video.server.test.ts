import { describe, expect, it } from 'vitest'
import { parseVideoFacts } from './video.server'

const LANDSCAPE = `Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'clip.mp4':
  Duration: 00:01:03.52, start: 0.000000, bitrate: 2035 kb/s
    Stream #0:0(und): Video: h264 (High) (avc1 / 0x31637661), yuv420p, 1920x1080 [SAR 1:1 DAR 16:9], 1900 kb/s, 29.97 fps
    Stream #0:1(und): Audio: aac (LC) (mp4a / 0x6134706D), 48000 Hz, stereo, fltp, 128 kb/s`

const PHONE = `  Duration: 00:00:07.10, start: 0.000000, bitrate: 9120 kb/s
    Stream #0:0(eng): Video: hevc (Main) (hvc1 / 0x31637668), yuv420p(tv, bt709), 1920x1080, 9000 kb/s, 30 fps
    Metadata:
      rotate          : 90`

describe("reading a video's facts from ffmpeg", () => {
  it('gets duration and picture size', () => {
    expect(parseVideoFacts(LANDSCAPE)).toEqual({
      durationMs: 63_520,
      width: 1920,
      height: 1080,
      capturedAt: null,
      captureOffsetMinutes: null,
    })
  })

  it('turns the size of a phone video recorded upright', () => {
    expect(parseVideoFacts(PHONE)).toEqual({
      durationMs: 7_100,
      width: 1080,
      height: 1920,
      capturedAt: null,
      captureOffsetMinutes: null,
    })
  })

  it('reports nothing it cannot read', () => {
    expect(parseVideoFacts('Invalid data found when processing input')).toEqual({
      durationMs: null,
      width: null,
      height: null,
      capturedAt: null,
      captureOffsetMinutes: null,
    })
  })

  it('reads when it was recorded: a phone’s own date with its offset, else the UTC creation time', () => {
    const utc = `  Metadata:\n    creation_time   : 2026-07-14T20:25:00.000000Z\n${LANDSCAPE}`
    expect(parseVideoFacts(utc)).toMatchObject({
      capturedAt: new Date('2026-07-14T20:25:00Z'),
      captureOffsetMinutes: 0,
    })
    const phone = `    com.apple.quicktime.creationdate: 2026-07-14T21:25:00+0100\n    creation_time   : 2026-07-14T20:25:03.000000Z\n${PHONE}`
    expect(parseVideoFacts(phone)).toMatchObject({
      capturedAt: new Date('2026-07-14T20:25:00Z'),
      captureOffsetMinutes: 60,
    })
    expect(parseVideoFacts(`    creation_time   : 1970-01-01T00:00:00.000000Z\n${LANDSCAPE}`)).toMatchObject({
      capturedAt: null,
    })
  })
})
