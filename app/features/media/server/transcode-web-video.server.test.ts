import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ffmpegPath } from './ffmpeg-binary.server'
import { runFfmpegOnUpload } from './run-ffmpeg-on-upload.server'
import { transcodeWebVideo, webVideoOutputArguments } from './transcode-web-video.server'

const ffmpeg = (args: string[]) =>
  promisify(execFile)(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-y', ...args])

/** ffmpeg's own description of a file (what probeVideo reads). */
async function describeFile(file: string) {
  return (await runFfmpegOnUpload(file, {})).stderr
}

describe("a video's web version", { timeout: 60_000 }, () => {
  let dir = ''
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'afterglow-web-video-'))
  })
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true })
  })

  /** A one-second test pattern of `size`, with a tone unless `silent`, tagged with a phone's location. */
  async function clip(name: string, size: string, { silent = false } = {}) {
    const file = path.join(dir, name)
    await ffmpeg([
      '-f',
      'lavfi',
      '-i',
      `testsrc2=size=${size}:rate=25:duration=1`,
      ...(silent ? [] : ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-c:a', 'aac']),
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-metadata',
      'location=+38.7223-009.1393/',
      file,
    ])
    return file
  }

  it('is H.264 and AAC in an MP4 at most 1920 px on its long side, never enlarged, without the original’s metadata', async () => {
    const large = await clip('large.mp4', '2560x1440')
    expect(await describeFile(large)).toContain('+38.7223-009.1393')
    const out = path.join(dir, 'large-web.mp4')
    await transcodeWebVideo(large, out)
    const made = await describeFile(out)
    expect(made).toMatch(/Video: h264 \(High\)[^\n]*1920x1080/)
    expect(made).toMatch(/Audio: aac/)
    expect(made).not.toContain('+38.7223-009.1393')
    // The index at the front: a player starts at once.
    const bytes = await fs.readFile(out)
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'))

    const small = await clip('small.mp4', '641x361', { silent: true })
    const smallOut = path.join(dir, 'small-web.mp4')
    await transcodeWebVideo(small, smallOut)
    const smallMade = await describeFile(smallOut)
    // Not enlarged; an odd size is brought to the even one H.264's 4:2:0 pictures need; no sound stays no sound.
    expect(smallMade).toMatch(/Video: h264[^\n]*640x360/)
    expect(smallMade).not.toMatch(/Audio:/)
  })

  it('turns a phone video upright, so its web version plays the right way up everywhere', async () => {
    const lying = await clip('lying.mp4', '1280x720', { silent: true })
    const phone = path.join(dir, 'phone.mov')
    // How a phone records upright: landscape pixels and a rotation to show them with.
    await ffmpeg(['-i', lying, '-c', 'copy', '-metadata:s:v:0', 'rotate=90', phone])
    expect(await describeFile(phone)).toMatch(/rotation of -?90/)
    const out = path.join(dir, 'phone-web.mp4')
    await transcodeWebVideo(phone, out)
    const made = await describeFile(out)
    expect(made).toMatch(/Video: h264[^\n]*720x1280/)
    expect(made).not.toMatch(/rotation of/)
  })

  it('says why when the file is no video', async () => {
    const broken = path.join(dir, 'broken.mp4')
    await fs.writeFile(
      broken,
      Buffer.concat([Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'), Buffer.alloc(4096, 7)]),
    )
    await expect(transcodeWebVideo(broken, path.join(dir, 'broken-web.mp4'))).rejects.toThrow(/^No web version: /)
  })

  it('writes only to the file it is given, spelled as a file', () => {
    const args = webVideoOutputArguments('/tmp/job/http://evil.mp4')
    expect(args.at(-1)).toBe('file:/tmp/job/http://evil.mp4')
    expect(args.slice(args.indexOf('-map_metadata'), args.indexOf('-map_metadata') + 2)).toEqual([
      '-map_metadata',
      '-1',
    ])
  })
})
