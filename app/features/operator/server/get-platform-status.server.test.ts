import { describe, expect, it } from 'vitest'
import { ffmpegCheckOf } from './get-platform-status.server'

const SYSTEM_FFMPEG = '/usr/bin/ffmpeg'
const BUNDLED = '/app/node_modules/@ffmpeg-installer/linux-x64/ffmpeg'

describe("the status page's ffmpeg check", () => {
  const debian = { path: SYSTEM_FFMPEG, source: 'system' as const, version: '5.1.9-0+deb12u1' }
  const bundled = { path: BUNDLED, source: 'bundled' as const, version: 'N-47683-g0e8eb07980-static' }

  it('needs attention while the old bundled build is the one in use', () => {
    expect(ffmpegCheckOf(bundled, 'now')).toMatchObject({
      level: 'warning',
      detail: { key: 'ffmpegBundled', values: { version: bundled.version, path: BUNDLED } },
    })
  })

  it('names the version of a maintained build, and fails when there is no ffmpeg at all', () => {
    expect(ffmpegCheckOf(debian, 'now')).toMatchObject({
      level: 'ok',
      detail: { key: 'ffmpegSystem', values: { version: '5.1.9-0+deb12u1', path: SYSTEM_FFMPEG } },
    })
    expect(ffmpegCheckOf({ ...debian, source: 'override' }, 'now')).toMatchObject({
      level: 'ok',
      detail: { key: 'ffmpegOverride' },
    })
    expect(ffmpegCheckOf(null, 'now')).toMatchObject({ level: 'error', detail: { key: 'ffmpegMissing' } })
  })
})
