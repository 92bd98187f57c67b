import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { contentItem } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { TestClient } from '../support/http-client'
import { waitForAssetsReady } from '../support/assets'
import { createCompanyAdmin } from '../support/fixtures'
import { makePhoto } from '../support/media-files'
import { tusUpload } from '../support/tus'
import { waitUntil } from '../support/wait'

describe("fans' photos served from memory", () => {
  it('serves a published photo like a static file, and closes it as soon as the gallery is taken back', async () => {
    const admin = await createCompanyAdmin('static-files')
    const [gallery] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({
          companyId: admin.company.id,
          kind: 'gallery',
          title: 'Fast',
          slug: 'fast',
          status: 'published',
          publishedAt: new Date(),
        })
        .returning(),
    )
    const [draft] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({ companyId: admin.company.id, kind: 'gallery', title: 'Hidden', slug: 'hidden' })
        .returning(),
    )
    const shown = (await tusUpload(admin.client, await makePhoto(1600, 1000, '#0af'), {
      filename: 'a.jpg',
      purpose: 'gallery-media',
      contentItemId: gallery.id,
    })) as { assetId: string }
    const hidden = (await tusUpload(admin.client, await makePhoto(1600, 1000, '#fa0'), {
      filename: 'b.jpg',
      purpose: 'gallery-media',
      contentItemId: draft.id,
    })) as { assetId: string }
    await waitForAssetsReady([shown.assetId, hidden.assetId])
    const fan = new TestClient()
    const path = `/p/${shown.assetId}/w400.webp`

    const first = await fan.get(path)
    expect(first.status).toBe(200)
    expect(first.headers['content-type']).toBe('image/webp')
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const etag = String(first.headers.etag)
    expect(Number(first.headers['content-length'])).toBeGreaterThan(100)
    expect((await fan.get(path, { 'if-none-match': etag })).status).toBe(304)
    const range = await fan.get(path, { range: 'bytes=0-9' })
    expect(range.status).toBe(206)
    expect(range.headers['content-range']).toBe(`bytes 0-9/${first.headers['content-length']}`)
    expect((await fan.get(path, { range: 'bytes=999999-' })).status).toBe(416)
    expect((await fan.get(`/p/${hidden.assetId}/w400.webp`)).status).toBe(404)
    expect((await fan.get(`/p/${shown.assetId}/original.jpg`)).status).toBe(404)
    expect((await fan.get('/p/not-an-id/w400.webp')).status).toBe(404)
    // Narrower than 2400 px, it has no w2400: asked for one (a hero's srcset), its widest is served, not a 404.
    const widest = await fan.get(`/p/${shown.assetId}/w2400.webp`)
    expect(widest.status).toBe(200)
    expect(widest.headers['content-length']).toBe(
      (await fan.get(`/p/${shown.assetId}/w1200.webp`)).headers['content-length'],
    )
    expect(widest.headers['content-length']).not.toBe(first.headers['content-length'])

    // Taken back to draft: unreachable once the change has been announced (milliseconds), never served again.
    await withSystem((tx) => tx.update(contentItem).set({ status: 'draft' }).where(eq(contentItem.id, gallery.id)))
    await waitUntil(async () => (await fan.get(path)).status === 404, {
      timeoutMs: 2_000,
      intervalMs: 10,
      message: 'a draft photo was still served',
    })
    expect((await fan.get(path)).status).toBe(404)
    // Published again: served again (a "not public" answer is not kept past a change).
    await withSystem((tx) => tx.update(contentItem).set({ status: 'published' }).where(eq(contentItem.id, gallery.id)))
    await waitUntil(async () => (await fan.get(path)).status === 200, {
      timeoutMs: 2_000,
      intervalMs: 10,
      message: 'a published photo was not served',
    })
  })
})
