import { AdminRouteErrorBoundary } from '#app/routes/admin/shell/admin-route-error'
import { LeadsPage } from '#app/features/leads/components/leads-page'
import { readLeadFilters, ZLeadAction } from '#app/features/leads/leads.schema'
import { deleteLead } from '#app/features/leads/server/delete-lead.server'
import { findLeadFilterOptions } from '#app/features/leads/server/find-lead-filter-options.server'
import { findLeads } from '#app/features/leads/server/find-leads.server'
import { can } from '#app/features/members/permissions'
import { actionSuccess, revalidateUnlessUnchanged } from '#app/lib/action-result'
import { intentAction } from '#app/lib/intent-action.server'
import { withActor } from '#app/access/member-route.server'
import { resilientClientAction } from '#app/lib/resilient-client-action'
import { requestOrigin } from '#app/access/visit.server'
import type { Route } from './+types/leads'

export const loader = withActor({ kind: 'person' }, async (member, { request }: Route.LoaderArgs) => {
  const filters = readLeadFilters(new URL(request.url))
  const [list, options] = await Promise.all([
    findLeads(member, filters, requestOrigin(request)),
    findLeadFilterOptions(member),
  ])
  return { ...list, options, filters, canDelete: can(member.actor.role, 'leads.delete') }
})

export const action = withActor({ kind: 'person' }, async (member, { request }: Route.ActionArgs) => {
  return intentAction(request, ZLeadAction, {
    delete: async ({ leadId }) => {
      await deleteLead(member, leadId, requestOrigin(request))
      return actionSuccess('leads.toasts.deleted')
    },
  })
})

// An erasure that cannot reach the server (or fails there) is a toast, never the error screen.
export const clientAction = resilientClientAction('errors.deleteFailed')
export const shouldRevalidate = revalidateUnlessUnchanged

export const meta: Route.MetaFunction = () => [{ title: 'Leads · Afterglow' }]

export default function Leads({ loaderData }: Route.ComponentProps) {
  return <LeadsPage {...loaderData} />
}

export const ErrorBoundary = AdminRouteErrorBoundary
