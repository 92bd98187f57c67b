import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { organization } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { asSystem, asPlatform } from '#app/access/tenant.server'
import { lastDays } from '#app/features/analytics/analytics-range'
import { bufferEvents, flushEvents, type RawEvent } from '#app/features/analytics/server/event-buffer.server'
import { readAnalyticsDetail } from '#app/features/analytics/server/read-analytics-overview.server'
import { parseFunnelSubject, readFunnel, type TFunnelSubject } from '#app/features/analytics/server/read-funnel.server'
import { rollUpEvents } from '#app/features/analytics/server/roll-up-events.server'
import { createCompanyAdmin } from '../support/fixtures'
import { publishedCatalog, rawEventCount } from '../support/analytics'

type Catalog = Awaited<ReturnType<typeof publishedCatalog>>
/** Two shows' worth of content: each catalog's gallery belongs to its event, its single to none. */
type Catalogs = [Catalog, Catalog]

/** A small seeded generator: the same "random" data on every run of a seed. */
function generator(seed: number) {
  let state = seed >>> 0
  const next = () => (state = (state * 1_664_525 + 1_013_904_223) >>> 0) / 2 ** 32
  return {
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)],
  }
}

const TYPES = ['page_view', 'item_view', 'like', 'unlike', 'share', 'heartbeat', 'download', 'lead', 'comment'] as const

/** Random raw events of one company over the last 12 days, from a small crowd so visitors repeat steps, days and items. */
function randomEvents(companyId: string, catalogs: Catalogs, count: number, seed: number): RawEvent[] {
  const random = generator(seed)
  const visitors = Array.from({ length: 25 }, (_, i) => `d:funnel-${seed}-${i}`)
  return Array.from({ length: count }, () => {
    const type = random.pick(TYPES)
    const catalog = random.pick(catalogs)
    // A landing page (no item, no event), an event page (its event only), or something of an item.
    const page = type === 'page_view' ? random.pick(['landing', 'event', 'item'] as const) : 'item'
    const contentItemId = page === 'item' ? random.pick([catalog.galleryId, catalog.singleId]) : null
    return {
      companyId,
      occurredAt: new Date(Date.now() - random.int(12 * 86_400_000)),
      type,
      visitor: random.pick(visitors),
      contentItemId,
      // Each file of its own item: the gallery's photo and video, the single's audio.
      assetId:
        contentItemId === null || type === 'page_view'
          ? null
          : contentItemId === catalog.singleId
            ? catalog.audioId
            : type === 'heartbeat'
              ? catalog.videoId
              : catalog.photoId,
      eventId: page === 'event' || contentItemId === catalog.galleryId ? catalog.eventId : null,
      detail:
        type === 'page_view'
          ? 'gallery'
          : type === 'share'
            ? random.pick(['copy', 'whatsapp'])
            : type === 'download'
              ? random.pick(['file', 'zip'])
              : null,
      fromSeconds: type === 'heartbeat' ? 0 : null,
      toSeconds: type === 'heartbeat' ? 10 : null,
      durationSeconds: type === 'heartbeat' ? 60 : null,
    }
  })
}

