import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { asset, organization } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { bufferEvents, flushEvents, type RawEvent } from '#app/features/analytics/server/event-buffer.server'
import { listPartitions } from '#app/features/analytics/server/event-partitions.server'
import { COMPLETION_SHARE, rollUpEvents } from '#app/features/analytics/server/roll-up-events.server'
import { sweepAnalytics } from '#app/features/analytics/server/sweep-analytics.server'
import { visitorIdOf } from '#app/features/analytics/server/visitor-id.server'
import { readEngagement } from '#app/features/analytics/server/read-engagement.server'
import { readVideoEngagement } from '#app/features/analytics/server/read-video-engagement.server'
import { readItemHeatmaps } from '#app/features/analytics/server/read-item-heatmaps.server'
import { asSystem, asPlatform } from '#app/access/tenant.server'
import { createCompanyAdmin } from '../support/fixtures'
import { startSecondApp } from '../support/second-app'
import { TestClient } from '../support/http-client'
import { BROWSER_UA, dailyRows, publishedCatalog, rawEventCount } from '../support/analytics'

/** The shared catalog, its gallery holding a second video (30 s) beside the first (60 s). */
type Catalog = Awaited<ReturnType<typeof publishedCatalog>> & { secondVideoId: string }

/** A small seeded generator: the same "random" data on every run, different for each seed. */
function generator(seed: number) {
  let state = seed >>> 0
  const next = () => (state = (state * 1_664_525 + 1_013_904_223) >>> 0) / 2 ** 32
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)],
  }
}

/** Random but well-formed raw events of one company over the last three days, oldest first. */
function randomEvents(companyId: string, catalog: Catalog, count: number, seed: number): RawEvent[] {
  const random = generator(seed)
  const visitors = Array.from({ length: 12 }, (_, i) => `d:random-${seed}-${i}`)
  const start = Date.now() - 3 * 86_400_000
  let at = start
  const rows: RawEvent[] = []
  for (let i = 0; i < count; i++) {
    at += 1 + random.int((3 * 86_400_000) / count) // strictly increasing, a few minutes apart on average
    const base = {
      companyId,
      occurredAt: new Date(at),
      visitor: random.pick(visitors),
      contentItemId: null,
      assetId: null,
      eventId: null,
      detail: null,
      fromSeconds: null,
      toSeconds: null,
      durationSeconds: null,
    }
    const inGallery = { contentItemId: catalog.galleryId, eventId: catalog.eventId }
    const kind = random.int(10)
    if (kind === 0) rows.push({ ...base, type: 'page_view', detail: 'landing' })
    else if (kind === 1) rows.push({ ...base, type: 'page_view', detail: 'event', eventId: catalog.eventId })
    else if (kind === 2)
      rows.push({
        ...base,
        type: 'page_view',
        ...(random.int(2)
          ? { detail: 'gallery', ...inGallery }
          : { detail: 'player', contentItemId: catalog.singleId }),
      })
    else if (kind === 3)
      rows.push({ ...base, type: 'item_view', ...inGallery, assetId: random.pick([catalog.photoId, catalog.videoId]) })
    else if (kind === 4)
      rows.push({
        ...base,
        type: random.pick(['like', 'like', 'unlike']),
        ...inGallery,
        assetId: random.pick([catalog.photoId, catalog.videoId]),
      })
    else if (kind === 5)
      rows.push({ ...base, type: 'share', ...inGallery, detail: random.pick(['copy', 'whatsapp', 'email']) })
    else if (kind === 6) rows.push({ ...base, type: 'download', ...inGallery, detail: random.pick(['file', 'zip']) })
    else if (kind === 7) rows.push({ ...base, type: random.pick(['comment', 'lead']), contentItemId: catalog.singleId })
    else {
      const [assetId, length] = random.pick([
        [catalog.videoId, 60],
        [catalog.secondVideoId, 30],
      ] as const)
      const from = random.int(length - 4) + random.next()
      rows.push({
        ...base,
        type: 'heartbeat',
        ...inGallery,
        assetId,
        fromSeconds: from,
        toSeconds: Math.min(length, from + random.int(12) + random.next()),
        durationSeconds: length,
      })
    }
  }
  return rows
}

