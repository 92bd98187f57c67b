import { readAnalyticsRange } from '#app/features/analytics/analytics-range'
import { exportAnalyticsCsv } from '#app/features/analytics/server/export-analytics.server'
import { CSV_CONTENT_TYPE } from '#app/lib/csv'
import { getRequestT } from '#app/lib/i18n.server'
import { withActor } from '#app/access/member-route.server'
import type { Route } from './+types/analytics.export'

// One table of the analytics page as CSV, for the range of the page it was asked from.
export const loader = withActor({ kind: 'person' }, async (member, { request }: Route.LoaderArgs) => {
  const url = new URL(request.url)
  const { body, fileName } = await exportAnalyticsCsv(
    member,
    url.searchParams.get('by'),
    readAnalyticsRange(url),
    getRequestT(request),
  )
  return new Response(body, {
    headers: {
      'Content-Type': CSV_CONTENT_TYPE,
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'private, no-store',
    },
  })
})
