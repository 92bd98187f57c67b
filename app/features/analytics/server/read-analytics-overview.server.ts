import { requireEntitlement } from '#app/features/billing/entitlements'
import type { TenantContext } from '#app/access/context'
import { previousPeriod } from '../analytics-range'
import { headlineOf, type Headline } from '../headline'
import { readEngagement, readEngagementTotals, type EngagementFigures } from './read-engagement.server'
import { findFunnelSubjectTitle } from './find-funnel-subject.server'
import { readFunnel, type TFunnelSubject } from './read-funnel.server'
import { readSongEngagement } from './read-song-engagement.server'
import { readVideoEngagement } from './read-video-engagement.server'

/** A range's headline figures and those of the period just before it, on every plan. */
export async function readHeadlineComparison(context: TenantContext, range: { from: string; to: string }) {
  const [now, before] = await Promise.all([
    readEngagementTotals(context, range),
    readEngagementTotals(context, previousPeriod(range)),
  ])
  return { now: headlineOf(now), before: headlineOf(before) }
}

/**
 * The detail of the analytics page; Professional and up (PRODUCT.md), refused on the server
 * otherwise. The funnel and the shares by channel are the company's, or those of the one event or
 * item chosen (`funnelOf`).
 */
export async function readAnalyticsDetail(
  context: TenantContext,
  range: { from: string; to: string },
  funnelOf: TFunnelSubject | null = null,
) {
  requireEntitlement(context.entitlements, 'detailedAnalytics', 'analytics.errors.plan')
  const [engagement, funnel] = await Promise.all([readEngagement(context, range), readFunnel(context, range, funnelOf)])
  const row = <T extends EngagementFigures>(figures: T) => ({ ...figures, ...headlineOf(figures) })
  const byContent = engagement.byContent
    .map(row)
    .sort((a, b) => b.views - a.views || b.watchedSeconds - a.watchedSeconds)
  const byEvent = engagement.byEvent.map(row).sort((a, b) => b.views - a.views)
  let subject: (TFunnelSubject & { title: string | null }) | null = null
  let sharesByChannel = engagement.sharesByChannel
  if (funnelOf) {
    const inRange =
      funnelOf.scope === 'item'
        ? byContent.find((item) => item.contentItemId === funnelOf.id)
        : byEvent.find((show) => show.eventId === funnelOf.id)
    // One without activity in the range still has a funnel (of zeros), if it is the company's.
    const title = inRange ? inRange.title : await findFunnelSubjectTitle(context, funnelOf)
    subject = { ...funnelOf, title }
    sharesByChannel = inRange?.sharesByChannel ?? {}
  }
  return {
    series: engagement.series.map((day) => ({ day: day.day, ...headlineOf(day) })),
    funnel,
    funnelOf: subject,
    topItems: topItemsOf(byContent),
    byContent,
    byEvent,
    sharesByChannel,
    videos: await readVideoEngagement(context, engagement.range, engagement.byContent),
    songs: await readSongEngagement(context, engagement.range, byContent),
  }
}

/** The figures the page ranks items by, and how many it names for each. */
export const TOP_FIGURES = ['views', 'likes', 'shares', 'downloads', 'watchedMinutes'] as const
export const TOP_ITEMS = 3

/** For each figure, the items that did best in it (none that scored nothing), best first. */
function topItemsOf(rows: Array<{ contentItemId: string; title: string | null } & Headline>) {
  return TOP_FIGURES.map((figure) => ({
    figure,
    items: rows
      .filter((row) => row[figure] > 0)
      .sort((a, b) => b[figure] - a[figure] || b.views - a.views)
      .slice(0, TOP_ITEMS)
      .map((row) => ({ contentItemId: row.contentItemId, title: row.title, value: row[figure] })),
  }))
}