type Figures = Record<string, number>
const FIGURES = [
  'pageViews',
  'itemViews',
  'visitors',
  'likes',
  'shares',
  'downloads',
  'zipDownloads',
  'comments',
  'leads',
  'watchedSeconds',
  'plays',
  'completions',
] as const

/** The rollups counted straight from the raw events, one by one, by the rules the job applies. */
function countDirectly(rows: Array<RawEvent & { id: number }>) {
  const daily = new Map<string, Figures>()
  const buckets = new Map<string, number>()
  const files = new Map<
    string,
    { watchedSeconds: number; plays: number; completions: number; itemViews: number; downloads: number }
  >()
  const fileOf = (assetId: string | null, day: string) => {
    const file = files.get(`${assetId}|${day}`) ?? {
      watchedSeconds: 0,
      plays: 0,
      completions: 0,
      itemViews: 0,
      downloads: 0,
    }
    files.set(`${assetId}|${day}`, file)
    return file
  }
  const seen = new Set<string>()
  const lastView = new Map<string, number>()
  const liked = new Map<string, boolean>()
  for (const row of rows) {
    const day = row.occurredAt.toISOString().slice(0, 10)
    const scopes = [
      ['company', ''],
      ...(row.eventId ? [['event', row.eventId]] : []),
      ...(row.contentItemId ? [['item', row.contentItemId]] : []),
    ]
    const add = (figure: string, amount: number) => {
      for (const [scope, subject] of scopes) {
        const key = `${scope}|${subject}|${day}`
        const figures = daily.get(key) ?? Object.fromEntries(FIGURES.map((name) => [name, 0]))
        figures[figure] += amount
        daily.set(key, figures)
      }
    }
    for (const [scope, subject] of scopes) {
      if (!seen.has(`${day}|visit:${scope}:${subject}|${row.visitor}`)) {
        seen.add(`${day}|visit:${scope}:${subject}|${row.visitor}`)
        const key = `${scope}|${subject}|${day}`
        const figures = daily.get(key) ?? Object.fromEntries(FIGURES.map((name) => [name, 0]))
        figures.visitors++
        daily.set(key, figures)
      }
    }
    add('pageViews', 0)
    const at = row.occurredAt.getTime()
    if (row.type === 'page_view' || row.type === 'item_view') {
      const target = `${row.visitor}|${row.type === 'page_view' ? `page:${row.detail}:${row.contentItemId ?? row.eventId ?? ''}` : `item:${row.assetId ?? row.contentItemId}`}`
      const previous = lastView.get(target)
      if (previous === undefined || at - previous >= 30 * 60_000) {
        add(row.type === 'page_view' ? 'pageViews' : 'itemViews', 1)
        // Each file's views in the viewer, for set-list songs (ADR 063).
        if (row.type === 'item_view' && row.assetId && row.contentItemId) fileOf(row.assetId, day).itemViews++
      }
      lastView.set(target, at)
    } else if (row.type === 'like' || row.type === 'unlike') {
      const key = `${row.assetId ?? row.contentItemId}|${row.visitor}`
      const now = row.type === 'like'
      if (now !== (liked.get(key) ?? false)) add('likes', now ? 1 : -1)
      liked.set(key, now)
    } else if (row.type === 'share') add('shares', 1)
    else if (row.type === 'download') {
      add(row.detail === 'zip' ? 'zipDownloads' : 'downloads', 1)
      if (row.detail !== 'zip' && row.assetId && row.contentItemId) fileOf(row.assetId, day).downloads++
    } else if (row.type === 'comment') add('comments', 1)
    else if (row.type === 'lead') add('leads', 1)
    else if (row.type === 'heartbeat') {
      const watched = Math.max(row.toSeconds! - row.fromSeconds!, 0)
      const file = fileOf(row.assetId, day)
      add('watchedSeconds', watched)
      file.watchedSeconds += watched
      if (watched > 0 && !seen.has(`${day}|play:${row.assetId}|${row.visitor}`)) {
        seen.add(`${day}|play:${row.assetId}|${row.visitor}`)
        add('plays', 1)
        file.plays++
      }
      if (
        row.toSeconds! >= row.durationSeconds! * COMPLETION_SHARE &&
        !seen.has(`${day}|complete:${row.assetId}|${row.visitor}`)
      ) {
        seen.add(`${day}|complete:${row.assetId}|${row.visitor}`)
        add('completions', 1)
        file.completions++
      }
      for (let bucket = Math.floor(row.fromSeconds! / 2); bucket < Math.ceil(row.toSeconds! / 2); bucket++) {
        const key = `${row.assetId}|${day}|${bucket}`
        buckets.set(key, (buckets.get(key) ?? 0) + 1)
      }
    }
  }
  return { daily, buckets, files }
}

