import { useTranslation } from '#app/lib/react-i18n'
import { Link } from 'react-router'
import { cn } from '#app/lib/cn'

export const MEDIA_TABS = ['all', 'photos', 'videos'] as const
export const EVENT_FILTERS = ['all', 'photos', 'videos', 'audios'] as const

/** The `?type=` filter of a fans' page (`address`: the page's URL), one of `names`, "all" when absent or unknown. */
export function readFilter<const T extends readonly string[]>(address: string, names: T): T[number] {
  const requested = new URL(address).searchParams.get('type')
  return names.find((name) => name === requested) ?? names[0]
}

/**
 * The tabs worth showing: "all" and each type that has items (`counts`), and the current one
 * whatever its count (a shared link may point at it). With one type only, "all" says it all: none.
 */
export function visibleTabs(names: readonly string[], current: string, counts: Partial<Record<string, number>>) {
  const shown = names.filter((name) => name === 'all' || name === current || (counts[name] ?? 0) > 0)
  return shown.length > 2 || current !== names[0] ? shown : []
}

/** All / Photos / Videos (/ Audios) as links, so they work without JavaScript; types without items are left out. */
export function FilterTabs({
  names,
  current,
  counts,
  className,
}: {
  names: readonly string[]
  current: string
  counts: Partial<Record<string, number>>
  className: string
}) {
  const { t } = useTranslation()
  const shown = visibleTabs(names, current, counts)
  if (shown.length === 0) return null
  return (
    <nav aria-label={t('public.tabs.label')} className={className} data-testid="filter-tabs">
      {shown.map((name) => (
        <Link
          key={name}
          to={name === 'all' ? '?' : `?type=${name}`}
          preventScrollReset
          replace
          aria-current={current === name ? 'page' : undefined}
          className={cn(
            'rounded-full px-3.5 py-1.5',
            current === name ? 'bg-ink text-surface' : 'text-ink-muted hover:text-ink',
          )}
        >
          {t(`public.tabs.${name}`)}
        </Link>
      ))}
    </nav>
  )
}
