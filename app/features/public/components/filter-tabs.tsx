import { useTranslation } from '#app/lib/react-i18n'
import { Link } from 'react-router'
import { cn } from '#app/lib/cn'

export const MEDIA_TABS = ['all', 'photos', 'videos'] as const
export const EVENT_FILTERS = ['all', 'photos', 'videos', 'audios'] as const

/** The `?type=` filter of a fans' page, one of `names`, "all" when absent or unknown. */
export function readFilter<const T extends readonly string[]>(request: Request, names: T): T[number] {
  const requested = new URL(request.url).searchParams.get('type')
  return names.find((name) => name === requested) ?? names[0]
}

/** All / Photos / Videos (/ Audios) as links, so they work without JavaScript. */
export function FilterTabs({ names, current, className }: { names: readonly string[]; current: string; className: string }) {
  const { t } = useTranslation()
  return (
    <nav aria-label={t('public.tabs.label')} className={className}>
      {names.map((name) => (
        <Link key={name} to={name === 'all' ? '?' : `?type=${name}`} preventScrollReset replace aria-current={current === name ? 'page' : undefined} className={cn('rounded-full px-3.5 py-1.5', current === name ? 'bg-ink text-surface' : 'text-ink-muted hover:text-ink')}>
          {t(`public.tabs.${name}`)}
        </Link>
      ))}
    </nav>
  )
}
