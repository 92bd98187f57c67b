import { readLeadFilters } from '#app/features/leads/leads.schema'
import { exportLeadsCsv } from '#app/features/leads/server/export-leads.server'
import { accessOrigin } from '#app/features/leads/server/record-lead-access.server'
import { CSV_CONTENT_TYPE } from '#app/lib/csv'
import { getRequestT } from '#app/lib/i18n.server'
import { requireMember } from '#app/lib/tenant.server'
import type { Route } from './+types/leads.export'

// The leads list as CSV, with the filters of the page it was asked from.
export async function loader({ request }: Route.LoaderArgs) {
  const member = await requireMember(request, 'leads.read')
  const filters = readLeadFilters(new URL(request.url))
  const { stream, fileName } = await exportLeadsCsv(member, filters, { t: getRequestT(request), origin: accessOrigin(request) })
  return new Response(stream, {
    headers: {
      'Content-Type': CSV_CONTENT_TYPE,
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
