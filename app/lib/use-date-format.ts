import { useLocalTimeZone } from './local-time-zone'
import {
  formatDate,
  formatDateTime,
  formatDay,
  formatTime,
  formatTimeAgo,
  formatWallClock,
  type Moment,
} from './format-date'
import { useTranslation } from './react-i18n'

/**
 * The product's date formats (format-date.ts) in the reader's language and, once the page has
 * hydrated, their time zone: the server and the hydrating browser both write UTC, so the two
 * agree, and the browser then shows local time (useLocalTimeZone).
 */
export function useDateFormat() {
  const { i18n } = useTranslation()
  const timeZone = useLocalTimeZone()
  const language = i18n.language
  return {
    date: (moment: Moment) => formatDate(moment, language, timeZone),
    dateTime: (moment: Moment) => formatDateTime(moment, language, timeZone),
    time: (moment: Moment) => formatTime(moment, language, timeZone),
    day: (day: string) => formatDay(day, language),
    wallClock: (moment: Moment) => formatWallClock(moment, language),
    /** Relative to the reader's clock: the server's and the browser's minutes may differ (suppress that warning). */
    timeAgo: (moment: Moment) => formatTimeAgo(moment, language),
  }
}
