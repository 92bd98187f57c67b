import { Download, Loader2, SearchX, UserPlus, X } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTranslation } from '#app/lib/react-i18n'
import { Link, useFetcher, useNavigation } from 'react-router'
import { buttonClasses } from '#app/components/ui/button'
import { ConfirmDialog } from '#app/components/ui/dialog'
import { useOutcomeToast, type ActionResult } from '#app/lib/action-result'
import { cn } from '#app/lib/cn'
import { hasLeadFilters, leadFilterQuery, type TLeadFilters } from '../leads.schema'
import type { LeadListItem } from '../server/find-leads.server'
import { LeadsFilters } from './leads-filters'
import { LeadCards, LeadsTable } from './leads-list'
import { LeadsPagination } from './leads-pagination'
import { pageWidth } from '#app/components/page-width'

type Option = { id: string; title: string }

export type LeadsPageProps = {
  leads: LeadListItem[]
  total: number
  matching: number
  page: number
  pageCount: number
  pageSize: number
  options: { contents: Option[]; events: Option[] }
  filters: TLeadFilters
  canDelete: boolean
}

/** The admin's Leads page: who registered to download, with search, filters, export and erasure. */
export function LeadsPage({
  leads,
  total,
  matching,
  page,
  pageCount,
  pageSize,
  options,
  filters,
  canDelete,
}: LeadsPageProps) {
  const { t, i18n } = useTranslation()
  const navigation = useNavigation()
  const remover = useFetcher<ActionResult>()
  const [toDelete, setToDelete] = useState<LeadListItem | null>(null)
  useOutcomeToast(remover.data)
  // Any answer closes the dialog: done, or the lead was already gone (its toast says which).
  useEffect(() => {
    if (remover.data) setToDelete(null)
  }, [remover.data])

  const number = new Intl.NumberFormat(i18n.language)
  const filterQuery = leadFilterQuery(filters)
  const isFiltered = hasLeadFilters(filters)
  const isLoading = navigation.state === 'loading' && navigation.location?.pathname === '/admin/leads'
  const from = (page - 1) * pageSize + 1
  const to = from + leads.length - 1

  return (
    <div className={`${pageWidth('wide')} space-y-6`}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{t('leads.title')}</h1>
          <p className="mt-1 max-w-2xl text-sm text-ink-muted">{t('leads.subtitle')}</p>
        </div>
        {total > 0 ? (
          matching > 0 ? (
            <a
              href={`/admin/leads/export.csv${filterQuery ? `?${filterQuery}` : ''}`}
              download
              className={buttonClasses('secondary', 'md', 'shrink-0')}
              data-testid="export-leads"
            >
              <Download aria-hidden className="size-4" />
              {isFiltered
                ? t('leads.export.filtered', { count: matching, number: number.format(matching) })
                : t('leads.export.all')}
            </a>
          ) : (
            <span
              aria-disabled="true"
              className={cn(buttonClasses('secondary', 'md', 'shrink-0'), 'cursor-not-allowed opacity-50')}
            >
              <Download aria-hidden className="size-4" />
              {t('leads.export.all')}
            </span>
          )
        ) : null}
      </div>

      {total === 0 ? (
        <section
          className="rounded-xl border border-dashed border-line bg-surface p-10 text-center"
          data-testid="leads-empty"
        >
          <UserPlus aria-hidden className="mx-auto size-8 text-accent" />
          <h2 className="mt-3 font-semibold">{t('leads.empty.title')}</h2>
          <p className="mx-auto mt-1 max-w-lg text-sm text-ink-muted">{t('leads.empty.text')}</p>
          <Link to="/admin/content" className={buttonClasses('secondary', 'md', 'mt-5')}>
            {t('leads.empty.action')}
          </Link>
        </section>
      ) : (
        <>
          <LeadsFilters filters={filters} contents={options.contents} events={options.events} />

          <div
            className="flex min-h-5 flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-muted"
            aria-live="polite"
            data-testid="leads-summary"
          >
            <span className="font-medium text-ink">
              {isFiltered
                ? t('leads.summary.matching', {
                    count: matching,
                    number: number.format(matching),
                    total: number.format(total),
                  })
                : t('leads.summary.all', { count: total, number: number.format(total) })}
            </span>
            {pageCount > 1 ? (
              <span className="tabular-nums">
                {t('leads.summary.range', { from: number.format(from), to: number.format(to) })}
              </span>
            ) : null}
            {isFiltered ? (
              <Link
                to="/admin/leads"
                replace
                className="inline-flex items-center gap-1 font-medium text-accent hover:underline"
                data-testid="clear-filters"
              >
                <X aria-hidden className="size-3.5" />
                {t('leads.filters.clear')}
              </Link>
            ) : null}
            {isLoading ? (
              <span className="inline-flex items-center gap-1.5" role="status" data-testid="leads-loading">
                <Loader2 aria-hidden className="size-4 animate-spin text-accent" />
                {t('leads.loading')}
              </span>
            ) : null}
          </div>

          {matching === 0 ? (
            <section
              className="rounded-xl border border-dashed border-line bg-surface p-10 text-center"
              data-testid="leads-no-results"
            >
              <SearchX aria-hidden className="mx-auto size-8 text-ink-muted" />
              <h2 className="mt-3 font-semibold">{t('leads.noResults.title')}</h2>
              <p className="mx-auto mt-1 max-w-md text-sm text-ink-muted">{t('leads.noResults.text')}</p>
              <Link to="/admin/leads" replace className={buttonClasses('secondary', 'md', 'mt-5')}>
                {t('leads.filters.clear')}
              </Link>
            </section>
          ) : (
            <div
              className={cn('space-y-4 transition-opacity duration-150', isLoading && 'pointer-events-none opacity-60')}
              aria-busy={isLoading}
            >
              <LeadsTable leads={leads} canDelete={canDelete} onDelete={setToDelete} />
              <LeadCards leads={leads} canDelete={canDelete} onDelete={setToDelete} />
              <LeadsPagination page={page} pageCount={pageCount} filterQuery={filterQuery} />
            </div>
          )}
        </>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null)
        }}
        title={t('leads.delete.title')}
        description={toDelete ? t('leads.delete.description', { name: toDelete.fullName, email: toDelete.email }) : ''}
        confirmLabel={remover.state === 'idle' ? t('leads.delete.confirm') : t('leads.delete.deleting')}
        cancelLabel={t('common.cancel')}
        tone="danger"
        busy={remover.state !== 'idle'}
        onConfirm={() => {
          if (toDelete)
            void remover.submit({ intent: 'delete', leadId: toDelete.id }, { method: 'post', action: '/admin/leads' })
        }}
      />
    </div>
  )
}
