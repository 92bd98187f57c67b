import { eq, inArray, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { asset, contentItem, galleryFileCount } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { createCompanyAdmin } from '../support/fixtures'
import { TestClient } from '../support/http-client'

/** The counts as fans' pages read them, beside the same counts made from the files themselves. */
async function countsOf(galleryId: string) {
  return withSystem(async (tx) => {
    const [kept] = await tx
      .select({
        photos: galleryFileCount.photos,
        videos: galleryFileCount.videos,
        preparingPhotos: galleryFileCount.preparingPhotos,
        preparingVideos: galleryFileCount.preparingVideos,
      })
      .from(galleryFileCount)
      .where(eq(galleryFileCount.contentItemId, galleryId))
    const [counted] = await tx
      .select({
        photos: sql<number>`(count(*) filter (where ${asset.mediaType} = 'image'))::int`,
        videos: sql<number>`(count(*) filter (where ${asset.mediaType} = 'video'))::int`,
        preparingPhotos: sql<number>`(count(*) filter (where ${asset.mediaType} = 'image' and ${asset.processingStatus} in ('pending', 'processing')))::int`,
        preparingVideos: sql<number>`(count(*) filter (where ${asset.mediaType} = 'video' and ${asset.processingStatus} in ('pending', 'processing')))::int`,
      })
      .from(asset)
      .where(sql`${asset.contentItemId} = ${galleryId} and ${asset.moderation} = 'approved'`)
    return { kept: kept ?? { photos: 0, videos: 0, preparingPhotos: 0, preparingVideos: 0 }, counted }
  })
}

describe("a gallery's counts, kept by the database as its files come and go", () => {
  it('counts what fans may see through uploads, processing, approval, moves and deletions, and leaves nothing behind', async () => {
    const admin = await createCompanyAdmin('counts')
    const companyId = admin.company.id
    const [gallery, other] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values([
          { companyId, kind: 'gallery', title: 'Encore', slug: 'encore', status: 'published', publishedAt: new Date() },
          {
            companyId,
            kind: 'gallery',
            title: 'Soundcheck',
            slug: 'soundcheck',
            status: 'published',
            publishedAt: new Date(),
          },
        ])
        .returning(),
    )
    expect((await countsOf(gallery.id)).kept).toEqual({ photos: 0, videos: 0, preparingPhotos: 0, preparingVideos: 0 })

    const file = (
      name: string,
      mediaType: 'image' | 'video' | 'pdf',
      moderation: 'approved' | 'pending' = 'approved',
    ) => ({
      companyId,
      contentItemId: gallery.id,
      purpose: 'gallery-media',
      mediaType,
      originalName: name,
      mimeType: mediaType === 'video' ? 'video/mp4' : mediaType === 'image' ? 'image/jpeg' : 'application/pdf',
      sizeBytes: 1000,
      storageKey: `${companyId}/${name}`,
      moderation,
    })
    const rows = await withSystem((tx) =>
      tx
        .insert(asset)
        .values([
          file('a.jpg', 'image'),
          file('b.jpg', 'image'),
          file('c.jpg', 'image'),
          file('clip.mp4', 'video'),
          file('held.jpg', 'image', 'pending'),
          file('setlist.pdf', 'pdf'),
        ])
        .returning({ id: asset.id, name: asset.originalName }),
    )
    const id = (name: string) => rows.find((row) => row.name === name)!.id
    // Just uploaded: every shown file on its way, the one held for approval not counted.
    expect(await countsOf(gallery.id)).toEqual({
      kept: { photos: 3, videos: 1, preparingPhotos: 3, preparingVideos: 1 },
      counted: { photos: 3, videos: 1, preparingPhotos: 3, preparingVideos: 1 },
    })

    const step = async (change: Parameters<typeof withSystem>[0]) => {
      await withSystem(change)
      const { kept, counted } = await countsOf(gallery.id)
      expect(kept).toEqual(counted)
      return kept
    }
    await step((tx) =>
      tx
        .update(asset)
        .set({ processingStatus: 'processing' })
        .where(inArray(asset.id, [id('a.jpg'), id('clip.mp4')])),
    )
    expect(
      await step((tx) =>
        tx
          .update(asset)
          .set({ processingStatus: 'ready' })
          .where(inArray(asset.id, [id('a.jpg'), id('b.jpg'), id('clip.mp4')])),
      ),
    ).toEqual({ photos: 3, videos: 1, preparingPhotos: 1, preparingVideos: 0 })
    expect(
      await step((tx) =>
        tx
          .update(asset)
          .set({ processingStatus: 'failed' })
          .where(eq(asset.id, id('c.jpg'))),
      ),
    ).toEqual({ photos: 3, videos: 1, preparingPhotos: 0, preparingVideos: 0 })
    // Approved, it counts; sent to another gallery, it counts there instead.
    expect(
      await step((tx) =>
        tx
          .update(asset)
          .set({ moderation: 'approved' })
          .where(eq(asset.id, id('held.jpg'))),
      ),
    ).toEqual({ photos: 4, videos: 1, preparingPhotos: 1, preparingVideos: 0 })
    expect(
      await step((tx) =>
        tx
          .update(asset)
          .set({ contentItemId: other.id })
          .where(eq(asset.id, id('held.jpg'))),
      ),
    ).toEqual({ photos: 3, videos: 1, preparingPhotos: 0, preparingVideos: 0 })
    expect((await countsOf(other.id)).kept).toEqual({ photos: 1, videos: 0, preparingPhotos: 1, preparingVideos: 0 })
    // A change that moves nothing fans count (a title, a place) leaves the counts as they are.
    expect(
      await step((tx) =>
        tx
          .update(asset)
          .set({ title: 'Lights', position: 9 })
          .where(eq(asset.id, id('a.jpg'))),
      ),
    ).toEqual({ photos: 3, videos: 1, preparingPhotos: 0, preparingVideos: 0 })
    expect(await step((tx) => tx.delete(asset).where(inArray(asset.id, [id('b.jpg'), id('clip.mp4')])))).toEqual({
      photos: 2,
      videos: 0,
      preparingPhotos: 0,
      preparingVideos: 0,
    })

    // Fans read them on the company's page, each gallery with its own.
    const landing = await new TestClient().get(`/${admin.company.slug}`)
    expect(landing.status).toBe(200)
    expect(landing.text).toMatch(/Encore<\/[^>]+>[\s\S]*?2 photos</)
    expect(landing.text).toMatch(/Soundcheck<\/[^>]+>[\s\S]*?1 photo</)

    // A gallery deleted with its files takes its counts with it.
    await withSystem((tx) => tx.delete(contentItem).where(inArray(contentItem.id, [gallery.id, other.id])))
    expect(
      await withSystem((tx) =>
        tx
          .select()
          .from(galleryFileCount)
          .where(inArray(galleryFileCount.contentItemId, [gallery.id, other.id])),
      ),
    ).toEqual([])
  })
})
