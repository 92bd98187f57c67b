import { Link } from 'react-router'
import { RequestDecision } from '#app/features/operator/components/request-decision'
import { runOperatorCompanyAction } from '#app/features/operator/server/decide-company-action.server'
import { readForm } from '#app/lib/read-form.server'
import { listDomainRequests } from '#app/features/operator/server/list-domain-requests.server'
import { listSubdomainRequests } from '#app/features/operator/server/list-subdomain-requests.server'
import { withActor } from '#app/access/member-route.server'
import { cn } from '#app/lib/cn'
import { getEnv } from '#app/lib/env.server'
import { useTranslation } from '#app/lib/react-i18n'
import { useDateFormat } from '#app/lib/use-date-format'
import type { Route } from './+types/requests'

export const loader = withActor({ kind: 'operator' }, async (operator) => {
  const [subdomains, domains] = await Promise.all([listSubdomainRequests(operator), listDomainRequests(operator)])
  return { subdomains, domains, platformDomain: getEnv().PLATFORM_DOMAIN }
})

export const action = withActor({ kind: 'operator' }, async (operator, { request }: Route.ActionArgs) =>
  runOperatorCompanyAction(operator, await readForm(request)),
)

function Empty({ text, testId }: { text: string; testId: string }) {
  return (
    <p
      className="rounded-xl border border-dashed border-line bg-surface p-8 text-center text-sm text-ink-muted"
      data-testid={testId}
    >
      {text}
    </p>
  )
}

export default function OperatorRequests({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const format = useDateFormat()
  const { subdomains, domains, platformDomain } = loaderData
  const date = (value: string | Date | null) => (value ? format.dateTime(value) : '')
  const company = (request: { companyId: string; name: string; plan: string }, requestedAt: string | Date | null) => (
    <p className="text-sm text-ink-muted">
      <Link to={`/operator/companies/${request.companyId}`} className="font-medium text-ink hover:underline">
        {request.name}
      </Link>{' '}
      · <span className="capitalize">{request.plan}</span> · {date(requestedAt)}
    </p>
  )
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{t('operator.requests.title')}</h1>
        <p className="mt-1 text-sm text-ink-muted">{t('operator.requests.subtitle')}</p>
      </div>
      <section aria-labelledby="subdomain-requests-heading" className="space-y-3">
        <h2 id="subdomain-requests-heading" className="font-semibold">
          {t('operator.requests.subdomains')}
        </h2>
        {subdomains.length === 0 ? (
          <Empty text={t('operator.requests.empty')} testId="no-requests" />
        ) : (
          <ul className="divide-y divide-line rounded-xl border border-line bg-surface">
            {subdomains.map((request) => (
              <li
                key={request.companyId}
                className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between"
                data-testid="subdomain-request"
              >
                <div className="min-w-0">
                  <p className="font-mono text-sm break-all">
                    {request.label}.{platformDomain}
                  </p>
                  {company(request, request.requestedAt)}
                </div>
                <RequestDecision target={{ kind: 'subdomain', companyId: request.companyId }} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="domain-requests-heading" className="space-y-3">
        <div>
          <h2 id="domain-requests-heading" className="font-semibold">
            {t('operator.requests.domains')}
          </h2>
          <p className="mt-1 text-sm text-ink-muted">{t('operator.requests.domainsHint')}</p>
        </div>
        {domains.length === 0 ? (
          <Empty text={t('operator.requests.emptyDomains')} testId="no-domain-requests" />
        ) : (
          <ul className="divide-y divide-line rounded-xl border border-line bg-surface">
            {domains.map((request) => (
              <li
                key={request.domainId}
                className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between"
                data-testid="domain-request"
                data-state={request.state}
              >
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-mono text-sm break-all">{request.host}</span>
                    <span
                      className={cn(
                        'rounded-full px-2 py-0.5 text-xs font-medium',
                        request.state === 'verified'
                          ? 'bg-emerald-600/10 text-emerald-800'
                          : 'bg-surface-muted text-ink-muted',
                      )}
                    >
                      {t(`domains.states.${request.state}`)}
                    </span>
                  </p>
                  {company(request, request.requestedAt)}
                </div>
                <RequestDecision target={{ kind: 'domain', domainId: request.domainId }} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
