import { Form } from 'react-router'
import { buttonClasses } from '#app/components/ui/button'
import { useTranslation } from '#app/lib/react-i18n'
import type { AnalyticsRange } from '../analytics-range'

type Choice = { id: string; title: string | null }

/**
 * Whose funnel and shares the page shows: the company's, one event's or one item's. A plain GET
 * form with a button: choosing in the list does not reload on its own, so keyboard users can go
 * through the options (WCAG 3.2.2).
 */
export function FunnelFilter({
  range,
  selected,
  events,
  items,
}: {
  range: AnalyticsRange
  selected: string
  events: Choice[]
  items: Choice[]
}) {
  const { t } = useTranslation()
  const untitled = t('analytics.admin.untitled')
  return (
    <Form
      method="get"
      preventScrollReset
      className="mt-3 flex min-w-0 flex-wrap items-end gap-2"
      data-testid="funnel-filter"
    >
      <input type="hidden" name="range" value={range.preset} />
      {range.preset === 'custom' ? (
        <>
          <input type="hidden" name="from" value={range.from} />
          <input type="hidden" name="to" value={range.to} />
        </>
      ) : null}
      <label className="min-w-0 flex-1 text-xs text-ink-muted">
        {t('analytics.admin.funnel.of')}
        <select
          name="funnel"
          defaultValue={selected}
          className="mt-0.5 block h-9 w-full min-w-0 truncate rounded-md border border-line bg-surface px-2 text-sm text-ink"
        >
          <option value="">{t('analytics.admin.funnel.everything')}</option>
          {events.length > 0 ? (
            <optgroup label={t('analytics.admin.tables.event')}>
              {events.map((show) => (
                <option key={show.id} value={`event:${show.id}`}>
                  {show.title ?? untitled}
                </option>
              ))}
            </optgroup>
          ) : null}
          {items.length > 0 ? (
            <optgroup label={t('analytics.admin.tables.content')}>
              {items.map((item) => (
                <option key={item.id} value={`item:${item.id}`}>
                  {item.title ?? untitled}
                </option>
              ))}
            </optgroup>
          ) : null}
        </select>
      </label>
      <button type="submit" className={buttonClasses('secondary', 'sm', 'h-9')}>
        {t('analytics.admin.funnel.show')}
      </button>
    </Form>
  )
}
