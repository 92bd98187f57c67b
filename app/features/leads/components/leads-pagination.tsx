import { ChevronLeft, ChevronRight } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from '#app/lib/react-i18n'
import { Link } from 'react-router'
import { buttonClasses } from '#app/components/ui/button'
import { cn } from '#app/lib/cn'

/** Previous / next with "page x of y"; the filters travel with the page in the URL. */
export function LeadsPagination({
  page,
  pageCount,
  filterQuery,
}: {
  page: number
  pageCount: number
  filterQuery: string
}) {
  const { t, i18n } = useTranslation()
  if (pageCount <= 1) return null
  const number = new Intl.NumberFormat(i18n.language)
  const href = (target: number) => {
    const params = new URLSearchParams(filterQuery)
    if (target > 1) params.set('page', String(target))
    const query = params.toString()
    return query ? `/admin/leads?${query}` : '/admin/leads'
  }
  const step = (target: number, label: string, icon: ReactNode, iconFirst: boolean) => {
    const content = iconFirst ? (
      <>
        {icon}
        {label}
      </>
    ) : (
      <>
        {label}
        {icon}
      </>
    )
    return target >= 1 && target <= pageCount ? (
      <Link
        to={href(target)}
        prefetch="intent"
        className={buttonClasses('secondary', 'sm')}
        rel={target < page ? 'prev' : 'next'}
      >
        {content}
      </Link>
    ) : (
      <span aria-disabled="true" className={cn(buttonClasses('secondary', 'sm'), 'cursor-not-allowed opacity-50')}>
        {content}
      </span>
    )
  }
  return (
    <nav
      aria-label={t('leads.pagination.label')}
      className="flex items-center justify-between gap-3"
      data-testid="leads-pagination"
    >
      {step(page - 1, t('leads.pagination.previous'), <ChevronLeft aria-hidden className="size-4" />, true)}
      <span className="text-sm text-ink-muted tabular-nums">
        {t('leads.pagination.status', { page: number.format(page), pages: number.format(pageCount) })}
      </span>
      {step(page + 1, t('leads.pagination.next'), <ChevronRight aria-hidden className="size-4" />, false)}
    </nav>
  )
}
