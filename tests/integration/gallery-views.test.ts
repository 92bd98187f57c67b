import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { contentItem, organization } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { TestClient } from '../support/http-client'
import { createCompanyAdmin } from '../support/fixtures'

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

describe("a gallery's views", () => {
  it('counts a view when the page posts it, never while rendering, only for published galleries, without making the page stale', async () => {
    const admin = await createCompanyAdmin('views')
    const slug = admin.company.slug
    const [gallery, draft] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values([
          {
            companyId: admin.company.id,
            kind: 'gallery',
            slug: 'encore',
            title: 'Encore',
            status: 'published',
            publishedAt: new Date(),
          },
          { companyId: admin.company.id, kind: 'gallery', slug: 'backstage', title: 'Backstage', status: 'draft' },
        ])
        .returning(),
    )
    const fan = new TestClient()
    const versionBefore = await publicVersion(admin.company.id)
    expect((await fan.get(`/${slug}/galeria/encore`)).status).toBe(200)
    expect(await viewCount(gallery.id)).toBe(0)
    expect((await fan.postForm(`/${slug}/galeria/encore`, {})).status).toBe(200)
    expect((await fan.postForm(`/${slug}/galeria/encore`, {})).status).toBe(200)
    expect(await viewCount(gallery.id)).toBe(2)
    expect(await publicVersion(admin.company.id)).toBe(versionBefore)

    expect((await fan.postForm(`/${slug}/galeria/backstage`, {})).status).toBe(404)
    expect((await fan.postForm(`/${slug}/galeria/nothing-here`, {})).status).toBe(404)
    expect(await viewCount(draft.id)).toBe(0)
  })
})
