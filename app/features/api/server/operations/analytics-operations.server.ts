import { ZAnalyticsQuery, ZAnalyticsSummary } from '#app/features/api/api-v1.schema'
import { headlineOf } from '#app/features/analytics/headline'
import { readHeadlineComparison } from '#app/features/analytics/server/read-analytics-overview.server'
import { readEngagement } from '#app/features/analytics/server/read-engagement.server'
import { defineOperation } from '../api-operation.server'
import { INVALID, withProblems } from './responses.server'

/* Analytics through the API: the headline figures and the per-item and per-event rows the Analytics screen shows. */

export const analyticsOperations = [
  defineOperation({
    operationId: 'getAnalyticsSummary',
    method: 'get',
    path: '/analytics/summary',
    tag: 'Analytics',
    summary: 'Figures for a range of days, by content and by event',
    description:
      'From the daily rollups (UTC days, `from` and `to` included, at most 366 days); the same figures as the Analytics screen.',
    permission: 'dashboard.read',
    scope: 'analytics:read',
    query: ZAnalyticsQuery,
    responses: withProblems({ 200: { description: 'The figures', schema: ZAnalyticsSummary } }, INVALID),
    async handle(context, { query }) {
      const range = { from: query.from, to: query.to }
      const [comparison, engagement] = await Promise.all([
        readHeadlineComparison(context, range),
        readEngagement(context, range),
      ])
      return {
        status: 200,
        body: {
          ...range,
          totals: comparison.now,
          previousPeriod: comparison.before,
          byContent: engagement.byContent.map((row) => ({
            contentItemId: row.contentItemId,
            title: row.title,
            eventId: row.eventId,
            ...headlineOf(row),
          })),
          byEvent: engagement.byEvent.map((row) => ({ eventId: row.eventId, title: row.title, ...headlineOf(row) })),
        },
      }
    },
  }),
]
