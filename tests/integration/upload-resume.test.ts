import { createHash, randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { asset, contentItem } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { getStorage } from '#app/lib/storage.server'
import { startAppProcess, type AppProcess } from '../support/app-process'
import { startSecondApp } from '../support/second-app'
import { TestClient } from '../support/http-client'
import { createCompanyAdmin } from '../support/fixtures'
import { fakeMp4 } from '../support/media-files'
import { tusUpload } from '../support/tus'

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

describe('an upload survives the server dying', () => {
  let app: AppProcess | undefined
  afterAll(async () => {
    await app?.stop()
  })

  it('resumes from the last offset after the server process is killed, byte-exact', async () => {
    const started = await startSecondApp()
    const { port, env } = started
    app = started.app
    const admin = await createCompanyAdmin('resume')
    const [gallery] = await withSystem((tx) =>
      tx.insert(contentItem).values({ companyId: admin.company.id, kind: 'gallery', title: 'Long set' }).returning(),
    )
    // 12 MB of noise behind an MP4 header: a "video" the type check accepts.
    const video = fakeMp4(randomBytes(12 * 1024 * 1024))
    const client = new TestClient(`http://127.0.0.1:${port}`, admin.client.localAddress)
    for (const [name, value] of admin.client.cookies) client.setCookie(name, value)
    const metadata = { filename: 'long-set.mp4', purpose: 'gallery-media', contentItemId: gallery.id }

    // Send two 2 MB chunks, then kill the server without warning.
    let uploadUrl = ''
    const interrupted = await tusUpload(client, video, metadata, {
      chunkSize: 2 * 1024 * 1024,
      onChunk: (upload, sent) => {
        uploadUrl = upload.url ?? ''
        if (sent >= 4 * 1024 * 1024) void app!.stop('SIGKILL')
      },
    })
    expect(interrupted.ok).toBe(false)
    expect(uploadUrl).toContain('/api/uploads/')

    app = await startAppProcess(env, { port })
    const offset = await client.request(new URL(uploadUrl, client.baseUrl).pathname, {
      method: 'HEAD',
      headers: { 'tus-resumable': '1.0.0' },
    })
    expect(offset.status).toBe(200)
    const resumedFrom = Number(offset.headers['upload-offset'])
    expect(resumedFrom).toBeGreaterThanOrEqual(4 * 1024 * 1024)
    expect(resumedFrom).toBeLessThan(video.length)

    const resumed = await tusUpload(client, video, metadata, {
      chunkSize: 2 * 1024 * 1024,
      uploadUrl: new URL(uploadUrl, client.baseUrl).toString(),
    })
    expect(resumed).toMatchObject({ ok: true })
    const [row] = await withSystem((tx) =>
      tx
        .select()
        .from(asset)
        .where(eq(asset.id, (resumed as { assetId: string }).assetId)),
    )
    expect(row.sizeBytes).toBe(video.length)
    expect(row.mediaType).toBe('video')
    const stored = Buffer.concat(await (await getStorage().read(row.storageKey)).toArray())
    expect(sha256(stored)).toBe(sha256(video))
  })
})
