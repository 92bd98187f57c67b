import { readLeadFilters } from '#app/features/leads/leads.schema'
import { exportLeadsCsv } from '#app/features/leads/server/export-leads.server'
import { CSV_CONTENT_TYPE } from '#app/lib/csv'
import { getRequestT } from '#app/lib/i18n.server'
import { withActor } from '#app/access/member-route.server'
import { requestOrigin } from '#app/access/visit.server'
import type { Route } from './+types/leads.export'

// The leads list as CSV, with the filters of the page it was asked from.
export const loader = withActor({ kind: 'person' }, async (member, { request }: Route.LoaderArgs) => {
  const filters = readLeadFilters(new URL(request.url))
  const { stream, fileName } = await exportLeadsCsv(member, filters, {
    t: getRequestT(request),
    origin: requestOrigin(request),
  })
  return new Response(stream, {
    headers: {
      'Content-Type': CSV_CONTENT_TYPE,
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'private, no-store',
    },
  })
})
