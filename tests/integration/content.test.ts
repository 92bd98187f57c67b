import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { asset, contentItem, event, member as memberTable } from '#db/schema'
import { getDb, withSystem } from '#app/lib/db.server'
import { getStorage } from '#app/lib/storage.server'
import { TestClient } from '../support/http-client'
import { createCompanyAdmin, createVerifiedUser, signIn } from '../support/fixtures'
import { makePhoto } from '../support/media-files'
import { tusUpload } from '../support/tus'
import { waitUntil } from '../support/wait'

const newGallery = async (client: TestClient, title: string) => {
  const response = await client.postForm('/admin/content/new?kind=gallery', { title })
  expect(response.status).toBe(302)
  return String(response.headers.location).split('/').pop()!
}

const photo = (color: string) => makePhoto(800, 600, color)

describe('Highlights: galleries in the admin', () => {
  it('requires a title, then creates a draft gallery and lists it', async () => {
    const admin = await createCompanyAdmin('galleries')
    const missing = await admin.client.postForm('/admin/content/new?kind=gallery', { title: '  ' })
    expect(missing.status).toBe(400)
    expect(missing.text).toContain('Title is required')
    const id = await newGallery(admin.client, 'Summer Fest — Night 1')
    const [row] = await withSystem((tx) => tx.select().from(contentItem).where(eq(contentItem.id, id)))
    expect(row).toMatchObject({
      kind: 'gallery',
      status: 'draft',
      slug: 'summer-fest-night-1',
      companyId: admin.company.id,
    })
    const list = await admin.client.get('/admin/content?kind=gallery&q=summer')
    expect(list.text).toContain('Summer Fest — Night 1')
    const none = await admin.client.get('/admin/content?status=published')
    expect(none.text).not.toContain('Summer Fest — Night 1')
  })

  it('publishes only with at least one file, keeps the order it is given, and deletes files with the gallery', async () => {
    const admin = await createCompanyAdmin('publish')
    const id = await newGallery(admin.client, 'Encore')
    const early = await admin.client.postForm(`/admin/content/${id}`, { intent: 'status', status: 'published' })
    expect(early.status).toBe(400)

    const uploaded: string[] = []
    for (const [name, color] of [
      ['a.jpg', '#f00'],
      ['b.jpg', '#0f0'],
      ['c.jpg', '#00f'],
    ] as const) {
      const result = await tusUpload(admin.client, await photo(color), {
        filename: name,
        purpose: 'gallery-media',
        contentItemId: id,
      })
      uploaded.push((result as { assetId: string }).assetId)
    }
    const reordered = [uploaded[2], uploaded[0], uploaded[1]]
    expect(
      (await admin.client.postForm(`/admin/content/${id}`, { intent: 'reorder', order: reordered.join(',') })).status,
    ).toBe(200)
    const positions = await withSystem((tx) =>
      tx.select({ id: asset.id, position: asset.position }).from(asset).where(eq(asset.contentItemId, id)),
    )
    expect([...positions].sort((a, b) => a.position - b.position).map((p) => p.id)).toEqual(reordered)
    const partial = await admin.client.postForm(`/admin/content/${id}`, { intent: 'reorder', order: uploaded[0] })
    expect(partial.status).toBe(409)

    expect(
      (
        await admin.client.postForm(`/admin/content/${id}`, {
          intent: 'file-text',
          assetId: uploaded[0],
          title: 'Crowd',
          altText: 'Hands up at the front row',
          description: '',
        })
      ).status,
    ).toBe(200)
    const [texted] = await withSystem((tx) => tx.select().from(asset).where(eq(asset.id, uploaded[0])))
    expect(texted).toMatchObject({ title: 'Crowd', altText: 'Hands up at the front row', description: null })

    expect(
      (await admin.client.postForm(`/admin/content/${id}`, { intent: 'status', status: 'published' })).status,
    ).toBe(200)
    const [published] = await withSystem((tx) => tx.select().from(contentItem).where(eq(contentItem.id, id)))
    expect(published.status).toBe('published')
    expect(published.publishedAt).not.toBeNull()

    // Wait for renditions, so every kind of stored file exists before the delete.
    await waitUntil(async () =>
      (await withSystem((tx) => tx.select().from(asset).where(eq(asset.contentItemId, id)))).every(
        (a) => a.processingStatus === 'ready',
      ),
    )
    const keys = (
      await withSystem((tx) => tx.select({ key: asset.storageKey }).from(asset).where(eq(asset.contentItemId, id)))
    ).map((row) => row.key)
    const deleted = await admin.client.postForm(`/admin/content/${id}`, { intent: 'delete' })
    expect(deleted.status).toBe(302)
    expect(await withSystem((tx) => tx.select().from(asset).where(eq(asset.contentItemId, id)))).toHaveLength(0)
    await waitUntil(async () =>
      (await Promise.all(keys.map((key) => getStorage().head(key)))).every((head) => head === null),
    )
    for (const assetId of uploaded)
      expect(await getStorage().head(`${admin.company.id}/${assetId}/w400.webp`)).toBeNull()
  })

  it("attaches content to the company's own events only", async () => {
    const admin = await createCompanyAdmin('content-event')
    const [own] = await withSystem((tx) =>
      tx.insert(event).values({ companyId: admin.company.id, slug: 'own', title: 'Own show' }).returning(),
    )
    const other = await createCompanyAdmin('content-event-other')
    const [foreign] = await withSystem((tx) =>
      tx.insert(event).values({ companyId: other.company.id, slug: 'foreign', title: 'Foreign show' }).returning(),
    )
    const refused = await admin.client.postForm('/admin/content/new?kind=single', {
      title: 'Setlist',
      eventId: foreign.id,
    })
    expect(refused.status).toBe(404)
    expect(refused.text).toContain('This event does not exist or was deleted.')
    const created = await admin.client.postForm('/admin/content/new?kind=single', { title: 'Setlist', eventId: own.id })
    const id = String(created.headers.location).split('/').pop()!
    const [row] = await withSystem((tx) => tx.select().from(contentItem).where(eq(contentItem.id, id)))
    expect(row.eventId).toBe(own.id)
    expect(
      (await admin.client.postForm(`/admin/content/${id}`, { intent: 'save', title: 'Setlist', eventId: foreign.id }))
        .status,
    ).toBe(404)
    const editor = await admin.client.get(`/admin/content/${id}`)
    expect(editor.text).toContain('Own show')
    expect(editor.text).not.toContain('Foreign show')
    expect(editor.text).toContain('0 views')
  })

  it('offers a retry for a file whose processing failed, and it then succeeds', async () => {
    const admin = await createCompanyAdmin('retry-button')
    const id = await newGallery(admin.client, 'Retry')
    const assetId = crypto.randomUUID()
    const storageKey = `${admin.company.id}/${assetId}/original.jpg`
    await getStorage().put(storageKey, await photo('#abcdef'), { contentType: 'image/jpeg' })
    await withSystem((tx) =>
      tx.insert(asset).values({
        id: assetId,
        companyId: admin.company.id,
        contentItemId: id,
        purpose: 'gallery-media',
        mediaType: 'image',
        originalName: 'late.jpg',
        mimeType: 'image/jpeg',
        sizeBytes: 10,
        storageKey,
        processingStatus: 'failed',
        processingError: 'timeout',
      }),
    )
    expect((await admin.client.get(`/admin/content/${id}`)).text).toContain('Try again')
    expect((await admin.client.postForm(`/admin/content/${id}`, { intent: 'retry-processing', assetId })).status).toBe(
      200,
    )
    await waitUntil(
      async () =>
        (await withSystem((tx) => tx.select().from(asset).where(eq(asset.id, assetId))))[0].processingStatus ===
        'ready',
    )
  })

  it('lets a user edit drafts but not publish, archive or delete', async () => {
    const admin = await createCompanyAdmin('roles')
    const id = await newGallery(admin.client, 'Backstage')
    const account = await createVerifiedUser()
    const userId = (await getDb().query.user.findFirst({
      where: (u, { eq: equals }) => equals(u.email, account.email),
    }))!.id
    await getDb()
      .insert(memberTable)
      .values({ id: crypto.randomUUID(), organizationId: admin.company.id, userId, role: 'user' })
    const staff = new TestClient()
    await signIn(staff, account)
    expect((await staff.postForm(`/admin/content/${id}`, { intent: 'save', title: 'Backstage (edited)' })).status).toBe(
      200,
    )
    expect((await staff.postForm(`/admin/content/${id}`, { intent: 'status', status: 'published' })).status).toBe(403)
    expect((await staff.postForm(`/admin/content/${id}`, { intent: 'delete' })).status).toBe(403)
    const [row] = await withSystem((tx) => tx.select().from(contentItem).where(eq(contentItem.id, id)))
    expect(row).toMatchObject({ title: 'Backstage (edited)', status: 'draft' })
  })

  it("shows nothing of another company's content, files or media", async () => {
    const owner = await createCompanyAdmin('owner')
    const id = await newGallery(owner.client, 'Private rehearsal')
    const upload = await tusUpload(owner.client, await photo('#123456'), {
      filename: 'r.jpg',
      purpose: 'gallery-media',
      contentItemId: id,
    })
    const assetId = (upload as { assetId: string }).assetId
    expect((await owner.client.get(`/media/${assetId}/original`)).status).toBe(200)

    const stranger = await createCompanyAdmin('stranger')
    expect((await stranger.client.get(`/admin/content/${id}`)).status).toBe(404)
    const attempts: Record<string, string>[] = [
      { intent: 'save', title: 'Taken over' },
      { intent: 'status', status: 'published' },
      { intent: 'delete' },
      { intent: 'remove-file', assetId },
      { intent: 'reorder', order: assetId },
      { intent: 'file-text', assetId, title: 'x', description: '', altText: '' },
    ]
    for (const form of attempts) {
      expect((await stranger.client.postForm(`/admin/content/${id}`, form)).status, form.intent).toBe(404)
    }
    expect((await stranger.client.get(`/media/${assetId}/original`)).status).toBe(404)
    expect((await stranger.client.get('/admin/content')).text).not.toContain('Private rehearsal')
    expect((await new TestClient().get(`/media/${assetId}/original`)).status).toBe(302)
    const [row] = await withSystem((tx) => tx.select().from(contentItem).where(eq(contentItem.id, id)))
    expect(row).toMatchObject({ title: 'Private rehearsal', status: 'draft' })
  })
})
