import { requireEntitlement } from '#app/features/billing/entitlements'
import type { TenantContext } from '#app/lib/tenant.server'
import { previousPeriod } from '../analytics-range'
import { headlineOf } from '../headline'
import { readEngagement, readEngagementTotals, type EngagementFigures } from './read-engagement.server'
import { readVideoEngagement } from './read-video-engagement.server'

/** A range's headline figures and those of the period just before it, on every plan. */
export async function readHeadlineComparison(context: TenantContext, range: { from: string; to: string }) {
  const [now, before] = await Promise.all([readEngagementTotals(context, range), readEngagementTotals(context, previousPeriod(range))])
  return { now: headlineOf(now), before: headlineOf(before) }
}

/** The detail of the analytics page; Professional and up (PRODUCT.md), refused on the server otherwise. */
export async function readAnalyticsDetail(context: TenantContext, range: { from: string; to: string }) {
  requireEntitlement(context.entitlements, 'detailedAnalytics', 'analytics.admin.gated')
  const engagement = await readEngagement(context, range)
  const row = <T extends EngagementFigures>(figures: T) => ({ ...figures, ...headlineOf(figures) })
  return {
    series: engagement.series.map((day) => ({ day: day.day, ...headlineOf(day) })),
    byContent: engagement.byContent.map(row).sort((a, b) => b.views - a.views || b.watchedSeconds - a.watchedSeconds),
    byEvent: engagement.byEvent.map(row).sort((a, b) => b.views - a.views),
    sharesByChannel: engagement.sharesByChannel,
    videos: await readVideoEngagement(context, engagement.range, engagement.byContent),
  }
}
