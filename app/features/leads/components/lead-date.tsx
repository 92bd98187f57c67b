import { useSyncExternalStore } from 'react'
import { useTranslation } from '#app/lib/react-i18n'

const subscribeNever = () => () => {}

/*
 * When a lead arrived, in the reader's language and time zone. The server cannot know the
 * zone, so it renders UTC and the browser switches to local time once hydrated (without a
 * hydration mismatch). Stacked puts the time under the date, for narrow table columns.
 */
export function LeadDate({ value, stacked = false }: { value: Date | string; stacked?: boolean }) {
  const { i18n } = useTranslation()
  const isBrowser = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  )
  const date = new Date(value)
  const timeZone = isBrowser ? undefined : 'UTC'
  if (stacked) {
    return (
      <time dateTime={date.toISOString()} className="flex flex-col tabular-nums">
        <span>{date.toLocaleDateString(i18n.language, { dateStyle: 'medium', timeZone })}</span>
        <span className="text-ink-muted">{date.toLocaleTimeString(i18n.language, { timeStyle: 'short', timeZone })}</span>
      </time>
    )
  }
  return (
    <time dateTime={date.toISOString()} className="tabular-nums">
      {date.toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short', timeZone })}
    </time>
  )
}
