import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { contentItem, organization } from '#db/schema'
import { asPlatform } from '#app/access/tenant.server'
import { rollUpEvents } from '#app/features/analytics/server/roll-up-events.server'
import { withSystem } from '#app/lib/db.server'
import { TestClient } from '../support/http-client'
import { createCompanyAdmin } from '../support/fixtures'
import { fanBrowser, figureOf, publishedCatalog, waitForRawEvents } from '../support/analytics'

const viewCount = async (id: string) =>
  (
    await withSystem((tx) =>
      tx.select({ views: contentItem.viewCount }).from(contentItem).where(eq(contentItem.id, id)),
    )
  )[0].views
const publicVersion = async (companyId: string) =>
  (
    await withSystem((tx) =>
      tx.select({ v: organization.publicVersion }).from(organization).where(eq(organization.id, companyId)),
    )
  )[0].v

describe("an item's views", () => {
  it('are the analytics’ views: counted from fans’ events by the rollup, a repeat within the half hour once, robots left out; the editor and the library show that figure', async () => {
    const admin = await createCompanyAdmin('views')
    const { galleryId, photoId, singleId, draftId } = await publishedCatalog(admin.company.id)
    const [gallery] = await withSystem((tx) =>
      tx.select({ slug: contentItem.slug }).from(contentItem).where(eq(contentItem.id, galleryId)),
    )
    const versionBefore = await publicVersion(admin.company.id)

    // Reading and posting to the page count nothing by themselves: the page's events do.
    const reader = new TestClient()
    expect((await reader.get(`/${admin.company.slug}/galeria/${gallery.slug}`)).status).toBe(200)
    expect((await reader.postForm(`/${admin.company.slug}/galeria/${gallery.slug}`, {})).status).toBe(404)

    const fan = fanBrowser()
    const robot = fanBrowser('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')
    const galleryView = { type: 'page_view', page: 'gallery', contentId: galleryId }
    expect(
      (
        await fan.send({
          company: admin.company.id,
          events: [
            galleryView,
            // The same fan back on the page a moment later: the same view.
            galleryView,
            { type: 'item_view', contentId: galleryId, assetId: photoId },
            { type: 'page_view', page: 'player', contentId: singleId },
          ],
        })
      ).status,
    ).toBe(202)
    expect((await robot.send({ company: admin.company.id, events: [galleryView] })).json()).toMatchObject({
      accepted: 0,
    })
    // A draft is not a fans' page: its events are refused.
    await fan.send({ company: admin.company.id, events: [{ type: 'page_view', page: 'player', contentId: draftId }] })
    await waitForRawEvents(admin.company.id, 4)
    await rollUpEvents(asPlatform('test'))
    await rollUpEvents(asPlatform('test')) // again: nothing is counted twice

    const analyticsViews = async (id: string) =>
      (await figureOf(admin.company.id, 'item', id, 'pageViews')) +
      (await figureOf(admin.company.id, 'item', id, 'itemViews'))
    // The gallery's page once and one of its photos opened.
    expect(await analyticsViews(galleryId)).toBe(2)
    expect(await viewCount(galleryId)).toBe(2)
    expect(await viewCount(singleId)).toBe(await analyticsViews(singleId))
    expect(await viewCount(singleId)).toBe(1)
    expect(await viewCount(draftId)).toBe(0)
    // A counter is no change fans see: their kept pages stay.
    expect(await publicVersion(admin.company.id)).toBe(versionBefore)

    const editor = await admin.client.get(`/admin/content/${galleryId}`)
    expect(editor.status).toBe(200)
    expect(editor.text).toContain('2 views')
    const library = await admin.client.get('/admin/content')
    expect(library.text).toContain('2 views')
  })
})
