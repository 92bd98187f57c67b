import { AdminRouteErrorBoundary } from '#app/features/admin-shell/components/admin-route-error'
import { LeadsPage } from '#app/features/leads/components/leads-page'
import { readLeadFilters, ZLeadAction } from '#app/features/leads/leads.schema'
import { deleteLead } from '#app/features/leads/server/delete-lead.server'
import { findLeadFilterOptions } from '#app/features/leads/server/find-lead-filter-options.server'
import { findLeads } from '#app/features/leads/server/find-leads.server'
import { accessOrigin } from '#app/features/leads/server/record-lead-access.server'
import { can } from '#app/features/members/permissions'
import { actionFailure, actionSuccess } from '#app/lib/action-result'
import { AppError } from '#app/lib/errors'
import { requireMember } from '#app/lib/tenant.server'
import type { Route } from './+types/leads'

export async function loader({ request }: Route.LoaderArgs) {
  const member = await requireMember(request, 'leads.read')
  const filters = readLeadFilters(new URL(request.url))
  const [list, options] = await Promise.all([findLeads(member, filters, accessOrigin(request)), findLeadFilterOptions(member)])
  return { ...list, options, filters, canDelete: can(member.role, 'leads.delete') }
}

export async function action({ request }: Route.ActionArgs) {
  const member = await requireMember(request, 'leads.delete')
  const parsed = ZLeadAction.safeParse(Object.fromEntries(await request.formData()))
  if (!parsed.success) return actionFailure(new AppError('BAD_REQUEST', 'errors.generic'))
  try {
    await deleteLead(member, parsed.data.leadId, accessOrigin(request))
    return actionSuccess('leads.toasts.deleted')
  } catch (error) {
    return actionFailure(error)
  }
}

export const meta: Route.MetaFunction = () => [{ title: 'Leads · Afterglow' }]

export default function Leads({ loaderData }: Route.ComponentProps) {
  return <LeadsPage {...loaderData} />
}

export const ErrorBoundary = AdminRouteErrorBoundary
