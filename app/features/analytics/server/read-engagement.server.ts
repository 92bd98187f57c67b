import { and, asc, between, eq, inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import { analyticsDaily, analyticsDailyShare, analyticsPlaybackBucket, contentItem, event } from '#db/schema'
import { AppError } from '#app/lib/errors'
import type { TenantContext } from '#app/access/context'
import { HEATMAP_BUCKET_SECONDS } from '../analytics-events'

/*
 * What the admin's analytics read (ADR 040): the rollups only, never the raw events, fenced to
 * the company by its tenant guard. Unique visitors are counted per day (a cookieless visitor's id
 * changes every day), so a range's figure is the sum of its days' visitors.
 */

const day = z.iso.date()
export const ZEngagementRange = z
  .object({ from: day, to: day })
  .refine((range) => range.from <= range.to, { message: 'from must not be after to' })
  .refine((range) => Date.parse(range.to) - Date.parse(range.from) <= 366 * 86_400_000, { message: 'at most 366 days' })
export type TEngagementRange = z.infer<typeof ZEngagementRange>

export type EngagementFigures = {
  pageViews: number
  itemViews: number
  visitors: number
  likes: number
  shares: number
  downloads: number
  zipDownloads: number
  comments: number
  leads: number
  watchedSeconds: number
  plays: number
  completions: number
}

const FIGURES = {
  pageViews: sql<number>`coalesce(sum(${analyticsDaily.pageViews}), 0)::int`,
  itemViews: sql<number>`coalesce(sum(${analyticsDaily.itemViews}), 0)::int`,
  visitors: sql<number>`coalesce(sum(${analyticsDaily.visitors}), 0)::int`,
  likes: sql<number>`coalesce(sum(${analyticsDaily.likes}), 0)::int`,
  shares: sql<number>`coalesce(sum(${analyticsDaily.shares}), 0)::int`,
  downloads: sql<number>`coalesce(sum(${analyticsDaily.downloads}), 0)::int`,
  zipDownloads: sql<number>`coalesce(sum(${analyticsDaily.zipDownloads}), 0)::int`,
  comments: sql<number>`coalesce(sum(${analyticsDaily.comments}), 0)::int`,
  leads: sql<number>`coalesce(sum(${analyticsDaily.leads}), 0)::int`,
  watchedSeconds: sql<number>`coalesce(sum(${analyticsDaily.watchedSeconds}), 0)::float8`,
  plays: sql<number>`coalesce(sum(${analyticsDaily.plays}), 0)::int`,
  completions: sql<number>`coalesce(sum(${analyticsDaily.completions}), 0)::int`,
}

/** Shares by the way out (a channel of SHARE_CHANNELS), only channels used. */
export type SharesByChannel = Record<string, number>

export type Engagement = {
  range: TEngagementRange
  totals: EngagementFigures
  /** Every day of the range, oldest first (days without activity as zeros). */
  series: Array<{ day: string } & EngagementFigures>
  byContent: Array<
    {
      contentItemId: string
      title: string | null
      kind: string | null
      eventId: string | null
      sharesByChannel: SharesByChannel
    } & EngagementFigures
  >
  byEvent: Array<{ eventId: string; title: string | null; sharesByChannel: SharesByChannel } & EngagementFigures>
  sharesByChannel: SharesByChannel
}

function parseRange(range: unknown) {
  const parsed = ZEngagementRange.safeParse(range)
  if (!parsed.success) throw new AppError('BAD_REQUEST', 'analytics.errors.range')
  return parsed.data
}

function daysOf(range: TEngagementRange) {
  const days: string[] = []
  for (let at = Date.parse(range.from); at <= Date.parse(range.to); at += 86_400_000)
    days.push(new Date(at).toISOString().slice(0, 10))
  return days
}

const ZERO: EngagementFigures = {
  pageViews: 0,
  itemViews: 0,
  visitors: 0,
  likes: 0,
  shares: 0,
  downloads: 0,
  zipDownloads: 0,
  comments: 0,
  leads: 0,
  watchedSeconds: 0,
  plays: 0,
  completions: 0,
}

/** A company's engagement over a range of UTC days: totals, per day, by content and by event. */
export async function readEngagement(context: TenantContext, rangeInput: unknown): Promise<Engagement> {
  const range = parseRange(rangeInput)
  const companyId = context.company.id
  const inRange = (scope: 'company' | 'event' | 'item') =>
    and(
      eq(analyticsDaily.companyId, companyId),
      eq(analyticsDaily.scope, scope),
      between(analyticsDaily.day, range.from, range.to),
    )
  return context.withTenant(async (tx) => {
    const [totals] = await tx.select(FIGURES).from(analyticsDaily).where(inRange('company'))
    const perDay = await tx
      .select({ day: analyticsDaily.day, ...FIGURES })
      .from(analyticsDaily)
      .where(inRange('company'))
      .groupBy(analyticsDaily.day)
    const byDay = new Map(perDay.map((row) => [row.day, row]))
    const series = daysOf(range).map((day) => ({ ...ZERO, ...byDay.get(day), day }))
    const items = await tx
      .select({ subject: analyticsDaily.subject, ...FIGURES })
      .from(analyticsDaily)
      .where(inRange('item'))
      .groupBy(analyticsDaily.subject)
    const events = await tx
      .select({ subject: analyticsDaily.subject, ...FIGURES })
      .from(analyticsDaily)
      .where(inRange('event'))
      .groupBy(analyticsDaily.subject)
    const itemIds = items.map((row) => row.subject)
    const eventIds = events.map((row) => row.subject)
    const itemRows =
      itemIds.length > 0
        ? await tx
            .select({
              id: contentItem.id,
              title: contentItem.title,
              kind: contentItem.kind,
              eventId: contentItem.eventId,
            })
            .from(contentItem)
            .where(and(eq(contentItem.companyId, companyId), inArray(contentItem.id, itemIds)))
        : []
    const eventRows =
      eventIds.length > 0
        ? await tx
            .select({ id: event.id, title: event.title })
            .from(event)
            .where(and(eq(event.companyId, companyId), inArray(event.id, eventIds)))
        : []
    const itemOf = new Map(itemRows.map((row) => [row.id, row]))
    const eventOf = new Map(eventRows.map((row) => [row.id, row]))
    const channels = await tx
      .select({ channel: analyticsDailyShare.channel, shares: sql<number>`sum(${analyticsDailyShare.shares})::int` })
      .from(analyticsDailyShare)
      .where(
        and(
          eq(analyticsDailyShare.companyId, companyId),
          eq(analyticsDailyShare.scope, 'company'),
          between(analyticsDailyShare.day, range.from, range.to),
        ),
      )
      .groupBy(analyticsDailyShare.channel)
    const subjectChannels = await tx
      .select({
        scope: analyticsDailyShare.scope,
        subject: analyticsDailyShare.subject,
        channel: analyticsDailyShare.channel,
        shares: sql<number>`sum(${analyticsDailyShare.shares})::int`,
      })
      .from(analyticsDailyShare)
      .where(
        and(
          eq(analyticsDailyShare.companyId, companyId),
          inArray(analyticsDailyShare.scope, ['item', 'event']),
          between(analyticsDailyShare.day, range.from, range.to),
        ),
      )
      .groupBy(analyticsDailyShare.scope, analyticsDailyShare.subject, analyticsDailyShare.channel)
    const channelsOf = new Map<string, SharesByChannel>()
    for (const row of subjectChannels) {
      const key = `${row.scope}:${row.subject}`
      channelsOf.set(key, { ...channelsOf.get(key), [row.channel]: row.shares })
    }
    return {
      range,
      totals,
      series,
      // A deleted item or event keeps its figures, without a title.
      byContent: items.map(({ subject, ...figures }) => ({
        contentItemId: subject,
        title: itemOf.get(subject)?.title ?? null,
        kind: itemOf.get(subject)?.kind ?? null,
        eventId: itemOf.get(subject)?.eventId ?? null,
        sharesByChannel: channelsOf.get(`item:${subject}`) ?? {},
        ...figures,
      })),
      byEvent: events.map(({ subject, ...figures }) => ({
        eventId: subject,
        title: eventOf.get(subject)?.title ?? null,
        sharesByChannel: channelsOf.get(`event:${subject}`) ?? {},
        ...figures,
      })),
      sharesByChannel: Object.fromEntries(channels.map((row) => [row.channel, row.shares])),
    }
  })
}

/** How often each 2-second slice of one video (or audio file) was played over the range. */
export async function readPlaybackHeatmap(context: TenantContext, assetId: string, rangeInput: unknown) {
  const range = parseRange(rangeInput)
  if (!z.uuid().safeParse(assetId).success) throw new AppError('NOT_FOUND', 'analytics.errors.range')
  return context.withTenant(async (tx) => {
    const rows = await tx
      .select({
        bucket: analyticsPlaybackBucket.bucket,
        plays: sql<number>`sum(${analyticsPlaybackBucket.plays})::int`,
      })
      .from(analyticsPlaybackBucket)
      .where(
        and(
          eq(analyticsPlaybackBucket.companyId, context.company.id),
          eq(analyticsPlaybackBucket.assetId, assetId),
          between(analyticsPlaybackBucket.day, range.from, range.to),
        ),
      )
      .groupBy(analyticsPlaybackBucket.bucket)
      .orderBy(asc(analyticsPlaybackBucket.bucket))
    return { bucketSeconds: HEATMAP_BUCKET_SECONDS, buckets: rows }
  })
}

/** Only a range's totals: what every plan sees (the dashboard, Starter's analytics). */
export async function readEngagementTotals(context: TenantContext, rangeInput: unknown): Promise<EngagementFigures> {
  const range = parseRange(rangeInput)
  return context.withTenant(async (tx) => {
    const [totals] = await tx
      .select(FIGURES)
      .from(analyticsDaily)
      .where(
        and(
          eq(analyticsDaily.companyId, context.company.id),
          eq(analyticsDaily.scope, 'company'),
          between(analyticsDaily.day, range.from, range.to),
        ),
      )
    return totals
  })
}
