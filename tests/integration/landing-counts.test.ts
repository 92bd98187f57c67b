import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { asset, contentItem, galleryFileCount } from '#db/schema'
import { withPublicRead, withSystem } from '#app/lib/db.server'
import { getCompanyLanding } from '#app/features/companies/landing/server/get-company-landing.server'
import { resolvePublicCompany } from '#app/access/public-visitor.server'
import { createCompanyAdmin } from '../support/fixtures'

/** The tabs' counts as fans' policies let them be counted, gallery by gallery (the landing's former read). */
async function countedUnderFansPolicies(companyId: string) {
  return withPublicRead(companyId, async (tx) => {
    const galleries = await tx
      .select({
        photos: sql<number>`coalesce(${galleryFileCount.photos}, 0)`,
        videos: sql<number>`coalesce(${galleryFileCount.videos}, 0)`,
      })
      .from(contentItem)
      .leftJoin(galleryFileCount, eq(galleryFileCount.contentItemId, contentItem.id))
      .where(
        and(
          eq(contentItem.companyId, companyId),
          eq(contentItem.kind, 'gallery'),
          eq(contentItem.status, 'published'),
          sql`(${contentItem.expiresAt} is null or ${contentItem.expiresAt} > now())`,
        ),
      )
    return {
      all: galleries.length,
      photos: galleries.filter((gallery) => gallery.photos > 0).length,
      videos: galleries.filter((gallery) => gallery.videos > 0).length,
    }
  })
}

describe("a company's landing counts", () => {
  it('counts the published galleries fans may open, those with photos and those with videos, of that company only', async () => {
    const admin = await createCompanyAdmin('landing-counts')
    const other = await createCompanyAdmin('landing-other')
    const companyId = admin.company.id
    const now = Date.now()
    const gallery = (slug: string, values: Partial<typeof contentItem.$inferInsert> = {}) => ({
      companyId,
      kind: 'gallery' as const,
      title: slug,
      slug,
      status: 'published' as const,
      publishedAt: new Date(),
      ...values,
    })
    const items = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values([
          gallery('photos'),
          gallery('videos'),
          gallery('empty'),
          gallery('draft', { status: 'draft', publishedAt: null }),
          gallery('ended', { expiresAt: new Date(now - 60_000) }),
          gallery('ending-later', { expiresAt: new Date(now + 86_400_000) }),
          {
            companyId,
            kind: 'single' as const,
            title: 'Poster',
            slug: 'poster',
            status: 'published' as const,
            publishedAt: new Date(),
          },
        ])
        .returning({ id: contentItem.id, slug: contentItem.slug }),
    )
    await withSystem((tx) =>
      tx.insert(contentItem).values({
        companyId: other.company.id,
        kind: 'gallery',
        title: 'Elsewhere',
        slug: 'elsewhere',
        status: 'published',
        publishedAt: new Date(),
      }),
    )
    const idOf = (slug: string) => items.find((item) => item.slug === slug)!.id
    const file = (slug: string, mediaType: 'image' | 'video') => ({
      companyId,
      contentItemId: idOf(slug),
      purpose: 'gallery-media',
      mediaType,
      originalName: `${slug}.${mediaType === 'image' ? 'jpg' : 'mp4'}`,
      mimeType: mediaType === 'image' ? 'image/jpeg' : 'video/mp4',
      sizeBytes: 1000,
      storageKey: `${companyId}/${slug}-${mediaType}`,
      processingStatus: 'ready',
    })
    await withSystem((tx) =>
      tx
        .insert(asset)
        .values([
          file('photos', 'image'),
          file('videos', 'video'),
          file('draft', 'image'),
          file('ended', 'image'),
          file('ending-later', 'image'),
          file('ending-later', 'video'),
        ]),
    )

    const context = await resolvePublicCompany({ host: { kind: 'platform' }, path: '/' }, admin.company.slug)
    const landing = await getCompanyLanding(context)
    // photos, videos, empty and ending-later: not the draft, the ended one, the single item or the other company's.
    expect(landing.galleryCounts).toEqual({ all: 4, photos: 2, videos: 2 })
    expect(landing.galleryCounts).toEqual(await countedUnderFansPolicies(companyId))
    expect(landing.galleriesHidden).toBe(0)
    const videosTab = await getCompanyLanding(context, { tab: 'videos', galleriesShown: 1 })
    expect(videosTab.galleries).toHaveLength(1)
    expect(videosTab.galleriesHidden).toBe(1)

    // The count sets the policies aside for itself only: the rest of the fan's transaction is fenced as before.
    const afterwards = await withPublicRead(companyId, async (tx) => {
      await tx.execute(sql`select * from app_landing_gallery_counts(${companyId})`)
      const setting = (await tx.execute(sql`select coalesce(current_setting('app.bypass_rls', true), '') as bypass`))
        .rows[0] as { bypass: string }
      const drafts = await tx
        .select({ id: contentItem.id })
        .from(contentItem)
        .where(eq(contentItem.id, idOf('draft')))
      return { bypass: setting.bypass, drafts: drafts.length }
    })
    expect(afterwards).toEqual({ bypass: '', drafts: 0 })
  })
})
