import { execFile, execFileSync } from 'node:child_process'
import fs from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assetRendition, contentItem } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { ffmpegPath } from '#app/features/media/server/ffmpeg-binary.server'
import {
  FfmpegTimeoutError,
  runFfmpegOnUpload,
  UPLOAD_LIMITS,
} from '#app/features/media/server/run-ffmpeg-on-upload.server'
import { extractPoster, probeVideo } from '#app/features/media/server/video.server'
import { waitForAsset } from '../support/assets'
import { createCompanyAdmin } from '../support/fixtures'
import { tusUpload } from '../support/tus'
import { waitUntil } from '../support/wait'

describe('video processing', () => {
  it('reads duration and size of an uploaded video and makes its poster renditions', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'afterglow-video-test-'))
    const file = path.join(dir, 'clip.mp4')
    execFileSync(ffmpegPath(), [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=3:size=640x360:rate=25',
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      '-movflags',
      '+faststart',
      file,
    ])
    const bytes = await fs.readFile(file)
    await fs.rm(dir, { recursive: true, force: true })

    const admin = await createCompanyAdmin('video')
    const [gallery] = await withSystem((tx) =>
      tx.insert(contentItem).values({ companyId: admin.company.id, kind: 'gallery', title: 'Clips' }).returning(),
    )
    const uploaded = await tusUpload(admin.client, bytes, {
      filename: 'clip.mp4',
      purpose: 'gallery-media',
      contentItemId: gallery.id,
    })
    const assetId = (uploaded as { assetId: string }).assetId
    const row = await waitForAsset(
      assetId,
      (done) => done.processingStatus === 'ready' || done.processingStatus === 'failed',
    )
    expect(row).toMatchObject({
      mediaType: 'video',
      processingStatus: 'ready',
      width: 640,
      height: 360,
      optimized: true,
    })
    expect(row!.durationMs).toBeGreaterThanOrEqual(2900)
    expect(row!.durationMs).toBeLessThanOrEqual(3100)
    const renditions = await withSystem((tx) =>
      tx.select().from(assetRendition).where(eq(assetRendition.assetId, assetId)),
    )
    expect(renditions.map((r) => `${r.rendition}.${r.format}:${r.width}x${r.height}`).sort()).toEqual(
      ['w400.webp:400x225', 'w1200.jpeg:640x360'].sort(),
    )
  })
})

describe('ffmpeg on an uploaded file is fenced in', () => {
  let dir = ''
  /** A web server standing for any address a crafted file could name; it records who came. */
  let server: http.Server
  const asked: string[] = []
  let origin = ''

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'afterglow-ffmpeg-fence-'))
    server = http.createServer((req, res) => {
      asked.push(req.url ?? '')
      res.writeHead(404).end()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve))
    await fs.rm(dir, { recursive: true, force: true })
  })

  it('kills a run that outlasts its time, and runs it under the kernel limits on CPU time and address space', async () => {
    // An input that never ends: a pipe nobody writes to.
    const stalled = path.join(dir, 'stalled.mp4')
    execFileSync('mkfifo', [stalled])
    let pid = 0
    const run = runFfmpegOnUpload(stalled, {
      limits: { timeoutMs: 5_000 },
      onStart: (started) => (pid = started),
    })
    const outcome = run.catch((error: unknown) => error)
    // The shell sets the limits on itself, then becomes ffmpeg: the same process, limits kept.
    const limits = await waitUntil(async () => {
      const [cmdline, text] = await Promise.all([
        fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => ''),
        fs.readFile(`/proc/${pid}/limits`, 'utf8').catch(() => ''),
      ])
      return cmdline.startsWith(ffmpegPath()) ? text : null
    })
    expect(limits).toMatch(
      new RegExp(`Max cpu time\\s+${UPLOAD_LIMITS.cpuSeconds}\\s+${UPLOAD_LIMITS.cpuSeconds}\\s+seconds`),
    )
    expect(limits).toMatch(
      new RegExp(
        `Max address space\\s+${UPLOAD_LIMITS.addressSpaceBytes}\\s+${UPLOAD_LIMITS.addressSpaceBytes}\\s+bytes`,
      ),
    )
    const error = await outcome
    expect(error).toBeInstanceOf(FfmpegTimeoutError)
    // Killed and reaped: no such process any more.
    expect(() => process.kill(pid, 0)).toThrow(expect.objectContaining({ code: 'ESRCH' }))
  })

  it('stops a run that needs more memory than it may map', async () => {
    const clip = path.join(dir, 'clip.mp4')
    execFileSync(ffmpegPath(), [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=1:size=320x240:rate=10',
      clip,
    ])
    const poster = (limits = {}) =>
      runFfmpegOnUpload(clip, { output: ['-frames:v', '1', '-f', 'image2pipe', '-vcodec', 'png', 'pipe:1'], limits })
    expect(await poster()).toMatchObject({ code: 0 })
    const starved = await poster({ addressSpaceBytes: 16 * 1024 * 1024 })
    expect(starved.code).not.toBe(0)
    expect(starved.stdout.length).toBe(0)
  })

  it('never fetches an address a crafted playlist or concat list names', async () => {
    const playlist = path.join(dir, 'playlist.mp4')
    await fs.writeFile(
      playlist,
      `#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\n${origin}/from-playlist.ts\n#EXT-X-ENDLIST\n`,
    )
    const concat = path.join(dir, 'concat.mp4')
    await fs.writeFile(concat, `ffconcat version 1.0\nfile '${origin}/from-concat.mp4'\n`)

    for (const file of [playlist, concat]) {
      await expect(probeVideo(file), file).rejects.toThrow()
      await expect(extractPoster(file, null), file).rejects.toThrow()
    }
    // With the playlist's demuxer let through, the protocol fence alone still keeps ffmpeg home.
    const throughHls = await runFfmpegOnUpload(playlist, {
      limits: { formats: [...UPLOAD_LIMITS.formats, 'hls'] },
      output: ['-f', 'null', '-'],
    })
    expect(throughHls.code).not.toBe(0)
    // The fence's own list, narrower than the one ffmpeg gives a local file's playlist (file,crypto,data).
    expect(throughHls.stderr).toContain("Protocol 'http' not on whitelist 'file'!")
    expect(asked).toEqual([])

    // The same playlist does reach the server when http is allowed: the fence is what kept it home.
    await promisify(execFile)(ffmpegPath(), ['-nostdin', '-protocol_whitelist', 'file,http,tcp', '-i', playlist]).catch(
      () => undefined,
    )
    expect(asked).toContain('/from-playlist.ts')
  })
})
