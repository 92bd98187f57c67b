import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { contentItem, event, organization } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { TestClient } from '../support/http-client'
import { waitForAssetsReady } from '../support/assets'
import { createCompanyAdmin } from '../support/fixtures'
import { fakeMp4, makePhoto } from '../support/media-files'
import { tusUpload } from '../support/tus'

describe("a company's public pages", () => {
  it('change the company public version once per change fans can see, and never for drafts, counters or processing', async () => {
    const admin = await createCompanyAdmin('versioned')
    const versions = async () =>
      (
        await withSystem((tx) =>
          tx
            .select({ edits: organization.publicVersion, media: organization.publicMediaVersion })
            .from(organization)
            .where(eq(organization.id, admin.company.id)),
        )
      )[0]
    let last = await versions()
    /** How much each version moved since the last call. */
    const moved = async () => {
      const now = await versions()
      const change = { edits: now.edits - last.edits, media: now.media - last.media }
      last = now
      return change
    }
    const [item] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({ companyId: admin.company.id, kind: 'gallery', title: 'Versioned', slug: 'versioned' })
        .returning(),
    )
    expect(await moved()).toEqual({ edits: 0, media: 0 }) // a draft is nobody's business yet
    await withSystem((tx) => tx.update(contentItem).set({ title: 'Still a draft' }).where(eq(contentItem.id, item.id)))
    expect(await moved()).toEqual({ edits: 0, media: 0 })
    const photos = []
    for (const color of ['#f00', '#0f0', '#00f'])
      photos.push(
        (
          (await tusUpload(admin.client, await makePhoto(800, 600, color), {
            filename: `${color.slice(1)}.jpg`,
            purpose: 'gallery-media',
            contentItemId: item.id,
          })) as { assetId: string }
        ).assetId,
      )
    await waitForAssetsReady(photos)
    expect(await moved()).toEqual({ edits: 0, media: 0 }) // processed while a draft
    await withSystem((tx) =>
      tx.update(contentItem).set({ status: 'published', publishedAt: new Date() }).where(eq(contentItem.id, item.id)),
    )
    expect(await moved()).toEqual({ edits: 1, media: 0 })
    await withSystem((tx) =>
      tx.update(contentItem).set({ downloadCount: 5, viewCount: 9 }).where(eq(contentItem.id, item.id)),
    )
    expect(await moved()).toEqual({ edits: 0, media: 0 })

    // Photos arriving in a published gallery: one media change each, when they are ready, and nothing before.
    const more = []
    for (const color of ['#ff0', '#0ff'])
      more.push(
        (
          (await tusUpload(admin.client, await makePhoto(800, 600, color), {
            filename: `${color.slice(1)}.jpg`,
            purpose: 'gallery-media',
            contentItemId: item.id,
          })) as { assetId: string }
        ).assetId,
      )
    await waitForAssetsReady(more)
    expect(await moved()).toEqual({ edits: 0, media: 2 })

    // Reordering five photos is one statement and one change.
    const order = [...more, ...photos].reverse()
    expect(
      (await admin.client.postForm(`/admin/content/${item.id}`, { intent: 'reorder', order: order.join(',') })).status,
    ).toBe(200)
    expect(await moved()).toEqual({ edits: 1, media: 0 })
    expect(
      (await admin.client.postForm(`/admin/content/${item.id}`, { intent: 'reorder', order: order.join(',') })).status,
    ).toBe(200)
    expect(await moved()).toEqual({ edits: 0, media: 0 }) // the same order again changes nothing

    await withSystem((tx) => tx.update(contentItem).set({ title: 'Renamed' }).where(eq(contentItem.id, item.id)))
    expect(await moved()).toEqual({ edits: 1, media: 0 })
    await withSystem((tx) =>
      tx.update(organization).set({ brandPrimaryColor: '#ff3366' }).where(eq(organization.id, admin.company.id)),
    )
    expect(await moved()).toEqual({ edits: 1, media: 0 })
    await withSystem((tx) =>
      tx.insert(event).values({ companyId: admin.company.id, slug: 'draft-night', title: 'Draft Night' }),
    )
    expect(await moved()).toEqual({ edits: 0, media: 0 })
    await withSystem((tx) => tx.delete(contentItem).where(eq(contentItem.id, item.id)))
    expect(await moved()).toEqual({ edits: 1, media: 0 }) // its files go with it, in the same change
  })

  it('show published galleries and events only, with their counts, and serve only published renditions', async () => {
    const admin = await createCompanyAdmin('fans')
    const slug = admin.company.slug
    const [published] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({
          companyId: admin.company.id,
          kind: 'gallery',
          title: 'Open Air',
          slug: 'open-air',
          status: 'published',
          publishedAt: new Date(),
        })
        .returning(),
    )
    const [draft] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({ companyId: admin.company.id, kind: 'gallery', title: 'Secret Set', slug: 'secret-set' })
        .returning(),
    )
    await withSystem((tx) =>
      tx.insert(event).values([
        { companyId: admin.company.id, slug: 'live', title: 'Live Night', status: 'published' },
        { companyId: admin.company.id, slug: 'hidden', title: 'Hidden Night' },
      ]),
    )
    const photo = await makePhoto(1600, 1000, '#f0a')
    const shown = (await tusUpload(admin.client, photo, {
      filename: 'a.jpg',
      purpose: 'gallery-media',
      contentItemId: published.id,
    })) as { assetId: string }
    const second = (await tusUpload(admin.client, photo, {
      filename: 'b.jpg',
      purpose: 'gallery-media',
      contentItemId: published.id,
    })) as { assetId: string }
    const hidden = (await tusUpload(admin.client, photo, {
      filename: 'c.jpg',
      purpose: 'gallery-media',
      contentItemId: draft.id,
    })) as { assetId: string }
    await waitForAssetsReady([shown.assetId, second.assetId, hidden.assetId])

    const fan = new TestClient()
    const landing = await fan.get(`/${slug}`)
    expect(landing.status).toBe(200)
    expect(landing.text).toContain('Open Air')
    expect(landing.text).toContain('2 photos')
    expect(landing.text).toContain('Live Night')
    expect(landing.text).not.toContain('Secret Set')
    expect(landing.text).not.toContain('Hidden Night')

    const gallery = await fan.get(`/${slug}/galeria/open-air`)
    expect(gallery.status).toBe(200)
    expect(gallery.text.match(/data-testid="public-media"/g)).toHaveLength(2)
    expect(gallery.text).toContain(`/p/${shown.assetId}/w400.webp 400w`)
    expect((await fan.get(`/${slug}/galeria/secret-set`)).status).toBe(404)
    expect((await fan.get('/no-such-company-here')).status).toBe(404)

    const rendition = await fan.get(`/p/${shown.assetId}/w1200.webp`)
    expect(rendition.status).toBe(200)
    expect(rendition.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(rendition.headers['content-type']).toBe('image/webp')
    expect((await fan.get(`/p/${hidden.assetId}/w400.webp`)).status).toBe(404)
    expect((await fan.get(`/p/${shown.assetId}/original`)).status).toBe(404)
    expect((await fan.get(`/p/${shown.assetId}/stream`)).status).toBe(404) // photos are not streamed whole
    // The admin's lists count the files and the attached content too.
    expect((await admin.client.get('/admin/content?view=list')).text).toMatch(
      /Open Air[\s\S]*?Gallery[\s\S]*?<dd>2<\/dd>/,
    )
    const [live] = await withSystem((tx) => tx.select({ id: event.id }).from(event).where(eq(event.slug, 'live')))
    await withSystem((tx) => tx.update(contentItem).set({ eventId: live.id }).where(eq(contentItem.id, published.id)))
    expect((await admin.client.get('/admin/events')).text).toContain('1 highlight')

    // The event's page gathers its published galleries; a draft event is not public.
    const eventPage = await fan.get(`/${slug}/evento/live`)
    expect(eventPage.status).toBe(200)
    expect(eventPage.text).toContain('Open Air')
    expect(eventPage.text).toContain(`/${slug}/galeria/open-air`)
    expect((await fan.get(`/${slug}/evento/live?type=audios`)).text).toContain('Nothing here yet.')
    expect((await fan.get(`/${slug}/evento/hidden`)).status).toBe(404)

    // Videos of published galleries stream from their original, with byte ranges for seeking.
    const clip = fakeMp4(Buffer.alloc(4096, 1))
    const video = (await tusUpload(admin.client, clip, {
      filename: 'clip.mp4',
      purpose: 'gallery-media',
      contentItemId: published.id,
    })) as { assetId: string }
    const range = await fan.get(`/p/${video.assetId}/stream`, { range: 'bytes=0-99' })
    expect(range.status).toBe(206)
    expect(range.headers['content-range']).toBe(`bytes 0-99/${clip.length}`)
    const hiddenClip = (await tusUpload(admin.client, clip, {
      filename: 'clip.mp4',
      purpose: 'gallery-media',
      contentItemId: draft.id,
    })) as { assetId: string }
    expect((await fan.get(`/p/${hiddenClip.assetId}/stream`)).status).toBe(404)
  })
})
