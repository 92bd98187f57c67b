import { AdminRouteErrorBoundary } from '#app/routes/admin/shell/admin-route-error'
import { readAnalyticsRange } from '#app/features/analytics/analytics-range'
import { AnalyticsPage } from '#app/features/analytics/components/analytics-page'
import {
  readAnalyticsDetail,
  readHeadlineComparison,
} from '#app/features/analytics/server/read-analytics-overview.server'
import { readFindMeFigures } from '#app/features/faces/server/read-find-me-figures.server'
import { parseFunnelSubject } from '#app/features/analytics/server/read-funnel.server'
import { withActor } from '#app/access/member-route.server'
import type { Route } from './+types/analytics'

export const loader = withActor({ kind: 'person' }, async (member, { request }: Route.LoaderArgs) => {
  const url = new URL(request.url)
  const range = readAnalyticsRange(url)
  const funnelOf = parseFunnelSubject(url.searchParams.get('funnel'))
  const headline = await readHeadlineComparison(member, range)
  // Starter sees the totals only; the detail is not even read for it (PRODUCT.md).
  const detail = member.entitlements.detailedAnalytics ? await readAnalyticsDetail(member, range, funnelOf) : null
  const findMe = member.entitlements.findMe ? await readFindMeFigures(member, range) : null
  return { range, headline, detail, findMe, plan: member.entitlements.plan }
})

export default function Analytics({ loaderData }: Route.ComponentProps) {
  return <AnalyticsPage {...loaderData} />
}

export const ErrorBoundary = AdminRouteErrorBoundary
