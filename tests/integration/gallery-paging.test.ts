import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { asset, contentItem } from '#db/schema'
import { withPublicRead, withSystem, type Transaction } from '#app/lib/db.server'
import { GALLERY_PAGE_SIZE } from '#app/features/galleries/fans/gallery-paging'
import { sizeRunsOf } from '#app/features/galleries/fans/size-runs'
import { getCompanyLanding } from '#app/features/companies/landing/server/get-company-landing.server'
import { getGalleryPage, getPublicGallery } from '#app/features/galleries/fans/server/get-public-gallery.server'
import { resolvePublicCompany } from '#app/access/public-visitor.server'
import { type PublicContext } from '#app/access/context'
import { findLivePhotosAfter, findNewestLivePhotos } from '#app/features/galleries/live/server/find-live-photos.server'
import { assetRowsFetched } from '../support/rows-fetched'
import { TestClient } from '../support/http-client'
import { copyReadyPhoto, waitForAssetsReady } from '../support/assets'
import { createCompanyAdmin } from '../support/fixtures'
import { makePhoto } from '../support/media-files'
import { tusUpload } from '../support/tus'

type Page = {
  media: { id: string; width: number; height: number }[]
  next: string | null
  upcoming: { sizes: string; more: boolean } | null
}

describe('a gallery of any size', () => {
  it('shows its first page in the HTML and the rest page by page, every photo once and in order, across changes made between pages', async () => {
    const admin = await createCompanyAdmin('paging')
    const [gallery] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({
          companyId: admin.company.id,
          kind: 'gallery',
          title: 'Big Night',
          slug: 'big-night',
          status: 'published',
          publishedAt: new Date(),
        })
        .returning(),
    )
    const first = (await tusUpload(admin.client, await makePhoto(1200, 800, '#0af'), {
      filename: 'first.jpg',
      purpose: 'gallery-media',
      contentItemId: gallery.id,
    })) as { assetId: string }
    await waitForAssetsReady([first.assetId])
    const copies = await copyReadyPhoto(first.assetId, 3 * GALLERY_PAGE_SIZE + 9)
    const all = [first.assetId, ...copies]
    const fan = new TestClient()
    const base = `/${admin.company.slug}/galeria/big-night`

    const html = await fan.get(base)
    expect(html.status).toBe(200)
    expect(html.text.match(/data-testid="public-media"/g)).toHaveLength(GALLERY_PAGE_SIZE)
    expect(html.text).toContain(`/p/${all[GALLERY_PAGE_SIZE - 1]}/`)
    expect(html.text).not.toContain(`/p/${all[GALLERY_PAGE_SIZE]}/`)
    const firstPage = await fan.get(`${base}/fotos`)
    expect(firstPage.headers['content-type']).toContain('application/json')
    const page1 = firstPage.json<Page>()
    expect(page1.media.map((item) => item.id)).toEqual(all.slice(0, GALLERY_PAGE_SIZE))

    // Between two pages: a photo already seen and one not seen yet are deleted, one more arrives.
    const [added] = await copyReadyPhoto(first.assetId, 1)
    await withSystem((tx) => tx.delete(asset).where(eq(asset.id, all[5])))
    await withSystem((tx) => tx.delete(asset).where(eq(asset.id, all[GALLERY_PAGE_SIZE + 3])))
    const seen = [...page1.media.map((item) => item.id)]
    let next = page1.next
    let pages = 1
    while (next) {
      const page = (await fan.get(`${base}/fotos?after=${encodeURIComponent(next)}`)).json<Page>()
      seen.push(...page.media.map((item) => item.id))
      next = page.next
      pages += 1
    }

    // Each page carries the sizes of the two after it (the space a fan's browser holds for them),
    // and says whether more follows them.
    const sized = (page: Page) => page.media.map((item): [number, number] => [item.width, item.height])
    const pagesInOrder: Page[] = [page1]
    while (pagesInOrder.at(-1)!.next)
      pagesInOrder.push(
        (await fan.get(`${base}/fotos?after=${encodeURIComponent(pagesInOrder.at(-1)!.next!)}`)).json<Page>(),
      )
    const [, second, third, fourth] = pagesInOrder
    expect(pagesInOrder).toHaveLength(4)
    expect(page1.upcoming).toEqual({ sizes: sizeRunsOf([...sized(second), ...sized(third)]), more: true })
    expect(second.upcoming).toEqual({ sizes: sizeRunsOf([...sized(third), ...sized(fourth)]), more: false })
    expect(third.upcoming).toEqual({ sizes: sizeRunsOf(sized(fourth)), more: false })
    expect(fourth).toMatchObject({ next: null, upcoming: null })
    const expected = [...all.filter((id) => id !== all[GALLERY_PAGE_SIZE + 3]), added]
    expect(seen).toEqual(expected)
    expect(new Set(seen).size).toBe(seen.length)
    expect(pages).toBe(4)

    // Without JavaScript, "Load more photos" links to the same page after the last one shown.
    const link = /href="\?after=([^"]+)"/.exec(html.text)?.[1]
    expect(link).toBeTruthy()
    const linked = await fan.get(`${base}?after=${link}`)
    expect(linked.text).toContain(`/p/${all[GALLERY_PAGE_SIZE]}/`)
    expect(linked.text).not.toContain(`/p/${all[1]}/`) // (the first photo is the cover, shown on every page)
    // The filter applies to every page; a broken cursor starts from the beginning.
    expect((await fan.get(`${base}/fotos?type=videos`)).json<Page>()).toEqual({ media: [], next: null, upcoming: null })
    expect((await fan.get(`${base}/fotos?after=nonsense`)).json<Page>().media[0].id).toBe(all[0])
    expect((await fan.get(`/${admin.company.slug}/galeria/no-such-gallery/fotos`)).status).toBe(404)
  })
})

