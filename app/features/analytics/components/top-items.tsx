import { Link } from 'react-router'
import { useTranslation } from '#app/lib/react-i18n'
import type { readAnalyticsDetail } from '../server/read-analytics-overview.server'

type TopItems = Awaited<ReturnType<typeof readAnalyticsDetail>>['topItems']

/** The items that did best in each figure over the range, each a link to its editor. */
export function TopItemsPanel({ topItems }: { topItems: TopItems }) {
  const { t, i18n } = useTranslation()
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 })
  const ranked = topItems.filter((group) => group.items.length > 0)
  return (
    <section aria-labelledby="top-items" className="space-y-3" data-testid="top-items">
      <h2 id="top-items" className="text-lg font-semibold">
        {t('analytics.admin.top.title')}
      </h2>
      {ranked.length === 0 ? (
        <p className="text-sm text-ink-muted">{t('analytics.admin.tables.none')}</p>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-5">
          {ranked.map((group) => (
            <section
              key={group.figure}
              aria-labelledby={`top-${group.figure}`}
              className="rounded-xl border border-line bg-surface p-4"
              data-testid={`top-${group.figure}`}
            >
              <h3 id={`top-${group.figure}`} className="text-sm text-ink-muted">
                {t(`analytics.admin.top.by.${group.figure}`)}
              </h3>
              <ol className="mt-2 space-y-1.5 text-sm">
                {group.items.map((item, index) => (
                  <li key={item.contentItemId} className="flex items-baseline gap-2" data-testid="top-item">
                    <span aria-hidden className="w-4 shrink-0 text-xs text-ink-muted tabular-nums">
                      {index + 1}
                    </span>
                    {item.title === null ? (
                      <span className="min-w-0 flex-1 truncate text-ink-muted">{t('analytics.admin.untitled')}</span>
                    ) : (
                      <Link
                        to={`/admin/content/${item.contentItemId}`}
                        className="min-w-0 flex-1 truncate font-medium hover:underline"
                      >
                        {item.title}
                      </Link>
                    )}
                    <span className="shrink-0 font-semibold tabular-nums">{number.format(item.value)}</span>
                  </li>
                ))}
              </ol>
            </section>
          ))}
        </div>
      )}
    </section>
  )
}
