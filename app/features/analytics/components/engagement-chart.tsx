import { lazy, Suspense } from 'react'
import { useTranslation } from '#app/lib/react-i18n'
import { useHydrated } from '#app/lib/use-hydrated'
import { CHART_LINES as LINES } from './chart-lines'

export type ChartDay = { day: string; views: number; visitors: number; likes: number; downloads: number }

// The drawing needs the page's width, so the browser draws it: the server sends its box, and never loads the charting library.
const ChartDrawing = lazy(() => import('./engagement-chart-drawing'))

/**
 * Engagement per day. The drawing is hidden from screen readers, which get the same figures as
 * the table under it (a <details>, closed by default, that anyone may open). Visitors are dashed:
 * on quiet days they equal the views and would hide that line.
 */
export function EngagementChart({ series }: { series: ChartDay[] }) {
  const { t, i18n } = useTranslation()
  const dayLabel = (day: string) =>
    new Date(`${day}T00:00:00Z`).toLocaleDateString(i18n.language, { day: 'numeric', month: 'short', timeZone: 'UTC' })
  const number = new Intl.NumberFormat(i18n.language)
  const hydrated = useHydrated()
  return (
    <figure className="rounded-xl border border-line bg-surface p-3 lg:p-5" data-testid="engagement-chart">
      <figcaption className="text-sm font-medium">{t('analytics.admin.chart.title')}</figcaption>
      <div aria-hidden className="mt-3 h-64 w-full lg:h-80">
        {hydrated ? (
          <Suspense fallback={null}>
            <ChartDrawing series={series} dayLabel={dayLabel} number={number} />
          </Suspense>
        ) : null}
      </div>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer text-ink-muted">{t('analytics.admin.chart.asTable')}</summary>
        <div className="mt-2 max-h-72 overflow-auto">
          <table className="w-full text-left tabular-nums">
            <caption className="sr-only">{t('analytics.admin.chart.title')}</caption>
            <thead className="text-xs text-ink-muted">
              <tr>
                <th scope="col" className="py-1 pr-3">
                  {t('analytics.admin.columns.day')}
                </th>
                {LINES.map((line) => (
                  <th key={line.key} scope="col" className="py-1 pr-3 text-right">
                    {t(`analytics.admin.figures.${line.key}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {series.map((day) => (
                <tr key={day.day} className="border-t border-line">
                  <th scope="row" className="py-1 pr-3 font-normal">
                    {dayLabel(day.day)}
                  </th>
                  {LINES.map((line) => (
                    <td key={line.key} className="py-1 pr-3 text-right">
                      {number.format(day[line.key])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  )
}
