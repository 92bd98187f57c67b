import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { analyticsDaily, asset, contentItem, event } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { TestClient } from './http-client'
import { waitUntil } from './wait'

/* Arranging and reading analytics in the integration tests (issue 14). */

export const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

/** A published event with a gallery (a photo and a 60 s video) and a single audio item. */
export async function publishedCatalog(companyId: string) {
  return withSystem(async (tx) => {
    const [show] = await tx
      .insert(event)
      .values({ companyId, slug: `show-${randomUUID().slice(0, 6)}`, title: 'Closing night', status: 'published' })
      .returning({ id: event.id })
    const [gallery, single, draft] = await tx
      .insert(contentItem)
      .values([
        {
          companyId,
          kind: 'gallery',
          slug: `g-${randomUUID().slice(0, 6)}`,
          title: 'Encore',
          status: 'published',
          publishedAt: new Date(),
          eventId: show.id,
        },
        { companyId, kind: 'single', title: 'Live take', status: 'published', publishedAt: new Date() },
        { companyId, kind: 'single', title: 'Unreleased', status: 'draft' },
      ])
      .returning({ id: contentItem.id })
    const file = (contentItemId: string, mediaType: string, durationMs: number | null, purpose = 'gallery-media') => ({
      companyId,
      contentItemId,
      purpose,
      mediaType,
      originalName: `${mediaType}.bin`,
      mimeType: mediaType === 'image' ? 'image/jpeg' : mediaType === 'video' ? 'video/mp4' : 'audio/mpeg',
      sizeBytes: 1000,
      storageKey: `${companyId}/${randomUUID()}/original`,
      processingStatus: 'ready',
      width: mediaType === 'audio' ? null : 1200,
      height: mediaType === 'audio' ? null : 800,
      durationMs,
    })
    const [photo, video, audio] = await tx
      .insert(asset)
      .values([
        file(gallery.id, 'image', null),
        file(gallery.id, 'video', 60_000),
        file(single.id, 'audio', 120_000, 'content-file'),
      ])
      .returning({ id: asset.id })
    return {
      eventId: show.id,
      galleryId: gallery.id,
      singleId: single.id,
      draftId: draft.id,
      photoId: photo.id,
      videoId: video.id,
      audioId: audio.id,
    }
  })
}

/** A fan's browser: its own address, a real browser's user agent. */
export function fanBrowser(userAgent = BROWSER_UA) {
  const client = new TestClient()
  return {
    client,
    send: (body: unknown, headers: Record<string, string> = {}) =>
      client.postJson('/api/events', body, { 'user-agent': userAgent, ...headers }),
  }
}

export async function rawEventCount(companyId: string) {
  return withSystem(
    async (tx) =>
      (
        await tx.execute<{ n: number }>(
          sql`select count(*)::int as n from analytics_events where company_id = ${companyId}`,
        )
      ).rows[0].n,
  )
}

/** Waits until the app has written `count` raw events of the company (its buffer flushes every second). */
export async function waitForRawEvents(companyId: string, count: number) {
  let seen = -1
  await waitUntil(async () => (seen = await rawEventCount(companyId)) >= count, {
    timeoutMs: 15_000,
    message: () => `expected ${count} raw events, saw ${seen}`,
  })
  return seen
}

export async function dailyRows(companyId: string) {
  return withSystem((tx) => tx.select().from(analyticsDaily).where(eq(analyticsDaily.companyId, companyId)))
}

/** The sum of one figure over the days of a scope's subject. */
export async function figureOf(
  companyId: string,
  scope: 'company' | 'event' | 'item',
  subject: string,
  figure: keyof typeof analyticsDaily.$inferSelect,
) {
  const rows = (await dailyRows(companyId)).filter((row) => row.scope === scope && row.subject === subject)
  return rows.reduce((sum, row) => sum + Number(row[figure]), 0)
}
