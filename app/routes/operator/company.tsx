import { Ban, RotateCcw } from 'lucide-react'
import { useState } from 'react'
import { Link, useFetcher } from 'react-router'
import { Button } from '#app/components/ui/button'
import { ConfirmDialog } from '#app/components/ui/dialog'
import { RequestDecision } from '#app/features/operator/components/request-decision'
import { runOperatorCompanyAction } from '#app/features/operator/server/decide-company-action.server'
import { readForm } from '#app/lib/read-form.server'
import { getCompanyDetail } from '#app/features/operator/server/get-company-detail.server'
import { withActor } from '#app/access/member-route.server'
import { useOutcomeToast, type ActionResult } from '#app/lib/action-result'
import { formatBytes } from '#app/lib/format-bytes'
import { useTranslation } from '#app/lib/react-i18n'
import { useDateFormat } from '#app/lib/use-date-format'
import type { Route } from './+types/company'

export const loader = withActor({ kind: 'operator' }, (operator, { params }: Route.LoaderArgs) =>
  getCompanyDetail(operator, params.companyId),
)

export const action = withActor({ kind: 'operator' }, async (operator, { request, params }: Route.ActionArgs) =>
  runOperatorCompanyAction(operator, await readForm(request), params.companyId),
)

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.company.name ?? 'Company'} · Operator · Afterglow` },
]

export default function OperatorCompany({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const format = useDateFormat()
  const { company, people, domains } = loaderData
  const fetcher = useFetcher<ActionResult>()
  useOutcomeToast(fetcher.data, () => setConfirming(false))
  const [confirming, setConfirming] = useState(false)
  const [reason, setReason] = useState('')
  const errors = fetcher.data && !fetcher.data.ok ? fetcher.data.errors : undefined
  const date = (value: string | Date | null) => (value ? format.dateTime(value) : '—')
  const facts: Array<[string, string | number]> = [
    [t('operator.companies.plan'), company.plan.charAt(0).toUpperCase() + company.plan.slice(1)],
    [t('operator.companies.storage'), formatBytes(company.storageBytes, i18n.language)],
    [t('operator.companies.members'), company.members],
    [t('operator.company.contentItems'), company.contentItems],
    [t('operator.company.events'), company.events],
    [t('operator.company.leads'), company.leads],
    [t('operator.companies.created'), date(company.createdAt)],
    [t('settings.companyData.primaryEmail'), company.primaryEmail ?? '—'],
  ]
  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <Link to="/operator" className="text-sm text-ink-muted hover:text-ink">
            ← {t('operator.companies.title')}
          </Link>
          <h1 className="mt-2 truncate text-2xl font-semibold tracking-tight">{company.name}</h1>
          <p className="text-sm text-ink-muted">/{company.slug}</p>
        </div>
        {company.suspendedAt ? (
          <Button
            variant="secondary"
            onClick={() => fetcher.submit({ intent: 'reactivate' }, { method: 'post' })}
            disabled={fetcher.state !== 'idle'}
            data-testid="reactivate-company"
          >
            <RotateCcw aria-hidden className="size-4" />
            {t('operator.company.reactivate')}
          </Button>
        ) : (
          <Button variant="danger-ghost" onClick={() => setConfirming(true)} data-testid="suspend-company">
            <Ban aria-hidden className="size-4" />
            {t('operator.company.suspend')}
          </Button>
        )}
      </div>

      {company.suspendedAt ? (
        <p
          role="status"
          className="rounded-xl border border-danger/40 bg-danger/5 px-4 py-3 text-sm"
          data-testid="operator-suspended"
        >
          {t('operator.company.suspendedSince', {
            date: date(company.suspendedAt),
            reason: company.suspendedReason ?? '',
          })}
        </p>
      ) : null}

      <dl className="grid gap-px overflow-hidden rounded-xl border border-line bg-line sm:grid-cols-2 lg:grid-cols-4">
        {facts.map(([label, value]) => (
          <div key={label} className="bg-surface px-4 py-3">
            <dt className="text-xs text-ink-muted">{label}</dt>
            <dd className="mt-0.5 font-medium break-all">{value}</dd>
          </div>
        ))}
      </dl>

      <section aria-labelledby="subdomain-heading" className="rounded-xl border border-line bg-surface p-5">
        <h2 id="subdomain-heading" className="font-semibold">
          {t('settings.sections.subdomain.title')}
        </h2>
        {company.subdomain && company.subdomainStatus ? (
          <div className="mt-3 space-y-3 text-sm">
            <p>
              <span className="font-mono">{company.subdomain}</span> ·{' '}
              {t(`subdomain.status.${company.subdomainStatus}`)}
              {company.subdomainDnsState ? ` · DNS: ${t(`subdomain.dns.states.${company.subdomainDnsState}`)}` : ''}
            </p>
            {company.subdomainRejectionReason ? (
              <p className="text-ink-muted">
                {t('operator.company.rejectedBecause', { reason: company.subdomainRejectionReason })}
              </p>
            ) : null}
            {company.subdomainStatus === 'pending' ? (
              <RequestDecision target={{ kind: 'subdomain', companyId: company.id }} />
            ) : null}
          </div>
        ) : (
          <p className="mt-2 text-sm text-ink-muted">{t('operator.company.noSubdomain')}</p>
        )}
      </section>

      <section aria-labelledby="domains-heading" className="rounded-xl border border-line bg-surface p-5">
        <h2 id="domains-heading" className="font-semibold">
          {t('settings.sections.domains.title')}
        </h2>
        {domains.length > 0 ? (
          <ul className="mt-3 space-y-4 text-sm">
            {domains.map((domain) => (
              <li key={domain.id} className="space-y-2" data-testid="operator-domain" data-approval={domain.approval}>
                <p>
                  <span className="font-mono break-all">{domain.host}</span> · {t(`domains.states.${domain.state}`)} ·{' '}
                  {t(`operator.company.domainApproval.${domain.approval}`)}
                </p>
                {domain.rejectionReason ? (
                  <p className="text-ink-muted">
                    {t('operator.company.rejectedBecause', { reason: domain.rejectionReason })}
                  </p>
                ) : null}
                {domain.approval === 'pending' ? (
                  <RequestDecision target={{ kind: 'domain', domainId: domain.id }} />
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-ink-muted">{t('operator.company.noDomains')}</p>
        )}
      </section>

      <section aria-labelledby="people-heading" className="rounded-xl border border-line bg-surface">
        <h2 id="people-heading" className="px-5 pt-5 font-semibold">
          {t('operator.company.people')}
        </h2>
        <ul className="mt-3 divide-y divide-line">
          {people.map((person) => (
            <li key={person.email} className="flex flex-wrap items-center justify-between gap-2 px-5 py-3 text-sm">
              <span className="min-w-0">
                <span className="block font-medium">{person.name}</span>
                <span className="block break-all text-ink-muted">{person.email}</span>
              </span>
              <span className="rounded-full bg-surface-muted px-2 py-0.5 text-xs">{t(`roles.${person.role}`)}</span>
            </li>
          ))}
        </ul>
      </section>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('operator.company.suspendTitle', { company: company.name })}
        description={
          <span className="block space-y-2">
            <span className="block">{t('operator.company.suspendText')}</span>
            <label htmlFor="suspend-reason" className="block pt-2 text-sm font-medium text-ink">
              {t('operator.company.reason')}
            </label>
            <textarea
              id="suspend-reason"
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              rows={3}
              maxLength={500}
              className="block w-full rounded-lg border border-line bg-surface px-3 py-2 text-sm text-ink"
              aria-invalid={Boolean(errors?.reason)}
            />
            {errors?.reason ? <span className="block text-sm text-danger">{t(errors.reason[0])}</span> : null}
          </span>
        }
        confirmLabel={t('operator.company.suspend')}
        cancelLabel={t('common.cancel')}
        tone="danger"
        busy={fetcher.state !== 'idle'}
        onConfirm={() => fetcher.submit({ intent: 'suspend', reason }, { method: 'post' })}
      />
    </div>
  )
}
