import { ZInboxFilter } from '#app/features/operator/server/list-form-submissions.server'
import { exportFormSubmissionsCsv } from '#app/features/operator/server/export-form-submissions.server'
import { withActor } from '#app/access/member-route.server'
import { CSV_CONTENT_TYPE } from '#app/lib/csv'
import { getRequestT } from '#app/lib/i18n.server'
import type { Route } from './+types/inbox.export'

// The inbox as CSV, with the filters of the page it was asked from.
export const loader = withActor({ kind: 'operator' }, async (operator, { request }: Route.LoaderArgs) => {
  const filter = ZInboxFilter.parse(Object.fromEntries(new URL(request.url).searchParams))
  const { body, fileName } = await exportFormSubmissionsCsv(operator, filter, getRequestT(request))
  return new Response(body, {
    headers: {
      'Content-Type': CSV_CONTENT_TYPE,
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'private, no-store',
    },
  })
})
