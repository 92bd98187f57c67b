import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { asset, contentItem, event } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { getStorage } from '#app/lib/storage.server'
import { createCompanyAdmin } from '../support/fixtures'
import { fakeMp4, makePhoto } from '../support/media-files'
import { tusUpload } from '../support/tus'
import { waitUntil } from '../support/wait'

const image = (width: number, height: number) => makePhoto(width, height, '#334', { format: 'png' })

describe('covers and custom thumbnails', () => {
  it('sets a gallery cover, replaces it, and deletes everything with the gallery', async () => {
    const admin = await createCompanyAdmin('covers')
    const [gallery] = await withSystem((tx) =>
      tx.insert(contentItem).values({ companyId: admin.company.id, kind: 'gallery', title: 'Covered' }).returning(),
    )
    const notImage = await tusUpload(admin.client, Buffer.from('%PDF-1.4'), {
      filename: 'cover.pdf',
      purpose: 'cover',
      contentItemId: gallery.id,
    })
    expect(JSON.parse((notImage as { body: string }).body).message).toBe('Only image files are accepted')

    const first = (await tusUpload(admin.client, await image(1600, 900), {
      filename: 'cover.png',
      purpose: 'cover',
      contentItemId: gallery.id,
    })) as { assetId: string }
    let [row] = await withSystem((tx) => tx.select().from(contentItem).where(eq(contentItem.id, gallery.id)))
    expect(row.coverAssetId).toBe(first.assetId)
    const [coverAsset] = await withSystem((tx) => tx.select().from(asset).where(eq(asset.id, first.assetId)))
    expect(coverAsset).toMatchObject({ purpose: 'cover', contentItemId: null })
    // A cover is not one of the gallery's files: publishing still needs a photo.
    expect(
      (await admin.client.postForm(`/admin/content/${gallery.id}`, { intent: 'status', status: 'published' })).status,
    ).toBe(400)

    const second = (await tusUpload(admin.client, await image(1200, 800), {
      filename: 'cover-2.png',
      purpose: 'cover',
      contentItemId: gallery.id,
    })) as { assetId: string }
    ;[row] = await withSystem((tx) => tx.select().from(contentItem).where(eq(contentItem.id, gallery.id)))
    expect(row.coverAssetId).toBe(second.assetId)
    expect(await withSystem((tx) => tx.select().from(asset).where(eq(asset.id, first.assetId)))).toHaveLength(0)
    await waitUntil(async () => (await getStorage().head(`${admin.company.id}/${first.assetId}/original.png`)) === null)

    const video = (await tusUpload(admin.client, fakeMp4(Buffer.alloc(2048)), {
      filename: 'clip.mp4',
      purpose: 'gallery-media',
      contentItemId: gallery.id,
    })) as { assetId: string }
    const thumbnail = (await tusUpload(admin.client, await image(640, 360), {
      filename: 'thumb.png',
      purpose: 'thumbnail',
      assetId: video.assetId,
    })) as { assetId: string }
    const [videoRow] = await withSystem((tx) => tx.select().from(asset).where(eq(asset.id, video.assetId)))
    expect(videoRow.customThumbnailAssetId).toBe(thumbnail.assetId)
    const gif = await tusUpload(admin.client, Buffer.from('GIF89a'), {
      filename: 'thumb.gif',
      purpose: 'thumbnail',
      assetId: video.assetId,
    })
    expect(JSON.parse((gif as { body: string }).body).message).toBe('Thumbnails must be JPG, PNG or WebP')

    expect((await admin.client.postForm(`/admin/content/${gallery.id}`, { intent: 'delete' })).status).toBe(302)
    for (const id of [second.assetId, video.assetId, thumbnail.assetId]) {
      expect(await withSystem((tx) => tx.select().from(asset).where(eq(asset.id, id)))).toHaveLength(0)
    }
    await waitUntil(
      async () => (await getStorage().head(`${admin.company.id}/${thumbnail.assetId}/original.png`)) === null,
    )
  })

  it('sets an event cover, only for an event of the same company', async () => {
    const admin = await createCompanyAdmin('event-cover')
    const [show] = await withSystem((tx) =>
      tx.insert(event).values({ companyId: admin.company.id, slug: 'show', title: 'Show' }).returning(),
    )
    // Without a cover of its own, the editor shows the one fans see: its first published highlight's.
    const editor = () => admin.client.get(`/admin/events/${show.id}`)
    const borrowed = (await tusUpload(admin.client, await image(800, 450), {
      filename: 'gallery.png',
      purpose: 'cover',
      contentItemId: (
        await withSystem((tx) =>
          tx
            .insert(contentItem)
            .values({
              companyId: admin.company.id,
              kind: 'gallery',
              title: 'Night',
              slug: 'night',
              eventId: show.id,
              status: 'published',
              publishedAt: new Date(),
            })
            .returning(),
        )
      )[0].id,
    })) as { assetId: string }
    expect((await editor()).text).toContain(`/media/${borrowed.assetId}/w1200.webp`)
    expect((await editor()).text).toContain('data-testid="automatic-cover"')
    const cover = (await tusUpload(admin.client, await image(1600, 900), {
      filename: 'show.png',
      purpose: 'cover',
      eventId: show.id,
    })) as { assetId: string }
    const [row] = await withSystem((tx) => tx.select().from(event).where(eq(event.id, show.id)))
    expect(row.coverAssetId).toBe(cover.assetId)
    const own = (await editor()).text
    expect(own).toContain(`/media/${cover.assetId}/w1200.webp`)
    expect(own).not.toContain(`/media/${borrowed.assetId}/w1200.webp`)
    expect(own).not.toContain('data-testid="automatic-cover"')
    const stranger = await createCompanyAdmin('cover-stranger')
    const foreign = await tusUpload(stranger.client, await image(100, 100), {
      filename: 'x.png',
      purpose: 'cover',
      eventId: show.id,
    })
    expect(foreign).toMatchObject({ ok: false, status: 404 })
    const [unchanged] = await withSystem((tx) => tx.select().from(event).where(eq(event.id, show.id)))
    expect(unchanged.coverAssetId).toBe(cover.assetId)
  })
})
