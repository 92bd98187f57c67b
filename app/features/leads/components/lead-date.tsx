import { useLocalTimeZone } from '#app/lib/local-time-zone'
import { useTranslation } from '#app/lib/react-i18n'

/** When a lead arrived, in the reader's language and time zone. Stacked puts the time under the date, for narrow table columns. */
export function LeadDate({ value, stacked = false }: { value: Date | string; stacked?: boolean }) {
  const { i18n } = useTranslation()
  const timeZone = useLocalTimeZone()
  const date = new Date(value)
  if (stacked) {
    return (
      <time dateTime={date.toISOString()} className="flex flex-col tabular-nums">
        <span>{date.toLocaleDateString(i18n.language, { dateStyle: 'medium', timeZone })}</span>
        <span className="text-ink-muted">
          {date.toLocaleTimeString(i18n.language, { timeStyle: 'short', timeZone })}
        </span>
      </time>
    )
  }
  return (
    <time dateTime={date.toISOString()} className="tabular-nums">
      {date.toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short', timeZone })}
    </time>
  )
}
