import { Link, useSearchParams } from 'react-router'
import { useTranslation } from '#app/lib/react-i18n'

/**
 * "Show more" under a section: a link to the same page with `more` of it (`?galleries=48`), so it
 * works without script too; with script the page's data comes again and the fan stays where they are.
 */
export function ShowMore({
  param,
  shown,
  atOnce,
  hidden,
  label,
  testId,
}: {
  param: string
  shown: number
  atOnce: number
  hidden: number
  label: string
  testId: string
}) {
  const { t } = useTranslation()
  const [query] = useSearchParams()
  if (hidden <= 0) return null
  const next = new URLSearchParams(query)
  next.set(param, String(shown + atOnce))
  return (
    <div className="mt-8 flex flex-wrap items-center justify-center gap-3">
      <Link
        to={`?${next}`}
        preventScrollReset
        replace
        className="inline-flex min-h-11 items-center rounded-full border border-line px-5 text-sm font-medium hover:bg-surface-muted focus-visible:ring-2 focus-visible:ring-accent focus-visible:outline-none"
        data-testid={testId}
      >
        {label}
      </Link>
      <span className="text-sm text-ink-muted">{t('public.showMore.notShown', { count: hidden })}</span>
    </div>
  )
}
