import { asc, eq, inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { asset, auditEvent, contentItem, galleryFileCount } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { waitForAssetsReady } from '../support/assets'
import type { TestClient } from '../support/http-client'
import { createCompanyAdmin, createMemberWithRole } from '../support/fixtures'
import { makePhoto } from '../support/media-files'
import { tusUpload } from '../support/tus'

/*
 * The gallery editor's bulk actions on a selection of files (show or hide, move, one alt text,
 * capture order): each one all or none, within one company's galleries, refused with a reason
 * that changes nothing, and written to the audit log.
 */

const newGallery = async (client: TestClient, title: string) => {
  const response = await client.postForm('/admin/content/new?kind=gallery', { title })
  expect(response.status).toBe(302)
  return String(response.headers.location).split('/').pop()!
}

/** Photos uploaded in this order and processed, then dated as taken at these minutes after 22:00. */
const photos = async (client: TestClient, contentItemId: string, minutes: number[]) => {
  const ids: string[] = []
  for (const [index] of minutes.entries()) {
    const result = await tusUpload(client, await makePhoto(400, 300, '#336699'), {
      filename: `IMG_${index + 1}.jpg`,
      purpose: 'gallery-media',
      contentItemId,
    })
    expect(result.ok).toBe(true)
    ids.push((result as { assetId: string }).assetId)
  }
  // Processing reads the photo's own capture time (these have none): the times are given after it.
  await waitForAssetsReady(ids)
  await withSystem(async (tx) => {
    for (const [index, id] of ids.entries())
      await tx
        .update(asset)
        .set({ capturedAt: new Date(Date.UTC(2026, 6, 14, 22, minutes[index])) })
        .where(eq(asset.id, id))
  })
  return ids
}

const filesOf = (contentItemId: string) =>
  withSystem((tx) =>
    tx
      .select({
        id: asset.id,
        name: asset.originalName,
        moderation: asset.moderation,
        altText: asset.altText,
        position: asset.position,
      })
      .from(asset)
      .where(eq(asset.contentItemId, contentItemId))
      .orderBy(asc(asset.position)),
  )

const photosFansCount = async (contentItemId: string) => {
  const [row] = await withSystem((tx) =>
    tx
      .select({ photos: galleryFileCount.photos })
      .from(galleryFileCount)
      .where(eq(galleryFileCount.contentItemId, contentItemId)),
  )
  return row?.photos ?? 0
}

describe("the gallery editor's bulk actions on a selection of files", () => {
  let admin: Awaited<ReturnType<typeof createCompanyAdmin>>
  let other: Awaited<ReturnType<typeof createCompanyAdmin>>
  let gallery = ''
  let target = ''
  let theirGallery = ''
  let ours: string[] = []
  let theirs: string[] = []
  const post = (fields: Record<string, string>, client = admin.client, id = gallery) =>
    client.postForm(`/admin/content/${id}`, fields)

  beforeAll(async () => {
    admin = await createCompanyAdmin('files-bulk')
    other = await createCompanyAdmin('files-bulk-other')
    gallery = await newGallery(admin.client, 'Main stage')
    target = await newGallery(admin.client, 'Encore')
    theirGallery = await newGallery(other.client, 'Their show')
    // Uploaded in an order that is not the order they were taken in.
    ours = await photos(admin.client, gallery, [30, 10, 40, 20])
    theirs = await photos(other.client, theirGallery, [5])
    await photos(admin.client, target, [0])
  })

  it('hides files from fans and shows them again, all or none, managers only', async () => {
    await post({ intent: 'set-cover', assetId: ours[0] })
    expect(await photosFansCount(gallery)).toBe(4)

    // Another company's file in the selection: refused, nothing hidden.
    const refused = await post({
      intent: 'files-visibility',
      visibility: 'hidden',
      assetIds: `${ours[0]},${theirs[0]}`,
    })
    expect(refused.status).toBe(404)
    expect(refused.text).toContain('studio.editor.bulk.errors.notInGallery')
    expect((await filesOf(gallery)).every((file) => file.moderation === 'approved')).toBe(true)
    // Not an id at all: refused as a bad request.
    expect((await post({ intent: 'files-visibility', visibility: 'hidden', assetIds: 'x' })).status).toBe(400)

    // A user edits drafts but does not decide what fans see.
    const user = await createMemberWithRole(admin.company.id, 'user')
    expect((await post({ intent: 'files-visibility', visibility: 'hidden', assetIds: ours[0] }, user)).status).toBe(403)

    const hidden = await post({ intent: 'files-visibility', visibility: 'hidden', assetIds: `${ours[0]},${ours[1]}` })
    expect(hidden.status).toBe(200)
    expect(hidden.text).toContain('studio.editor.bulk.done.hidden')
    expect((await filesOf(gallery)).map((file) => file.moderation)).toEqual([
      'hidden',
      'hidden',
      'approved',
      'approved',
    ])
    // Fans' counts leave them out, and a hidden cover gives way to the automatic one.
    expect(await photosFansCount(gallery)).toBe(2)
    const [item] = await withSystem((tx) =>
      tx.select({ cover: contentItem.coverAssetId }).from(contentItem).where(eq(contentItem.id, gallery)),
    )
    expect(item.cover).toBeNull()

    expect((await post({ intent: 'files-visibility', visibility: 'visible', assetIds: ours[1] })).status).toBe(200)
    expect((await filesOf(gallery)).map((file) => file.moderation)).toEqual([
      'hidden',
      'approved',
      'approved',
      'approved',
    ])
    expect(await photosFansCount(gallery)).toBe(3)
    // The other company's file was never touched.
    expect((await filesOf(theirGallery)).map((file) => file.moderation)).toEqual(['approved'])
  })

  it('gives the selection one alt text, refusing an empty one and other companies’ files', async () => {
    const empty = await post({ intent: 'files-alt-text', altText: '   ', assetIds: `${ours[2]},${ours[3]}` })
    expect(empty.status).toBe(400)
    // Said under the field, in the admin's language (the key of the four catalogs).
    expect(empty.text).toContain('studio.editor.bulk.errors.altRequired')
    const tooLong = await post({ intent: 'files-alt-text', altText: 'a'.repeat(501), assetIds: ours[2] })
    expect(tooLong.text).toContain('studio.editor.bulk.errors.altTooLong')
    const mixed = await post({ intent: 'files-alt-text', altText: 'Confetti', assetIds: `${ours[2]},${theirs[0]}` })
    expect(mixed.status).toBe(404)
    // Their own gallery's address with our files: not theirs to change either.
    expect(
      (await post({ intent: 'files-alt-text', altText: 'Confetti', assetIds: ours[2] }, other.client, gallery)).status,
    ).toBe(404)
    expect((await filesOf(gallery)).every((file) => file.altText === null)).toBe(true)
    expect((await filesOf(theirGallery))[0].altText).toBeNull()

    const done = await post({
      intent: 'files-alt-text',
      altText: '  Confetti over the crowd ',
      assetIds: `${ours[2]},${ours[3]}`,
    })
    expect(done.status).toBe(200)
    expect((await filesOf(gallery)).map((file) => file.altText)).toEqual([
      null,
      null,
      'Confetti over the crowd',
      'Confetti over the crowd',
    ])
  })

  it('puts the selection in the order it was taken, in the places it held', async () => {
    expect((await post({ intent: 'files-order-captured', assetIds: `${ours[0]},${theirs[0]}` })).status).toBe(404)
    expect((await filesOf(gallery)).map((file) => file.id)).toEqual(ours)
    // The first three (22:30, 22:10, 22:40): 22:10 first; the fourth (22:20) stays last.
    const done = await post({ intent: 'files-order-captured', assetIds: `${ours[0]},${ours[1]},${ours[2]}` })
    expect(done.status).toBe(200)
    expect((await filesOf(gallery)).map((file) => file.id)).toEqual([ours[1], ours[0], ours[2], ours[3]])
  })

  it('moves the selection to another gallery of the company only', async () => {
    const before = await filesOf(gallery)
    // Another company's gallery, something that is not an id, this same gallery, a single item: refused.
    const abroad = await post({ intent: 'files-move', targetId: theirGallery, assetIds: ours[2] })
    expect(abroad.status).toBe(404)
    expect(abroad.text).toContain('studio.editor.bulk.errors.targetNotFound')
    expect((await post({ intent: 'files-move', targetId: 'nowhere', assetIds: ours[2] })).status).toBe(404)
    const same = await post({ intent: 'files-move', targetId: gallery, assetIds: ours[2] })
    expect(same.status).toBe(400)
    expect(same.text).toContain('studio.editor.bulk.errors.sameGallery')
    const single = await admin.client.postForm('/admin/content/new?kind=single', { title: 'Poster' })
    const singleId = String(single.headers.location).split('/').pop()!
    expect((await post({ intent: 'files-move', targetId: singleId, assetIds: ours[2] })).status).toBe(404)
    // Their files through our gallery, or our files from their gallery's address: refused.
    expect((await post({ intent: 'files-move', targetId: target, assetIds: `${ours[2]},${theirs[0]}` })).status).toBe(
      404,
    )
    expect(
      (await post({ intent: 'files-move', targetId: target, assetIds: ours[2] }, other.client, theirGallery)).status,
    ).toBe(404)
    expect(await filesOf(gallery)).toEqual(before)
    expect(await filesOf(theirGallery)).toHaveLength(1)

    const moved = await post({ intent: 'files-move', targetId: target, assetIds: `${ours[3]},${ours[2]}` })
    expect(moved.status).toBe(200)
    expect(moved.text).toContain('studio.editor.bulk.done.moved')
    // In the order they had, after the other gallery's own photo, with their texts.
    const there = await filesOf(target)
    expect(there.map((file) => file.id).slice(1)).toEqual([ours[2], ours[3]])
    expect(there.map((file) => file.position)).toEqual([0, 1, 2])
    expect(there[1].altText).toBe('Confetti over the crowd')
    expect((await filesOf(gallery)).map((file) => file.id)).toEqual([ours[1], ours[0]])
    expect(await photosFansCount(target)).toBe(3)
  })

  it('writes each action to the audit log, naming the gallery', async () => {
    const events = await withSystem((tx) =>
      tx
        .select({ action: auditEvent.action, details: auditEvent.details, actor: auditEvent.actorUserId })
        .from(auditEvent)
        .where(inArray(auditEvent.companyId, [admin.company.id]))
        .orderBy(asc(auditEvent.createdAt)),
    )
    const ours = events.filter((event) => event.action.startsWith('gallery.files.'))
    expect(ours.map((event) => event.action)).toEqual([
      'gallery.files.hide',
      'gallery.files.publish',
      'gallery.files.alt-text',
      'gallery.files.order-by-capture',
      'gallery.files.move',
    ])
    expect(ours.every((event) => event.details?.contentItemId === gallery && event.actor)).toBe(true)
    expect(ours.at(-1)?.details).toMatchObject({ count: 2, targetId: target, targetTitle: 'Encore' })
    // Refusals changed nothing and wrote nothing.
    const theirEvents = await withSystem((tx) =>
      tx.select({ action: auditEvent.action }).from(auditEvent).where(eq(auditEvent.companyId, other.company.id)),
    )
    expect(theirEvents.filter((event) => event.action.startsWith('gallery.files.'))).toEqual([])
  })
})