async function rawRows(companyId: string) {
  const { rows } = await withSystem((tx) =>
    tx.execute<{
      id: string
      company_id: string
      occurred_at: Date
      type: string
      visitor: string
      content_item_id: string | null
      asset_id: string | null
      event_id: string | null
      detail: string | null
      from_seconds: number | null
      to_seconds: number | null
      duration_seconds: number | null
    }>(sql`select * from analytics_events where company_id = ${companyId} order by id`),
  )
  return rows.map((row) => ({
    id: Number(row.id),
    companyId: row.company_id,
    occurredAt: new Date(row.occurred_at),
    type: row.type,
    visitor: row.visitor,
    contentItemId: row.content_item_id,
    assetId: row.asset_id,
    eventId: row.event_id,
    detail: row.detail,
    fromSeconds: row.from_seconds,
    toSeconds: row.to_seconds,
    durationSeconds: row.duration_seconds,
  }))
}

describe('analytics storage', () => {
  let companyId: string
  let catalog: Catalog

  beforeAll(async () => {
    const admin = await createCompanyAdmin('rollup')
    companyId = admin.company.id
    // Professional: the heatmaps are part of the detailed analytics.
    await withSystem((tx) =>
      tx.update(organization).set({ plan: 'professional', planValidUntil: null }).where(eq(organization.id, companyId)),
    )
    const base = await publishedCatalog(companyId)
    const [second] = await withSystem((tx) =>
      tx
        .insert(asset)
        .values({
          companyId,
          contentItemId: base.galleryId,
          purpose: 'gallery-media',
          mediaType: 'video',
          originalName: 'second.mp4',
          mimeType: 'video/mp4',
          sizeBytes: 1000,
          storageKey: `${companyId}/${randomUUID()}/original`,
          processingStatus: 'ready',
          width: 1200,
          height: 800,
          durationMs: 30_000,
        })
        .returning({ id: asset.id }),
    )
    catalog = { ...base, secondVideoId: second.id }
  })

  it('keeps rollups equal to a direct count over the raw events, on random data written and rolled up in pieces', async () => {
    const events = randomEvents(companyId, catalog, 3_000, 14)
    // In three writes with a rollup between them: incremental counting must not depend on where batches fall.
    for (const part of [events.slice(0, 700), events.slice(700, 2_100), events.slice(2_100)]) {
      expect(bufferEvents(part)).toBe(true)
      await flushEvents()
      await rollUpEvents(asPlatform('test'))
    }
    const raw = await rawRows(companyId)
    expect(raw).toHaveLength(3_000)
    const expected = countDirectly(raw)
    const rows = await dailyRows(companyId)
    const actual = new Map(rows.map((row) => [`${row.scope}|${row.subject}|${row.day}`, row]))
    expect([...actual.keys()].sort()).toEqual([...expected.daily.keys()].sort())
    for (const [key, figures] of expected.daily) {
      const row = actual.get(key)!
      for (const figure of FIGURES) {
        if (figure === 'watchedSeconds') expect(row.watchedSeconds, `${key} ${figure}`).toBeCloseTo(figures[figure], 6)
        else expect(row[figure], `${key} ${figure}`).toBe(figures[figure])
      }
    }
    const heatmap = await withSystem(
      async (tx) =>
        (
          await tx.execute<{ asset_id: string; day: string; bucket: number; plays: number }>(
            sql`select asset_id, day::text, bucket, plays from analytics_playback_buckets where company_id = ${companyId}`,
          )
        ).rows,
    )
    expect(new Map(heatmap.map((row) => [`${row.asset_id}|${row.day}|${row.bucket}`, row.plays]))).toEqual(
      expected.buckets,
    )
    // Each file's watched time, plays and completions: the gallery's two videos apart.
    const perFile = await withSystem(
      async (tx) =>
        (
          await tx.execute<{
            asset_id: string
            day: string
            watched_seconds: number
            plays: number
            completions: number
            item_views: number
            downloads: number
          }>(
            sql`select asset_id, day::text, watched_seconds, plays, completions, item_views, downloads from analytics_daily_files where company_id = ${companyId}`,
          )
        ).rows,
    )
    expect(perFile.map((row) => `${row.asset_id}|${row.day}`).sort()).toEqual([...expected.files.keys()].sort())
    for (const row of perFile) {
      const file = expected.files.get(`${row.asset_id}|${row.day}`)!
      expect(row.watched_seconds, `${row.asset_id} ${row.day}`).toBeCloseTo(file.watchedSeconds, 6)
      expect([row.plays, row.completions, row.item_views, row.downloads], `${row.asset_id} ${row.day}`).toEqual([
        file.plays,
        file.completions,
        file.itemViews,
        file.downloads,
      ])
    }
    expect(new Set(perFile.filter((row) => row.plays > 0).map((row) => row.asset_id))).toEqual(
      new Set([catalog.videoId, catalog.secondVideoId]),
    )
    expect(perFile.some((row) => row.item_views > 0)).toBe(true)
    expect(perFile.some((row) => row.completions > 0)).toBe(true)
    // Shares by channel add up to the shares.
    const channels = await withSystem(
      async (tx) =>
        (
          await tx.execute<{ shares: number }>(
            sql`select coalesce(sum(shares), 0)::int as shares from analytics_daily_shares where company_id = ${companyId} and scope = 'company'`,
          )
        ).rows[0].shares,
    )
    expect(channels).toBe(raw.filter((row) => row.type === 'share').length)

    // The admin's read: the rollups of this company only, every day of the range, by content and by event.
    const context = (await asSystem(companyId, 'analytics test'))!
    const days = [...new Set(raw.map((row) => row.occurredAt.toISOString().slice(0, 10)))].sort()
    const engagement = await readEngagement(context, { from: days[0], to: days.at(-1)! })
    const companyRows = [...expected.daily].filter(([key]) => key.startsWith('company|'))
    const sum = (figure: (typeof FIGURES)[number]) =>
      companyRows.reduce((total, [, figures]) => total + figures[figure], 0)
    expect(engagement.totals.pageViews).toBe(sum('pageViews'))
    expect(engagement.totals.likes).toBe(sum('likes'))
    expect(engagement.totals.visitors).toBe(sum('visitors'))
    expect(engagement.totals.watchedSeconds).toBeCloseTo(sum('watchedSeconds'), 6)
    expect(engagement.series.map((day) => day.day)).toEqual(days)
    expect(engagement.series.reduce((total, day) => total + day.itemViews, 0)).toBe(sum('itemViews'))
    expect(engagement.byContent.map((row) => row.contentItemId).sort()).toEqual(
      [catalog.galleryId, catalog.singleId].sort(),
    )
    expect(engagement.byContent.find((row) => row.contentItemId === catalog.galleryId)?.title).toBe('Encore')
    expect(engagement.byEvent).toHaveLength(1)
    expect(engagement.byEvent[0]).toMatchObject({ eventId: catalog.eventId, title: 'Closing night' })
    expect(Object.values(engagement.sharesByChannel).reduce((total, n) => total + n, 0)).toBe(sum('shares'))
    // The video table: a row per file of the gallery, each with its own figures, adding up to the item's.
    const [gallery] = await readVideoEngagement(context, engagement.range, engagement.byContent)
    expect(gallery.contentItemId).toBe(catalog.galleryId)
    expect(gallery.files.map((file) => file.name).sort()).toEqual(['second.mp4', 'video.bin'])
    for (const file of gallery.files) {
      const days = [...expected.files]
        .filter(([key]) => key.startsWith(`${file.assetId}|`))
        .map(([, figures]) => figures)
      expect(file.watchedSeconds).toBeCloseTo(
        days.reduce((total, day) => total + day.watchedSeconds, 0),
        6,
      )
      expect(file.plays).toBe(days.reduce((total, day) => total + day.plays, 0))
      expect(file.completionRate).toBe(days.reduce((total, day) => total + day.completions, 0) / file.plays)
      expect(file.averageWatched).toBeCloseTo(
        Math.min(file.watchedSeconds / (file.plays * (file.durationSeconds ?? 0)), 1),
        9,
      )
    }
    // Each file's heatmap, read when its row is opened: a strip over its whole length, equal to the slices counted.
    const heatmaps = await readItemHeatmaps(context, catalog.galleryId, engagement.range)
    expect(heatmaps.map((file) => file.assetId).sort()).toEqual([catalog.videoId, catalog.secondVideoId].sort())
    for (const file of heatmaps) {
      expect(file.buckets).toHaveLength(file.durationSeconds! / 2)
      const counted = [...expected.buckets].filter(([key]) => key.startsWith(`${file.assetId}|`))
      file.buckets.forEach((plays, bucket) =>
        expect(plays, `${file.name} ${bucket}`).toBe(
          counted.filter(([key]) => key.endsWith(`|${bucket}`)).reduce((total, [, n]) => total + n, 0),
        ),
      )
    }
    await expect(readItemHeatmaps(context, 'not-an-id', engagement.range)).rejects.toThrow(
      'analytics.admin.errors.heatmap',
    )
    expect(gallery.plays).toBe(gallery.files.reduce((total, file) => total + file.plays, 0))
    expect(gallery.watchedSeconds).toBeCloseTo(
      gallery.files.reduce((total, file) => total + file.watchedSeconds, 0),
      6,
    )
    await expect(readEngagement(context, { from: '2026-02-01', to: '2026-01-01' })).rejects.toThrow(
      'analytics.errors.range',
    )
  })

  it('rotates the salt daily and deletes it after 48 h: no cookieless visitor id survives it', async () => {
    const fan = { ipAddress: '203.0.113.9', userAgent: BROWSER_UA, visitorCookie: null }
    const morning = new Date('2026-01-10T08:00:00Z')
    const first = await visitorIdOf(companyId, fan, morning)
    expect(await visitorIdOf(companyId, fan, new Date('2026-01-10T23:00:00Z'))).toBe(first)
    expect(first).not.toContain('203.0.113.9')
    const nextDay = await visitorIdOf(companyId, fan, new Date('2026-01-11T08:00:00Z'))
    expect(nextDay).not.toBe(first)
    // Another company sees another id for the same fan.
    expect(await visitorIdOf(randomUUID(), fan, morning)).not.toBe(first)
    const salts = async () =>
      (
        await withSystem((tx) =>
          tx.execute<{ day: string }>(
            sql`select day::text from analytics_salts where day between '2026-01-01' and '2026-01-31' order by day`,
          ),
        )
      ).rows.map((row) => row.day)
    expect(await salts()).toEqual(['2026-01-10', '2026-01-11'])
    await sweepAnalytics(asPlatform('test'), { retentionMonths: 13, now: new Date('2026-01-11T23:59:00Z') })
    expect(await salts()).toEqual(['2026-01-10', '2026-01-11']) // not yet 48 h
    await sweepAnalytics(asPlatform('test'), { retentionMonths: 13, now: new Date('2026-01-12T00:00:01Z') })
    expect(await salts()).toEqual(['2026-01-11'])
    // Made again, the 10th's salt is a new one: the old id cannot be made again.
    expect(await visitorIdOf(companyId, fan, morning)).not.toBe(first)
    // A consented visitor's cookie gives an id that holds across days.
    const consented = { ...fan, visitorCookie: 'r4nd0m-c00kie-value-1234' }
    expect(await visitorIdOf(companyId, consented, morning)).toBe(
      await visitorIdOf(companyId, consented, new Date('2026-03-01T00:00:00Z')),
    )
  })

  it('drops raw events by whole months past the retention, keeping the rollups', async () => {
    const old = new Date('2024-03-15T12:00:00Z')
    const base = {
      companyId,
      visitor: 'd:old-fan',
      contentItemId: null,
      assetId: null,
      eventId: null,
      fromSeconds: null,
      toSeconds: null,
      durationSeconds: null,
    }
    bufferEvents([
      { ...base, occurredAt: old, type: 'page_view', detail: 'landing' },
      { ...base, occurredAt: new Date(), type: 'page_view', detail: 'landing' },
    ])
    await flushEvents()
    await rollUpEvents(asPlatform('test'))
    expect(await listPartitions()).toContain('2024-03')
    const before = await rawEventCount(companyId)
    const oldDay = async () =>
      (await dailyRows(companyId)).find((row) => row.scope === 'company' && row.day === '2024-03-15')
    expect((await oldDay())?.pageViews).toBe(1)
    const swept = await sweepAnalytics(asPlatform('test'), { retentionMonths: 13 })
    expect(swept.droppedMonths).toContain('2024-03')
    const months = await listPartitions()
    expect(months).not.toContain('2024-03')
    const thisMonth = new Date().toISOString().slice(0, 7)
    expect(months).toContain(thisMonth)
    expect(await rawEventCount(companyId)).toBe(before - 1)
    expect((await oldDay())?.pageViews).toBe(1)
    // Append-only: no single row is rewritten or deleted.
    await expect(
      withSystem((tx) => tx.execute(sql`delete from analytics_events where company_id = ${companyId}`)),
    ).rejects.toThrow()
  })

  it('makes a month again when another process dropped it after this one had made it', async () => {
    const later = new Date('2031-01-20T12:00:00Z')
    const event = {
      companyId,
      occurredAt: later,
      type: 'page_view',
      visitor: 'd:returning-fan',
      detail: 'landing',
      contentItemId: null,
      assetId: null,
      eventId: null,
      fromSeconds: null,
      toSeconds: null,
      durationSeconds: null,
    } satisfies RawEvent
    const inThatMonth = async () =>
      withSystem(
        async (tx) =>
          (
            await tx.execute<{ n: number }>(
              sql`select count(*)::int as n from analytics_events where company_id = ${companyId} and occurred_at = ${later.toISOString()}`,
            )
          ).rows[0].n,
      )
    bufferEvents([event])
    await flushEvents()
    expect(await inThatMonth()).toBe(1)
    // Another process (retention run elsewhere, a restore) drops the month this one remembers making.
    await withSystem((tx) => tx.execute(sql.raw('drop table analytics_events_2031_01')))
    bufferEvents([event, event])
    await flushEvents()
    expect(await listPartitions()).toContain('2031-01')
    expect(await inThatMonth()).toBe(2)
  })

  it('writes what waits in the buffer when the process shuts down', async () => {
    const second = await startSecondApp()
    try {
      const raw = await rawEventCount(companyId)
      const batches = 5
      for (let i = 0; i < batches; i++) {
        const fan = new TestClient(second.url)
        const response = await fan.postJson(
          '/api/events',
          {
            company: companyId,
            events: Array.from({ length: 50 }, () => ({
              type: 'page_view',
              page: 'gallery',
              contentId: catalog.galleryId,
            })),
          },
          { 'user-agent': `${BROWSER_UA} shutdown-${i}` },
        )
        expect(response.status).toBe(202)
      }
      expect(await second.app.stop('SIGTERM')).toBe(0)
      expect(await rawEventCount(companyId)).toBe(raw + batches * 50)
    } finally {
      await second.app.stop('SIGTERM').catch(() => undefined)
    }
  })
})
