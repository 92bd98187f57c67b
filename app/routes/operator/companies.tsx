import { Search } from 'lucide-react'
import { Form, Link, useNavigation } from 'react-router'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table'
import { COMPANY_LIST_LIMIT, listCompanies } from '#app/features/operator/server/list-companies.server'
import { withActor } from '#app/access/member-route.server'
import { formatBytes } from '#app/lib/format-bytes'
import { useTranslation } from '#app/lib/react-i18n'
import { useDateFormat } from '#app/lib/use-date-format'
import type { Route } from './+types/companies'

export const loader = withActor({ kind: 'operator' }, async (operator, { request }: Route.LoaderArgs) => {
  const q = new URL(request.url).searchParams.get('q')?.slice(0, 200) ?? ''
  return { q, companies: await listCompanies(operator, q), limit: COMPANY_LIST_LIMIT }
})

export default function OperatorCompanies({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { date } = useDateFormat()
  const { q, companies, limit } = loaderData
  const searching = useNavigation().state === 'loading'
  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{t('operator.companies.title')}</h1>
          <p className="mt-1 text-sm text-ink-muted">{t('operator.companies.count', { count: companies.length })}</p>
        </div>
        <Form role="search" className="flex w-full gap-2 sm:w-80" aria-busy={searching}>
          <label htmlFor="company-search" className="sr-only">
            {t('operator.companies.search')}
          </label>
          <input
            id="company-search"
            name="q"
            type="search"
            defaultValue={q}
            placeholder={t('operator.companies.search')}
            className="h-10 min-w-0 flex-1 rounded-lg border border-line bg-surface px-3 text-sm"
          />
          <button
            type="submit"
            className="grid size-10 shrink-0 place-items-center rounded-lg border border-line bg-surface hover:bg-surface-muted"
            aria-label={t('operator.companies.search')}
          >
            <Search aria-hidden className="size-4" />
          </button>
        </Form>
      </div>
      {companies.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line bg-surface p-10 text-center text-sm text-ink-muted">
          {q ? t('operator.companies.noMatch', { q }) : t('operator.companies.empty')}
        </p>
      ) : (
        <Table label={t('operator.companies.title')} className="min-w-[760px]">
          <TableHeader>
            <TableRow>
              <TableHead>{t('operator.companies.name')}</TableHead>
              <TableHead>{t('operator.companies.plan')}</TableHead>
              <TableHead numeric>{t('operator.companies.storage')}</TableHead>
              <TableHead numeric>{t('operator.companies.members')}</TableHead>
              <TableHead>{t('operator.companies.created')}</TableHead>
              <TableHead>{t('operator.companies.status')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {companies.map((company) => (
              <TableRow key={company.id} data-testid="operator-company-row">
                <TableCell>
                  <Link to={`/operator/companies/${company.id}`} className="font-medium hover:underline">
                    {company.name}
                  </Link>
                  <span className="block text-xs text-ink-muted">/{company.slug}</span>
                </TableCell>
                <TableCell className="capitalize">{company.plan}</TableCell>
                <TableCell numeric>{formatBytes(company.storageBytes, i18n.language)}</TableCell>
                <TableCell numeric>{company.members}</TableCell>
                <TableCell>{date(company.createdAt)}</TableCell>
                <TableCell>
                  <span
                    className={
                      company.suspendedAt
                        ? 'rounded-full bg-danger/10 px-2 py-0.5 text-xs font-medium text-danger'
                        : 'rounded-full bg-emerald-600/10 px-2 py-0.5 text-xs font-medium text-emerald-800'
                    }
                  >
                    {t(company.suspendedAt ? 'operator.companies.suspended' : 'operator.companies.active')}
                  </span>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {companies.length >= limit ? (
        <p className="text-xs text-ink-muted">{t('operator.companies.limited', { count: limit })}</p>
      ) : null}
    </div>
  )
}
