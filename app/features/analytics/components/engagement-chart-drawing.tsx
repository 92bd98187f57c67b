import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { useTranslation } from '#app/lib/react-i18n'
import { CHART_LINES } from './chart-lines'
import type { ChartDay } from './engagement-chart'

/** The engagement chart's drawing (engagement-chart.tsx), fetched by the browser once the page is up. */
export default function EngagementChartDrawing({
  series,
  dayLabel,
  number,
}: {
  series: ChartDay[]
  dayLabel: (day: string) => string
  number: Intl.NumberFormat
}) {
  const { t } = useTranslation()
  return (
    <ResponsiveContainer width="100%" height="100%">
      {/* The figures reach screen readers and the keyboard through the table below; the drawing takes no focus. */}
      <LineChart accessibilityLayer={false} data={series} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.1} />
        <XAxis dataKey="day" tickFormatter={dayLabel} tick={{ fontSize: 11 }} minTickGap={24} />
        <YAxis allowDecimals={false} tick={{ fontSize: 11 }} width={48} />
        <Tooltip
          labelFormatter={(day) => dayLabel(String(day))}
          formatter={(value, name) => [number.format(Number(value)), t(`analytics.admin.figures.${String(name)}`)]}
        />
        <Legend formatter={(name) => t(`analytics.admin.figures.${String(name)}`)} wrapperStyle={{ fontSize: 12 }} />
        {CHART_LINES.map((line) => (
          <Line
            key={line.key}
            type="monotone"
            dataKey={line.key}
            stroke={line.color}
            strokeWidth={2}
            strokeDasharray={line.dash}
            dot={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  )
}
