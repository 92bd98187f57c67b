import { randomUUID } from 'node:crypto'
import { asc, eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { asset, contentItem } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import type { TestClient } from '../support/http-client'
import { createCompanyAdmin, createMemberWithRole } from '../support/fixtures'
import { makePhoto } from '../support/media-files'
import { tusUpload } from '../support/tus'

const newGallery = async (client: TestClient, title: string) => {
  const response = await client.postForm('/admin/content/new?kind=gallery', { title })
  expect(response.status).toBe(302)
  return String(response.headers.location).split('/').pop()!
}

const upload = async (
  client: TestClient,
  contentItemId: string,
  filename: string,
  extra: Record<string, string> = {},
) => {
  const result = await tusUpload(client, await makePhoto(400, 300, '#336699'), {
    filename,
    purpose: 'gallery-media',
    contentItemId,
    ...extra,
  })
  expect(result.ok).toBe(true)
  return (result as { assetId: string }).assetId
}

const statuses = (ids: string[]) =>
  withSystem((tx) =>
    tx
      .select({ id: contentItem.id, status: contentItem.status, eventId: contentItem.eventId })
      .from(contentItem)
      .where(inArray(contentItem.id, ids)),
  )

describe('Highlights: bulk actions and the gallery editor', () => {
  it('publishes, archives and deletes a selection all or none, only within the company and by managers', async () => {
    const admin = await createCompanyAdmin('bulk')
    const filled = await newGallery(admin.client, 'Filled')
    const empty = await newGallery(admin.client, 'Empty')
    await upload(admin.client, filled, 'one.jpg')

    // An empty gallery in the selection: nothing is published, and the answer says why.
    const refused = await admin.client.postForm('/admin/content', {
      intent: 'bulk-status',
      status: 'published',
      ids: `${filled},${empty}`,
    })
    expect(refused.status).toBe(400)
    expect(refused.text).toContain('content.errors.someEmpty')
    expect((await statuses([filled, empty])).map((row) => row.status)).toEqual(['draft', 'draft'])

    // Another company's item, or something that is not an id: nothing changes.
    const other = await createCompanyAdmin('bulk-other')
    const theirs = await newGallery(other.client, 'Theirs')
    expect(
      (
        await admin.client.postForm('/admin/content', {
          intent: 'bulk-status',
          status: 'archived',
          ids: `${filled},${theirs}`,
        })
      ).status,
    ).toBe(404)
    expect(
      (
        await admin.client.postForm('/admin/content', {
          intent: 'bulk-status',
          status: 'archived',
          ids: `${filled},not-an-id`,
        })
      ).status,
    ).toBe(400)
    expect((await statuses([filled, empty, theirs])).every((row) => row.status === 'draft')).toBe(true)

    // A user may not publish, archive or delete, in bulk either.
    const staff = await createMemberWithRole(admin.company.id, 'user')
    expect(
      (await staff.postForm('/admin/content', { intent: 'bulk-status', status: 'archived', ids: `${filled},${empty}` }))
        .status,
    ).toBe(403)
    expect((await staff.postForm('/admin/content', { intent: 'bulk-delete', ids: `${filled},${empty}` })).status).toBe(
      403,
    )

    expect(
      (
        await admin.client.postForm('/admin/content', {
          intent: 'bulk-status',
          status: 'archived',
          ids: `${filled},${empty}`,
        })
      ).status,
    ).toBe(200)
    expect((await statuses([filled, empty])).map((row) => row.status)).toEqual(['archived', 'archived'])

    expect(
      (await admin.client.postForm('/admin/content', { intent: 'bulk-delete', ids: `${filled},${empty}` })).status,
    ).toBe(200)
    expect(await statuses([filled, empty])).toEqual([])
    expect(
      await withSystem((tx) => tx.select({ id: asset.id }).from(asset).where(eq(asset.companyId, admin.company.id))),
    ).toEqual([])
    expect(await statuses([theirs])).toHaveLength(1)
  })

  it("puts a selection in one of the company's events, and takes it out again", async () => {
    const admin = await createCompanyAdmin('bulk-event')
    const a = await newGallery(admin.client, 'Night one')
    const b = await newGallery(admin.client, 'Night two')
    const created = await admin.client.postForm('/admin/events/new', {
      title: 'Tour stop',
      slug: 'tour-stop',
      startsAt: '2026-12-31T21:30',
    })
    const eventId = String(created.headers.location).split('/').pop()!
    const other = await createCompanyAdmin('bulk-event-other')
    const foreign = await other.client.postForm('/admin/events/new', {
      title: 'Not yours',
      slug: 'not-yours',
      startsAt: '2026-12-31T21:30',
    })
    const foreignId = String(foreign.headers.location).split('/').pop()!

    expect(
      (await admin.client.postForm('/admin/content', { intent: 'bulk-event', eventId: foreignId, ids: `${a},${b}` }))
        .status,
    ).toBe(404)
    expect((await statuses([a, b])).map((row) => row.eventId)).toEqual([null, null])
    expect(
      (await admin.client.postForm('/admin/content', { intent: 'bulk-event', eventId, ids: `${a},${b}` })).status,
    ).toBe(200)
    expect((await statuses([a, b])).map((row) => row.eventId)).toEqual([eventId, eventId])
    const filtered = await admin.client.get(`/admin/content?event=${eventId}&view=list`)
    expect(filtered.text).toContain('Night one')
    expect(filtered.text).toContain('Tour stop')
    expect(
      (await admin.client.postForm('/admin/content', { intent: 'bulk-event', eventId: '', ids: `${a},${b}` })).status,
    ).toBe(200)
    expect((await statuses([a, b])).map((row) => row.eventId)).toEqual([null, null])
  })

  it('places a batch in the order chosen whatever order its uploads finish in', async () => {
    const admin = await createCompanyAdmin('upload-order')
    const id = await newGallery(admin.client, 'Order')
    const first = await upload(admin.client, id, 'earlier.jpg')
    const batch = randomUUID()
    // Chosen as 0, 1, 2, 3; finishing as 2, 0, 3, 1.
    const done: Record<number, string> = {}
    for (const index of [2, 0, 3, 1])
      done[index] = await upload(admin.client, id, `chosen-${index}.jpg`, { batch, index: String(index) })
    const rows = await withSystem((tx) =>
      tx
        .select({ id: asset.id, position: asset.position })
        .from(asset)
        .where(eq(asset.contentItemId, id))
        .orderBy(asc(asset.position)),
    )
    expect(rows.map((row) => row.id)).toEqual([first, done[0], done[1], done[2], done[3]])
    expect(rows.map((row) => row.position)).toEqual([0, 1, 2, 3, 4])
  })

  it('makes any photo the cover, keeps it when another cover is uploaded, and forgets it when the photo is removed', async () => {
    const admin = await createCompanyAdmin('cover-from-file')
    const id = await newGallery(admin.client, 'Covers')
    const photo = await upload(admin.client, id, 'best.jpg')
    const other = await createCompanyAdmin('cover-from-file-other')
    const theirs = await newGallery(other.client, 'Theirs')
    const theirPhoto = await upload(other.client, theirs, 'theirs.jpg')

    expect(
      (await admin.client.postForm(`/admin/content/${id}`, { intent: 'set-cover', assetId: theirPhoto })).status,
    ).toBe(404)
    expect((await admin.client.postForm(`/admin/content/${id}`, { intent: 'set-cover', assetId: photo })).status).toBe(
      200,
    )
    const cover = async () =>
      (
        await withSystem((tx) =>
          tx.select({ cover: contentItem.coverAssetId }).from(contentItem).where(eq(contentItem.id, id)),
        )
      )[0].cover
    expect(await cover()).toBe(photo)

    // An uploaded cover replaces the choice, but the photo stays in the gallery.
    const uploaded = await tusUpload(admin.client, await makePhoto(1200, 600, '#aa2244'), {
      filename: 'poster.jpg',
      purpose: 'cover',
      contentItemId: id,
    })
    const uploadedId = (uploaded as { assetId: string }).assetId
    expect(await cover()).toBe(uploadedId)
    expect(await withSystem((tx) => tx.select({ id: asset.id }).from(asset).where(eq(asset.id, photo)))).toHaveLength(1)

    // Choosing the photo again deletes the uploaded cover; removing the photo leaves the automatic cover.
    expect((await admin.client.postForm(`/admin/content/${id}`, { intent: 'set-cover', assetId: photo })).status).toBe(
      200,
    )
    expect(await withSystem((tx) => tx.select({ id: asset.id }).from(asset).where(eq(asset.id, uploadedId)))).toEqual(
      [],
    )
    expect(
      (await admin.client.postForm(`/admin/content/${id}`, { intent: 'remove-files', assetIds: photo })).status,
    ).toBe(200)
    expect(await cover()).toBeNull()
  })
})
