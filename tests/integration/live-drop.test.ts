import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { asset, contentItem, lead, liveFollower } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { LANGUAGE_COOKIE } from '#app/lib/i18n'
import type { AppProcess } from '../support/app-process'
import { openEventStream, type OpenStream } from '../support/event-stream'
import { createCompanyAdmin, createMemberWithRole, latestMail, uniqueEmail } from '../support/fixtures'
import { TestClient } from '../support/http-client'
import { startSecondApp } from '../support/second-app'
import { waitUntil } from '../support/wait'

type Admin = Awaited<ReturnType<typeof createCompanyAdmin>>

/** A published gallery in live mode without auto-approve, as the admin's switches leave it. */
async function liveGallery(admin: Admin, slug: string) {
  const [gallery] = await withSystem((tx) =>
    tx
      .insert(contentItem)
      .values({
        companyId: admin.company.id,
        kind: 'gallery',
        title: 'Night Two',
        slug,
        status: 'published',
        publishedAt: new Date(),
      })
      .returning(),
  )
  const switched = await admin.client.postForm(`/admin/content/${gallery.id}/live`, {
    intent: 'live-mode',
    live: 'true',
    autoApprove: 'false',
  })
  expect(switched.status).toBe(200)
  return gallery
}

/** A photo as an upload leaves it once processed (the database decides whether it waits for approval). */
async function readyPhoto(admin: Admin, galleryId: string, name: string) {
  const [row] = await withSystem((tx) =>
    tx
      .insert(asset)
      .values({
        companyId: admin.company.id,
        contentItemId: galleryId,
        purpose: 'gallery-media',
        mediaType: 'image',
        originalName: name,
        mimeType: 'image/jpeg',
        sizeBytes: 1000,
        storageKey: `${admin.company.id}/${name}`,
        width: 1200,
        height: 800,
        processingStatus: 'ready',
      })
      .returning({ id: asset.id, moderation: asset.moderation, liveSeq: asset.liveSeq }),
  )
  return row
}

async function approve(client: TestClient, galleryId: string, ...assetIds: string[]) {
  const answer = await client.postForm(`/admin/content/${galleryId}/live`, {
    intent: 'approve',
    assetIds: assetIds.join(','),
  })
  expect(answer.status, answer.text).toBe(200)
  expect(answer.json().ok).toBe(true)
}

const baseUrl = () => inject('baseUrl')