/** Each file's views in the viewer per day, a visitor's repeat within 30 minutes once, in the order they happened. */
function fileViewsInTimeOrder(events: RawEvent[]) {
  const counts = new Map<string, number>()
  const last = new Map<string, number>()
  const inOrder = events
    .map((row, index) => ({ row, index }))
    .sort((a, b) => a.row.occurredAt.getTime() - b.row.occurredAt.getTime() || a.index - b.index)
  for (const { row } of inOrder) {
    if (row.type !== 'item_view' || !row.assetId || !row.contentItemId) continue
    const at = row.occurredAt.getTime()
    const previous = last.get(`${row.visitor}|${row.assetId}`)
    last.set(`${row.visitor}|${row.assetId}`, at)
    if (previous !== undefined && at - previous < 30 * 60_000) continue
    const key = `${row.assetId}|${row.occurredAt.toISOString().slice(0, 10)}`
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  return counts
}

/**
 * The funnel counted straight from the events written, visitor by visitor: a (day, visitor) pair
 * per step reached, of the whole company or of the events of one event or item.
 */
function countDirectly(events: RawEvent[], range: { from: string; to: string }, subject: TFunnelSubject | null = null) {
  const reached = {
    view: new Set<string>(),
    lead: new Set<string>(),
    download: new Set<string>(),
    share: new Set<string>(),
  }
  for (const row of events) {
    const day = row.occurredAt.toISOString().slice(0, 10)
    if (day < range.from || day > range.to) continue
    if (subject && (subject.scope === 'item' ? row.contentItemId : row.eventId) !== subject.id) continue
    const step = row.type === 'page_view' || row.type === 'item_view' ? 'view' : row.type
    if (step in reached) reached[step as keyof typeof reached].add(`${day}|${row.visitor}`)
  }
  return {
    view: reached.view.size,
    lead: reached.lead.size,
    download: reached.download.size,
    share: reached.share.size,
  }
}

describe('the funnel', () => {
  let companyId = ''
  let rivalId = ''
  let events: RawEvent[] = []
  let rivalEvents: RawEvent[] = []
  let catalogs: Catalogs
  let rivalCatalogs: Catalogs

  beforeAll(async () => {
    const owner = await createCompanyAdmin('funnel')
    const rival = await createCompanyAdmin('funnel-rival')
    companyId = owner.company.id
    rivalId = rival.company.id
    catalogs = [await publishedCatalog(companyId), await publishedCatalog(companyId)]
    rivalCatalogs = [await publishedCatalog(rivalId), await publishedCatalog(rivalId)]
    events = randomEvents(companyId, catalogs, 2_400, 46)
    rivalEvents = randomEvents(rivalId, rivalCatalogs, 600, 47)
    // In three writes with a rollup between them: a visitor seen in an earlier batch is not counted again.
    for (const part of [events.slice(0, 500), [...events.slice(500, 1_700), ...rivalEvents], events.slice(1_700)]) {
      expect(bufferEvents(part)).toBe(true)
      await flushEvents()
      await rollUpEvents(asPlatform('test'))
    }
    expect(await rawEventCount(companyId)).toBe(events.length)
  })

  it('counts each step as a direct count over the raw events, for any range', async () => {
    const context = (await asSystem(companyId, 'funnel test'))!
    for (const range of [lastDays(12), lastDays(7), lastDays(1), { from: lastDays(10).from, to: lastDays(4).from }]) {
      const expected = countDirectly(events, range)
      expect(await readFunnel(context, range), `${range.from}..${range.to}`).toEqual(expected)
    }
    // The random data reaches every step, and steps are not nested (downloads without a lead count).
    const all = countDirectly(events, lastDays(12))
    expect(Math.min(all.view, all.lead, all.download, all.share)).toBeGreaterThan(0)
    expect(all.view).toBeLessThan(events.filter((row) => row.type === 'page_view' || row.type === 'item_view').length)
  })

  it('keeps each company to its own visitors', async () => {
    const rival = (await asSystem(rivalId, 'funnel test'))!
    const theirs = await readFunnel(rival, lastDays(12))
    expect(theirs).toEqual(countDirectly(rivalEvents, lastDays(12)))
    expect(theirs.view).toBeLessThan((await readFunnel((await asSystem(companyId, 'funnel test'))!, lastDays(12))).view)
  })

  it("counts each event's and each item's funnel as a direct count over their raw events, and no one else's", async () => {
    const context = (await asSystem(companyId, 'funnel test'))!
    const subjects: TFunnelSubject[] = catalogs.flatMap((catalog) => [
      { scope: 'event' as const, id: catalog.eventId },
      { scope: 'item' as const, id: catalog.galleryId },
      { scope: 'item' as const, id: catalog.singleId },
    ])
    for (const range of [lastDays(12), lastDays(3), { from: lastDays(10).from, to: lastDays(4).from }]) {
      for (const subject of subjects) {
        expect(
          await readFunnel(context, range, subject),
          `${subject.scope} ${subject.id} ${range.from}..${range.to}`,
        ).toEqual(countDirectly(events, range, subject))
      }
    }
    // Each subject reaches every step, and a subject's visitors are fewer than the company's (or the test proves little).
    for (const subject of subjects)
      expect(Math.min(...Object.values(countDirectly(events, lastDays(12), subject)))).toBeGreaterThan(0)
    expect((await readFunnel(context, lastDays(12), subjects[1])).view).toBeLessThan(
      (await readFunnel(context, lastDays(12))).view,
    )
    // Another company's item, asked for under this company's fence: nothing of theirs shows.
    expect(await readFunnel(context, lastDays(12), { scope: 'item', id: rivalCatalogs[0].galleryId })).toEqual({
      view: 0,
      lead: 0,
      download: 0,
      share: 0,
    })
  })

  it("shows the chosen event's or item's funnel and shares on the page, and refuses another company's or a malformed one", async () => {
    await withSystem((tx) =>
      tx.update(organization).set({ plan: 'professional', planValidUntil: null }).where(eq(organization.id, companyId)),
    )
    const context = (await asSystem(companyId, 'funnel test'))!
    const range = lastDays(12)
    const subject = { scope: 'item' as const, id: catalogs[0].galleryId }
    const detail = await readAnalyticsDetail(context, range, subject)
    expect(detail.funnel).toEqual(countDirectly(events, range, subject))
    expect(detail.funnelOf).toEqual({ ...subject, title: 'Encore' })
    const shares = events.filter(
      (row) =>
        row.type === 'share' &&
        row.contentItemId === subject.id &&
        row.occurredAt.toISOString().slice(0, 10) >= range.from,
    )
    expect(detail.sharesByChannel).toEqual({
      copy: shares.filter((row) => row.detail === 'copy').length,
      whatsapp: shares.filter((row) => row.detail === 'whatsapp').length,
    })
    expect((await readAnalyticsDetail(context, range, null)).funnelOf).toBeNull()
    expect(parseFunnelSubject(`event:${catalogs[1].eventId}`)).toEqual({ scope: 'event', id: catalogs[1].eventId })
    expect(parseFunnelSubject('')).toBeNull()
    for (const bad of ['item', 'company:', `gallery:${catalogs[0].galleryId}`, 'item:not-a-uuid'])
      expect(() => parseFunnelSubject(bad), bad).toThrow('analytics.admin.errors.funnel')
    await expect(readAnalyticsDetail(context, range, { scope: 'event', id: rivalCatalogs[0].eventId })).rejects.toThrow(
      'analytics.admin.errors.funnelNotFound',
    )
  })

  it('gives events and items rolled up before they had a funnel theirs, from the raw events (migration 0035)', async () => {
    await withSystem((tx) =>
      tx.execute(
        sql`update analytics_daily set viewers = 0, lead_visitors = 0, download_visitors = 0, share_visitors = 0 where company_id = ${companyId} and scope <> 'company'`,
      ),
    )
    const context = (await asSystem(companyId, 'funnel test'))!
    const subject = { scope: 'event' as const, id: catalogs[0].eventId }
    expect(await readFunnel(context, lastDays(12), subject)).toEqual({ view: 0, lead: 0, download: 0, share: 0 })
    // The files' figures too: made again from the raw events (migrations 0035 and 0036), the same as the job's.
    const files = () =>
      withSystem(
        async (tx) =>
          (
            await tx.execute(
              sql`select asset_id, day::text, watched_seconds, plays, completions, item_views, downloads from analytics_daily_files where company_id = ${companyId} order by 1, 2`,
            )
          ).rows,
      )
    const filesBefore = await files()
    expect(filesBefore.length).toBeGreaterThan(0)
    await withSystem((tx) => tx.execute(sql`delete from analytics_daily_files where company_id = ${companyId}`))
    const migrations = await Promise.all(
      ['0035_analytics-subject-funnels.sql', '0036_song-analytics.sql'].map((name) =>
        readFile(path.resolve('db/migrations', name), 'utf8'),
      ),
    )
    const backfill = migrations
      .flatMap((migration) => migration.split('--> statement-breakpoint'))
      .filter((statement) => !/CREATE TABLE|CREATE INDEX|ALTER TABLE|CREATE POLICY/.test(statement))
    await withSystem(async (tx) => {
      for (const statement of backfill) await tx.execute(sql.raw(statement))
    })
    for (const each of [subject, { scope: 'item' as const, id: catalogs[1].singleId }])
      expect(await readFunnel(context, lastDays(12), each)).toEqual(countDirectly(events, lastDays(12), each))
    // Playback and single downloads come back as the job made them. Views in the viewer are counted
    // in the order they happened; the job counts them in the order they arrived (these random
    // events arrive out of order across its three runs), so they are checked against that count.
    type FileRow = {
      asset_id: string
      day: string
      watched_seconds: number
      plays: number
      completions: number
      item_views: number
      downloads: number
    }
    const keyed = (rows: Record<string, unknown>[]) =>
      new Map((rows as FileRow[]).map((row) => [`${row.asset_id}|${row.day}`, row]))
    const before = keyed(filesBefore)
    const after = keyed(await files())
    const views = fileViewsInTimeOrder(events)
    for (const key of new Set([...before.keys(), ...after.keys()])) {
      const { item_views: _jobViews, ...made } = before.get(key) ?? {
        watched_seconds: 0,
        plays: 0,
        completions: 0,
        downloads: 0,
        item_views: 0,
      }
      const { item_views: itemViews, ...replayed } = after.get(key) ?? {
        watched_seconds: 0,
        plays: 0,
        completions: 0,
        downloads: 0,
        item_views: 0,
      }
      expect({ ...replayed, asset_id: undefined, day: undefined }, key).toEqual({
        ...made,
        asset_id: undefined,
        day: undefined,
      })
      expect(itemViews, key).toBe(views.get(key) ?? 0)
    }
  })

  it('refuses a reversed range', async () => {
    const context = (await asSystem(companyId, 'funnel test'))!
    await expect(readFunnel(context, { from: '2026-02-01', to: '2026-01-01' })).rejects.toThrow(
      'analytics.errors.range',
    )
  })

  it('gives days rolled up before the funnel existed their funnel, from the raw events (migration 0024)', async () => {
    await withSystem((tx) =>
      tx.execute(
        sql`update analytics_daily set viewers = 0, lead_visitors = 0, download_visitors = 0, share_visitors = 0 where company_id = ${companyId}`,
      ),
    )
    const context = (await asSystem(companyId, 'funnel test'))!
    expect(await readFunnel(context, lastDays(12))).toEqual({ view: 0, lead: 0, download: 0, share: 0 })
    const migration = await readFile(path.resolve('db/migrations/0024_analytics-funnel.sql'), 'utf8')
    const backfill = migration.split('--> statement-breakpoint').filter((statement) => !/ALTER TABLE/.test(statement))
    await withSystem(async (tx) => {
      for (const statement of backfill) await tx.execute(sql.raw(statement))
    })
    expect(await readFunnel(context, lastDays(12))).toEqual(countDirectly(events, lastDays(12)))
    // Marked as counted: a rollup of new events from the same visitors today does not count them twice.
    const today = events.filter((row) => row.occurredAt.toISOString().slice(0, 10) === lastDays(1).from)
    expect(bufferEvents(today.map((row) => ({ ...row, occurredAt: new Date() })))).toBe(true)
    await flushEvents()
    await rollUpEvents(asPlatform('test'))
    expect(await readFunnel(context, lastDays(1))).toEqual(
      countDirectly(
        today.map((row) => ({ ...row, occurredAt: new Date() })),
        lastDays(1),
      ),
    )
  })
})
