import { execFileSync } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { assetRendition, contentItem } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { ffmpegPath } from '#app/features/media/server/video.server'
import { waitForAsset } from '../support/assets'
import { createCompanyAdmin } from '../support/fixtures'
import { tusUpload } from '../support/tus'

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
