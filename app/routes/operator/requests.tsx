import { Link } from 'react-router'
import { SubdomainDecision } from '#app/features/operator/components/subdomain-decision'
import { runOperatorCompanyAction } from '#app/features/operator/server/decide-company-action.server'
import { listSubdomainRequests } from '#app/features/operator/server/list-subdomain-requests.server'
import { withOperator } from '#app/features/operator/server/require-operator.server'
import { getEnv } from '#app/lib/env.server'
import { useLocalTimeZone } from '#app/lib/local-time-zone'
import { useTranslation } from '#app/lib/react-i18n'
import type { Route } from './+types/requests'

export const loader = withOperator(async (operator) => ({ requests: await listSubdomainRequests(operator), platformDomain: getEnv().PLATFORM_DOMAIN }))

export const action = withOperator((operator, { request }: Route.ActionArgs) => runOperatorCompanyAction(operator, request))

export default function OperatorRequests({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const timeZone = useLocalTimeZone()
  const { requests, platformDomain } = loaderData
  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{t('operator.requests.title')}</h1>
        <p className="mt-1 text-sm text-ink-muted">{t('operator.requests.subtitle')}</p>
      </div>
      {requests.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line bg-surface p-10 text-center text-sm text-ink-muted" data-testid="no-requests">
          {t('operator.requests.empty')}
        </p>
      ) : (
        <ul className="divide-y divide-line rounded-xl border border-line bg-surface">
          {requests.map((request) => (
            <li key={request.companyId} className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between" data-testid="subdomain-request">
              <div className="min-w-0">
                <p className="font-mono text-sm break-all">
                  {request.label}.{platformDomain}
                </p>
                <p className="text-sm text-ink-muted">
                  <Link to={`/operator/companies/${request.companyId}`} className="font-medium text-ink hover:underline">
                    {request.name}
                  </Link>{' '}
                  · <span className="capitalize">{request.plan}</span> · {request.requestedAt ? new Date(request.requestedAt).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short', timeZone }) : ''}
                </p>
              </div>
              <SubdomainDecision companyId={request.companyId} />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