describe('a large gallery whose rows lie scattered through the table', () => {
  const PHOTOS = 2000
  let admin: Awaited<ReturnType<typeof createCompanyAdmin>>
  let galleryId: string
  let first: string
  let copies: string[]
  let context: PublicContext

  beforeAll(async () => {
    admin = await createCompanyAdmin('paging-large')
    const [gallery, otherStage] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values(
          ['Festival', 'Second stage'].map((title) => ({
            companyId: admin.company.id,
            kind: 'gallery',
            title,
            slug: title.toLowerCase().replace(' ', '-'),
            status: 'published',
            publishedAt: new Date(),
          })),
        )
        .returning(),
    )
    galleryId = gallery.id
    const uploaded = async (contentItemId: string, color: string) => {
      const { assetId } = (await tusUpload(admin.client, await makePhoto(600, 400, color), {
        filename: 'first.jpg',
        purpose: 'gallery-media',
        contentItemId,
      })) as { assetId: string }
      await waitForAssetsReady([assetId])
      return assetId
    }
    first = await uploaded(gallery.id, '#f0a')
    const otherFirst = await uploaded(otherStage.id, '#0fa')
    // Two stages' photographers uploading at once: each gallery's rows lie scattered among the
    // other's, as on a platform where many companies upload, not side by side on disk.
    copies = []
    for (let batch = 0; batch < (PHOTOS - 1) / 100; batch++) {
      copies.push(...(await copyReadyPhoto(first, Math.min(100, PHOTOS - 1 - copies.length))))
      await copyReadyPhoto(otherFirst, 100)
    }
    // Shown live as they came, in the order fans see them (the live drop's place of each).
    await withSystem((tx) =>
      tx.execute(sql`update assets set live_seq = position + 1 where content_item_id = ${gallery.id}`),
    )
    // As autovacuum would have by the time fans come: the planner knows the gallery's size.
    await withSystem((tx) => tx.execute(sql`analyze assets`))
    context = await resolvePublicCompany({ host: { kind: 'platform' }, path: '/' }, admin.company.slug)
  })

  /**
   * A fan's read, with the most rows of `assets` PostgreSQL fetched for it in any of four runs,
   * each in its own transaction: the first runs are planned with their values, the later ones
   * (from the third, when the app prepares the statement) with the plan PostgreSQL keeps for
   * every call. Whatever the planner makes of them, short reads must stay short: each run also
   * makes fetching rows one by one down an index look dear, as the planner may judge it on a table
   * shaped otherwise than this one's (the full suite's planned a first page's cover that way).
   */
  const rowsFetched = async <T>(read: (fan: PublicContext) => Promise<T>) => {
    let fetched = 0
    let result: T | undefined
    for (let run = 0; run < 4; run++) {
      result = await read({
        ...context,
        read: (work) =>
          withPublicRead(admin.company.id, async (tx: Transaction) => {
            await tx.execute(
              sql`select set_config('random_page_cost', '40', true), set_config('plan_cache_mode', ${run < 2 ? 'auto' : 'force_generic_plan'}, true)`,
            )
            const before = await assetRowsFetched(tx)
            const out = await work(tx)
            fetched = Math.max(fetched, (await assetRowsFetched(tx)) - before)
            return out
          }),
      })
    }
    return { result: result!, fetched }
  }

  // A page, the sizes of the two after it, and each shown photo's renditions checked against its
  // row: a few hundred rows, however large the gallery (fetching the whole gallery to sort it
  // fetched some 4,000 for each page).
  it('reads a page for each page a fan opens, not the whole gallery', async () => {
    const firstPage = await rowsFetched((fan) => getPublicGallery(fan, 'festival', { tab: 'all' }))
    expect(firstPage.result.media).toHaveLength(GALLERY_PAGE_SIZE)
    expect(firstPage.result.media[0].id).toBe(first)
    const later = await rowsFetched((fan) =>
      getGalleryPage(fan, 'festival', { tab: 'all', after: firstPage.result.next }),
    )
    expect(later.result.media.map((item) => item.id)).toEqual(
      copies.slice(GALLERY_PAGE_SIZE - 1, 2 * GALLERY_PAGE_SIZE - 1),
    )
    // The tabs: its photos, and its videos (none), found without walking past its photos.
    const photos = await rowsFetched((fan) => getPublicGallery(fan, 'festival', { tab: 'photos' }))
    expect(photos.result.media).toHaveLength(GALLERY_PAGE_SIZE)
    const videos = await rowsFetched((fan) => getPublicGallery(fan, 'festival', { tab: 'videos' }))
    expect(videos.result.media).toEqual([])
    for (const [name, read] of Object.entries({ firstPage, later, photos, videos }))
      expect(read.fetched, name).toBeLessThan(PHOTOS / 4)
  })

  it('finds the covers of the landing page down each gallery, not by sorting its photos', async () => {
    const landing = await rowsFetched((fan) => getCompanyLanding(fan))
    expect(landing.result.galleries.find((gallery) => gallery.id === galleryId)?.coverAssetId).toBe(first)
    expect(landing.fetched).toBeLessThan(PHOTOS / 4)
  })

  it("reads a live show's newest photos, and those after a fan's place, not the whole show", async () => {
    const newest = await rowsFetched((fan) => fan.read((tx) => findNewestLivePhotos(tx, galleryId, 12)))
    expect(newest.result.map((photo) => photo.seq)).toEqual(Array.from({ length: 12 }, (_, index) => PHOTOS - index))
    // A fan whose stream drops early in the show and comes back: the next few after their place.
    const resumed = await rowsFetched((fan) => fan.read((tx) => findLivePhotosAfter(galleryId, 3, 50, tx)))
    expect(resumed.result.map((photo) => photo.seq)).toEqual(Array.from({ length: 50 }, (_, index) => 4 + index))
    for (const [name, read] of Object.entries({ newest, resumed })) expect(read.fetched, name).toBeLessThan(PHOTOS / 4)
  })
})
