import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { asset, assetRendition, contentItem, organization } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { createCompanyAdmin } from '../support/fixtures'
import { TestClient } from '../support/http-client'

/** The list kept on the file's row, beside the same list made from its renditions. */
async function sourcesOf(assetId: string) {
  return withSystem(async (tx) => {
    const [{ kept }] = await tx.select({ kept: asset.webpSources }).from(asset).where(eq(asset.id, assetId))
    const made = await tx
      .select({ name: assetRendition.rendition, width: assetRendition.width })
      .from(assetRendition)
      .where(and(eq(assetRendition.assetId, assetId), eq(assetRendition.format, 'webp')))
      .orderBy(assetRendition.width)
    return { kept, made }
  })
}

const versionsOf = async (companyId: string) =>
  (
    await withSystem((tx) =>
      tx
        .select({ edits: organization.publicVersion, media: organization.publicMediaVersion })
        .from(organization)
        .where(eq(organization.id, companyId)),
    )
  )[0]

describe("a file's WebP sources, kept by the database as its renditions come and go", () => {
  it('follows every rendition written, made again or removed, and fans read the list from the file', async () => {
    const admin = await createCompanyAdmin('sources')
    const companyId = admin.company.id
    const [gallery] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({
          companyId,
          kind: 'gallery',
          title: 'Encore',
          slug: 'encore',
          status: 'published',
          publishedAt: new Date(),
        })
        .returning(),
    )
    const [photo] = await withSystem((tx) =>
      tx
        .insert(asset)
        .values({
          companyId,
          contentItemId: gallery.id,
          purpose: 'gallery-media',
          mediaType: 'image',
          originalName: 'a.jpg',
          mimeType: 'image/jpeg',
          sizeBytes: 1000,
          storageKey: `${companyId}/a.jpg`,
          width: 2400,
          height: 1600,
        })
        .returning(),
    )
    expect(await sourcesOf(photo.id)).toEqual({ kept: [], made: [] })

    const rendition = (name: string, width: number, format: 'webp' | 'jpeg' = 'webp') => ({
      assetId: photo.id,
      companyId,
      rendition: name,
      format,
      width,
      height: Math.round((width * 2) / 3),
      sizeBytes: 100,
      storageKey: `${companyId}/${name}.${format}`,
    })
    // Written as the worker writes them: one statement each, widest first; the JPEG is not a source.
    for (const row of [
      rendition('w2400', 2400),
      rendition('w1200', 1200),
      rendition('w400', 400),
      rendition('w1200', 1200, 'jpeg'),
    ])
      await withSystem((tx) => tx.insert(assetRendition).values(row))
    const three = [
      { name: 'w400', width: 400 },
      { name: 'w1200', width: 1200 },
      { name: 'w2400', width: 2400 },
    ]
    expect(await sourcesOf(photo.id)).toEqual({ kept: three, made: three })

    // Ready in a published gallery: fans' page names exactly those sources.
    await withSystem((tx) => tx.update(asset).set({ processingStatus: 'ready' }).where(eq(asset.id, photo.id)))
    const page = await new TestClient().get(`/${admin.company.slug}/galeria/encore`)
    expect(page.status).toBe(200)
    expect(page.text).toContain(
      `/p/${photo.id}/w400.webp 400w, /p/${photo.id}/w1200.webp 1200w, /p/${photo.id}/w2400.webp 2400w`,
    )

    // Made again (a new size): the kept list follows, and is no edit of its own to fans' pages.
    const before = await versionsOf(companyId)
    await withSystem((tx) =>
      tx
        .update(assetRendition)
        .set({ width: 1000 })
        .where(
          and(
            eq(assetRendition.assetId, photo.id),
            eq(assetRendition.rendition, 'w1200'),
            eq(assetRendition.format, 'webp'),
          ),
        ),
    )
    const remade = [
      { name: 'w400', width: 400 },
      { name: 'w1200', width: 1000 },
      { name: 'w2400', width: 2400 },
    ]
    expect(await sourcesOf(photo.id)).toEqual({ kept: remade, made: remade })
    expect(await versionsOf(companyId)).toEqual(before)

    // Removed: gone from the list; all of them: an empty list.
    await withSystem((tx) =>
      tx.delete(assetRendition).where(and(eq(assetRendition.assetId, photo.id), eq(assetRendition.rendition, 'w2400'))),
    )
    expect((await sourcesOf(photo.id)).kept).toEqual(remade.slice(0, 2))
    await withSystem((tx) => tx.delete(assetRendition).where(eq(assetRendition.assetId, photo.id)))
    expect(await sourcesOf(photo.id)).toEqual({ kept: [], made: [] })

    // Every file's list matches its renditions (the migration's own fill included).
    const [{ mismatched }] = await withSystem((tx) =>
      tx
        .execute(
          sql`select count(*)::int as mismatched from assets a where a.webp_sources is distinct from app_webp_sources_of(a.id)`,
        )
        .then((result) => result.rows as Array<{ mismatched: number }>),
    )
    expect(mismatched).toBe(0)
  })
})
