import { describe, expect, it } from 'vitest'
import {
  chooseFfmpeg,
  FfmpegPathError,
  ffmpegStartNotice,
  parseFfmpegVersion,
  SYSTEM_FFMPEG,
} from './ffmpeg-binary.server'

const BUNDLED = '/app/node_modules/@ffmpeg-installer/linux-x64/ffmpeg'

/** A machine on which exactly `present` can be run. */
function machine(present: string[]) {
  return { isExecutable: (file: string) => present.includes(file), bundled: () => BUNDLED }
}

describe('choosing the ffmpeg that decodes uploads', () => {
  it("takes Debian's packaged ffmpeg whenever it is installed, before anything on PATH or the bundled build", () => {
    expect(
      chooseFfmpeg({
        env: { PATH: '/usr/local/bin:/usr/bin' },
        ...machine([SYSTEM_FFMPEG, '/usr/local/bin/ffmpeg', BUNDLED]),
      }),
    ).toEqual({ path: SYSTEM_FFMPEG, source: 'system' })
  })

  it('takes FFMPEG_PATH over everything, and refuses one that cannot be run', () => {
    expect(
      chooseFfmpeg({
        env: { FFMPEG_PATH: '/opt/ffmpeg-7/bin/ffmpeg' },
        ...machine([SYSTEM_FFMPEG, '/opt/ffmpeg-7/bin/ffmpeg']),
      }),
    ).toEqual({ path: '/opt/ffmpeg-7/bin/ffmpeg', source: 'override' })
    expect(() => chooseFfmpeg({ env: { FFMPEG_PATH: '/opt/missing/ffmpeg' }, ...machine([SYSTEM_FFMPEG]) })).toThrow(
      FfmpegPathError,
    )
  })

  it('finds a system ffmpeg on PATH (Homebrew, /usr/local), never one inside node_modules or a relative directory', () => {
    expect(
      chooseFfmpeg({ env: { PATH: '/opt/homebrew/bin:/usr/bin' }, ...machine(['/opt/homebrew/bin/ffmpeg', BUNDLED]) }),
    ).toEqual({ path: '/opt/homebrew/bin/ffmpeg', source: 'system' })
    expect(
      chooseFfmpeg({
        env: { PATH: '/app/node_modules/.bin:bin' },
        ...machine(['/app/node_modules/.bin/ffmpeg', 'bin/ffmpeg', BUNDLED]),
      }),
    ).toEqual({ path: BUNDLED, source: 'bundled' })
  })

  it('falls back to the bundled build only when there is no other, and to nothing when that is missing too', () => {
    expect(chooseFfmpeg({ env: { PATH: '/usr/bin' }, ...machine([BUNDLED]) })).toEqual({
      path: BUNDLED,
      source: 'bundled',
    })
    expect(chooseFfmpeg({ env: {}, ...machine([]) })).toBeNull()
    expect(chooseFfmpeg({ env: {}, isExecutable: () => false, bundled: () => null })).toBeNull()
  })

  it('reads the version from both builds', () => {
    expect(
      parseFfmpegVersion(
        'ffmpeg version 5.1.9-0+deb12u1 Copyright (c) 2000-2026 the FFmpeg developers\nbuilt with gcc 12',
      ),
    ).toBe('5.1.9-0+deb12u1')
    expect(
      parseFfmpegVersion('ffmpeg version N-47683-g0e8eb07980-static https://johnvansickle.com/ffmpeg/  Copyright (c)'),
    ).toBe('N-47683-g0e8eb07980-static')
    expect(parseFfmpegVersion('bash: ffmpeg: command not found')).toBeNull()
  })
})

describe('what the start says of the ffmpeg in use', () => {
  it('warns when the old bundled build is the one in use, and names the version of a maintained one', () => {
    expect(
      ffmpegStartNotice({ path: BUNDLED, source: 'bundled', version: 'N-47683-g0e8eb07980-static' }),
    ).toMatchObject({
      level: 'warn',
      message: expect.stringContaining('old bundled build'),
    })
    expect(ffmpegStartNotice({ path: SYSTEM_FFMPEG, source: 'system', version: '5.1.9-0+deb12u1' })).toEqual({
      level: 'info',
      message: 'ffmpeg 5.1.9-0+deb12u1 (/usr/bin/ffmpeg) decodes uploaded videos',
    })
    expect(ffmpegStartNotice(null).level).toBe('error')
  })
})
