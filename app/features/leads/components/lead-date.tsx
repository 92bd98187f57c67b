import { useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'

const subscribeNever = () => () => {}

/*
 * When a lead arrived, in the reader's language and time zone. The server cannot know the
 * zone, so it renders UTC and the browser switches to local time once hydrated (without a
 * hydration mismatch).
 */
export function LeadDate({ value }: { value: Date | string }) {
  const { i18n } = useTranslation()
  const isBrowser = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  )
  const date = new Date(value)
  const text = date.toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short', timeZone: isBrowser ? undefined : 'UTC' })
  return (
    <time dateTime={date.toISOString()} className="tabular-nums">
      {text}
    </time>
  )
}
