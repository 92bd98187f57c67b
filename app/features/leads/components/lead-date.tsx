import { useDateFormat } from '#app/lib/use-date-format'

/** When a lead arrived, in the reader's language and time zone. Stacked puts the time under the date, for narrow table columns. */
export function LeadDate({ value, stacked = false }: { value: Date | string; stacked?: boolean }) {
  const format = useDateFormat()
  const date = new Date(value)
  if (stacked) {
    return (
      <time dateTime={date.toISOString()} className="flex flex-col tabular-nums">
        <span>{format.date(date)}</span>
        <span className="text-ink-muted">{format.time(date)}</span>
      </time>
    )
  }
  return (
    <time dateTime={date.toISOString()} className="tabular-nums">
      {format.dateTime(date)}
    </time>
  )
}