describe('live drop: a gallery streaming approved photos to fans', () => {
  const streams: OpenStream[] = []
  let second: { app: AppProcess; url: string } | undefined
  afterAll(async () => {
    for (const stream of streams) stream.close()
    if (second) expect(await second.app.stop()).toBe(0)
  })
  const open = async (url: string, headers: Record<string, string> = {}) => {
    const stream = await openEventStream(url, headers)
    streams.push(stream)
    return stream
  }

  let admin: Admin
  beforeAll(async () => {
    admin = await createCompanyAdmin('live')
  })

  it('sends nothing unapproved: the tray holds it from the stream, the page, the poll and the file route until a manager approves', async () => {
    const gallery = await liveGallery(admin, 'moderated')
    const path = `/${admin.company.slug}/galeria/moderated`
    const stream = await open(`${baseUrl()}${path}/live`)
    expect(stream.status).toBe(200)
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8')
    expect(stream.headers['cache-control']).toContain('no-cache')
    expect(stream.headers['x-accel-buffering']).toBe('no')
    expect(stream.headers['content-encoding']).toBeUndefined()

    const waiting = await readyPhoto(admin, gallery.id, 'pending.jpg')
    expect(waiting.moderation).toBe('pending')
    expect(waiting.liveSeq).toBeNull()
    const fan = new TestClient()
    expect((await fan.get(path)).text).not.toContain(waiting.id)
    expect((await fan.get(`${path}/live?poll=1&after=0`)).json().photos).toEqual([])
    expect((await fan.get(`/p/${waiting.id}/w400.webp`)).status).toBe(404)
    // The tray shows it to the company.
    const panel = await admin.client.get(`/admin/content/${gallery.id}/live`)
    expect(panel.text).toContain(waiting.id)
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(stream.events).toEqual([])

    // A user (below manager) may not approve: refused, and still nothing sent.
    const user = await createMemberWithRole(admin.company.id, 'user')
    const refused = await user.postForm(`/admin/content/${gallery.id}/live`, {
      intent: 'approve',
      assetIds: waiting.id,
    })
    expect(refused.json().ok).toBe(false)
    expect(refused.json().errors.form).toEqual(['errors.forbidden'])

    await approve(admin.client, gallery.id, waiting.id)
    const [event] = await stream.waitFor(1)
    expect(JSON.parse(event.data)).toMatchObject({ id: waiting.id, width: 1200, height: 800 })
    expect(Number(event.id)).toBeGreaterThan(0)
    expect(
      (await fan.get(`${path}/live?poll=1&after=0`))
        .json()
        .photos.map((photo: { media: { id: string } }) => photo.media.id),
    ).toEqual([waiting.id])
  })

  it('auto-approve lets new uploads straight through; a gallery that is not live has no stream', async () => {
    const gallery = await liveGallery(admin, 'auto')
    await admin.client.postForm(`/admin/content/${gallery.id}/live`, {
      intent: 'live-mode',
      live: 'true',
      autoApprove: 'true',
    })
    const stream = await open(`${baseUrl()}/${admin.company.slug}/galeria/auto/live`)
    const photo = await readyPhoto(admin, gallery.id, 'auto.jpg')
    expect(photo.moderation).toBe('approved')
    const [event] = await stream.waitFor(1)
    expect(JSON.parse(event.data).id).toBe(photo.id)

    await withSystem((tx) =>
      tx.insert(contentItem).values({
        companyId: admin.company.id,
        kind: 'gallery',
        title: 'Quiet',
        slug: 'quiet',
        status: 'published',
        publishedAt: new Date(),
      }),
    )
    expect((await new TestClient().get(`/${admin.company.slug}/galeria/quiet/live`)).status).toBe(404)
  })

  it('sends photos in the order they were approved and resumes after Last-Event-ID with exactly what was missed', async () => {
    const gallery = await liveGallery(admin, 'ordered')
    const url = `${baseUrl()}/${admin.company.slug}/galeria/ordered/live`
    const first = await open(url)
    const photos = []
    for (const name of ['a', 'b', 'c', 'd', 'e']) photos.push(await readyPhoto(admin, gallery.id, `${name}.jpg`))
    // Approved out of upload order, one by one: the stream follows the approvals.
    await approve(admin.client, gallery.id, photos[2].id)
    await approve(admin.client, gallery.id, photos[0].id)
    await approve(admin.client, gallery.id, photos[1].id)
    const seen = await first.waitFor(3)
    expect(seen.map((event) => JSON.parse(event.data).id)).toEqual([photos[2].id, photos[0].id, photos[1].id])
    const ids = seen.map((event) => Number(event.id))
    expect([...ids].sort((x, y) => x - y)).toEqual(ids)
    first.close()

    // Missed while disconnected; the browser comes back with the last id it saw.
    await approve(admin.client, gallery.id, photos[4].id)
    await approve(admin.client, gallery.id, photos[3].id)
    const resumed = await open(url, { 'Last-Event-ID': seen[2].id! })
    const caughtUp = await resumed.waitFor(2)
    expect(caughtUp.map((event) => JSON.parse(event.data).id)).toEqual([photos[4].id, photos[3].id])
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(resumed.events.filter((event) => event.event === 'photo')).toHaveLength(2)

    // From the start (place 0), everything approved, once each, in order.
    const replay = await open(url, { 'Last-Event-ID': '0' })
    const all = await replay.waitFor(5)
    expect(all.map((event) => JSON.parse(event.data).id)).toEqual([
      photos[2].id,
      photos[0].id,
      photos[1].id,
      photos[4].id,
      photos[3].id,
    ])
  })

  it('fans out to streams held by another app process on the same database (LISTEN/NOTIFY)', async () => {
    second = await startSecondApp()
    const gallery = await liveGallery(admin, 'two-nodes')
    const path = `/${admin.company.slug}/galeria/two-nodes/live`
    const here = await open(`${baseUrl()}${path}`)
    const there = await open(`${second.url}${path}`)
    const alsoThere = await open(`${second.url}${path}`)
    const photo = await readyPhoto(admin, gallery.id, 'fan-out.jpg')
    await approve(admin.client, gallery.id, photo.id)
    for (const stream of [here, there, alsoThere]) {
      const [event] = await stream.waitFor(1)
      expect(JSON.parse(event.data).id).toBe(photo.id)
    }
    // A process on its way out ends its streams at once (their browsers resume elsewhere) rather
    // than holding the shutdown to its 10 s deadline, which it would say it reached.
    expect(await second.app.stop()).toBe(0)
    expect(second.app.output()).toContain('Shut down cleanly')
    expect(second.app.output()).not.toContain('Connections still open after')
    second = undefined
  })

  it('e-mails each fan who asked, once, in their language, when the company ends live mode', async () => {
    const gallery = await liveGallery(admin, 'follow')
    const path = `/${admin.company.slug}/galeria/follow`
    const stream = await open(`${baseUrl()}${path}/live`)
    const email = uniqueEmail('live')
    const fan = new TestClient()
    fan.setCookie(LANGUAGE_COOKIE, 'pt')
    // Without consent: refused, nothing kept.
    const refused = await fan.postForm(`${path}/live`, { fullName: 'Ana Show', email })
    expect(refused.status).toBe(400)
    expect(await withSystem((tx) => tx.select().from(lead).where(eq(lead.email, email)))).toHaveLength(0)

    const asked = await fan.postForm(`${path}/live`, {
      fullName: 'Ana Show',
      email,
      privacyAccepted: 'on',
      dataProcessingConsent: 'on',
    })
    expect(asked.status, asked.text).toBe(200)
    expect(asked.json()).toMatchObject({
      ok: true,
      message: 'Pronto. Enviaremos as fotos por e-mail quando o show terminar.',
    })
    // Asking twice is one e-mail.
    await fan.postForm(`${path}/live`, {
      fullName: 'Ana Show',
      email,
      privacyAccepted: 'on',
      dataProcessingConsent: 'on',
    })
    const [saved] = await withSystem((tx) =>
      tx
        .select()
        .from(lead)
        .where(and(eq(lead.companyId, admin.company.id), eq(lead.email, email))),
    )
    expect(saved).toMatchObject({
      contentItemId: gallery.id,
      dataProcessingConsent: true,
      language: 'pt',
      policyVersion: '1.0',
    })
    expect(saved.privacyAcceptedAt).toBeInstanceOf(Date)
    expect(
      await withSystem((tx) => tx.select().from(liveFollower).where(eq(liveFollower.leadId, saved.id))),
    ).toHaveLength(1)
    expect(await latestMail(email)).toBeUndefined()

    const ended = await admin.client.postForm(`/admin/content/${gallery.id}/live`, {
      intent: 'live-mode',
      live: 'false',
      autoApprove: 'false',
    })
    expect(ended.json()).toMatchObject({ ok: true, messageKey: 'liveStudio.toasts.ended' })
    await stream.waitFor(1, 'ended')
    const mail = await waitUntil(() => latestMail(email), {
      timeoutMs: 20_000,
      message: 'the show-ended e-mail did not arrive',
    })
    expect(mail.subject).toBe('Suas fotos de Night Two chegaram')
    expect(mail.text).toContain(`${baseUrl()}${path}`)
    // Switching live on and off again sends nothing more.
    await admin.client.postForm(`/admin/content/${gallery.id}/live`, {
      intent: 'live-mode',
      live: 'true',
      autoApprove: 'false',
    })
    await admin.client.postForm(`/admin/content/${gallery.id}/live`, {
      intent: 'live-mode',
      live: 'false',
      autoApprove: 'false',
    })
    await new Promise((resolve) => setTimeout(resolve, 1500))
    const { getDb } = await import('#app/lib/db.server')
    const { outboxMail } = await import('#db/schema')
    expect(await getDb().select().from(outboxMail).where(eq(outboxMail.to, email))).toHaveLength(1)
  })

  it('opens the venue wall only by its current secret link, with approved photos only', async () => {
    const gallery = await liveGallery(admin, 'walled')
    const shown = await readyPhoto(admin, gallery.id, 'shown.jpg')
    const hidden = await readyPhoto(admin, gallery.id, 'hidden.jpg')
    await approve(admin.client, gallery.id, shown.id)
    await admin.client.postForm(`/admin/content/${gallery.id}/live`, { intent: 'wall-link', change: 'create' })
    const [{ wallToken }] = await withSystem((tx) =>
      tx.select({ wallToken: contentItem.wallToken }).from(contentItem).where(eq(contentItem.id, gallery.id)),
    )
    expect(wallToken).toMatch(/^[A-Za-z0-9_-]{32}$/)
    const screen = new TestClient()
    const wall = await screen.get(`/wall/${wallToken}`)
    expect(wall.status).toBe(200)
    expect(wall.text).toContain(shown.id)
    expect(wall.text).not.toContain(hidden.id)
    // The last policy a browser understands wins: the secret never leaves in a Referer.
    expect(String(wall.headers['referrer-policy']).split(',').at(-1)?.trim()).toBe('no-referrer')
    expect(wall.text).toContain('<svg')
    const stream = await open(`${baseUrl()}/wall/${wallToken}/live`)
    await approve(admin.client, gallery.id, hidden.id)
    expect(JSON.parse((await stream.waitFor(1))[0].data).id).toBe(hidden.id)

    // A new link shuts the old one out; revoking leaves none.
    await admin.client.postForm(`/admin/content/${gallery.id}/live`, { intent: 'wall-link', change: 'create' })
    expect((await screen.get(`/wall/${wallToken}`)).status).toBe(404)
    await admin.client.postForm(`/admin/content/${gallery.id}/live`, { intent: 'wall-link', change: 'revoke' })
    const [{ wallToken: revoked }] = await withSystem((tx) =>
      tx.select({ wallToken: contentItem.wallToken }).from(contentItem).where(eq(contentItem.id, gallery.id)),
    )
    expect(revoked).toBeNull()
    expect((await screen.get('/wall/not-a-token')).status).toBe(404)
  })
})
