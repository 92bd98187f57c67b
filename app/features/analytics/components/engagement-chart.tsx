import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { useTranslation } from '#app/lib/react-i18n'

export type ChartDay = { day: string; views: number; visitors: number; likes: number; downloads: number }

const LINES = [
  { key: 'views', color: '#6d28d9', dash: undefined },
  { key: 'visitors', color: '#0891b2', dash: '6 4' },
  { key: 'likes', color: '#db2777', dash: undefined },
  { key: 'downloads', color: '#65a30d', dash: undefined },
] as const

/**
 * Engagement per day. The drawing is hidden from screen readers, which get the same figures as
 * the table under it (a <details>, closed by default, that anyone may open). Visitors are dashed:
 * on quiet days they equal the views and would hide that line.
 */
export function EngagementChart({ series }: { series: ChartDay[] }) {
  const { t, i18n } = useTranslation()
  const dayLabel = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString(i18n.language, { day: 'numeric', month: 'short', timeZone: 'UTC' })
  const number = new Intl.NumberFormat(i18n.language)
  return (
    <figure className="rounded-xl border border-line bg-surface p-3 lg:p-5" data-testid="engagement-chart">
      <figcaption className="text-sm font-medium">{t('analytics.admin.chart.title')}</figcaption>
      <div aria-hidden className="mt-3 h-64 w-full lg:h-80">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={series} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.1} />
            <XAxis dataKey="day" tickFormatter={dayLabel} tick={{ fontSize: 11 }} minTickGap={24} />
            <YAxis allowDecimals={false} tick={{ fontSize: 11 }} width={48} />
            <Tooltip labelFormatter={(day) => dayLabel(String(day))} formatter={(value, name) => [number.format(Number(value)), t(`analytics.admin.figures.${String(name)}`)]} />
            <Legend formatter={(name) => t(`analytics.admin.figures.${String(name)}`)} wrapperStyle={{ fontSize: 12 }} />
            {LINES.map((line) => (
              <Line key={line.key} type="monotone" dataKey={line.key} stroke={line.color} strokeWidth={2} strokeDasharray={line.dash} dot={false} isAnimationActive={false} />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer text-ink-muted">{t('analytics.admin.chart.asTable')}</summary>
        <div className="mt-2 max-h-72 overflow-auto">
          <table className="w-full text-left tabular-nums">
            <caption className="sr-only">{t('analytics.admin.chart.title')}</caption>
            <thead className="text-xs text-ink-muted">
              <tr>
                <th scope="col" className="py-1 pr-3">{t('analytics.admin.columns.day')}</th>
                {LINES.map((line) => (
                  <th key={line.key} scope="col" className="py-1 pr-3 text-right">{t(`analytics.admin.figures.${line.key}`)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {series.map((day) => (
                <tr key={day.day} className="border-t border-line">
                  <th scope="row" className="py-1 pr-3 font-normal">{dayLabel(day.day)}</th>
                  {LINES.map((line) => (
                    <td key={line.key} className="py-1 pr-3 text-right">{number.format(day[line.key])}</td>
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
