import { readAnalyticsRange } from '#app/features/analytics/analytics-range'
import { readItemHeatmaps } from '#app/features/analytics/server/read-item-heatmaps.server'
import { withActor } from '#app/access/member-route.server'
import type { Route } from './+types/analytics.heatmap'

// One item's re-watch heatmaps, fetched when its row is opened on the analytics page.
export const loader = withActor({ kind: 'person' }, async (member, { request }: Route.LoaderArgs) => {
  const url = new URL(request.url)
  return {
    item: url.searchParams.get('item'),
    files: await readItemHeatmaps(member, url.searchParams.get('item'), readAnalyticsRange(url)),
  }
})
