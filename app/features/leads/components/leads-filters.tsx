import { Search } from 'lucide-react'
import { useEffect, useRef, type FormEvent } from 'react'
import { useTranslation } from '#app/lib/react-i18n'
import { Form, useSubmit } from 'react-router'
import { ListSearchInput, SearchTooLong } from '#app/components/search-too-long'
import { MARKETING_FILTERS, type TLeadFilters } from '../leads.schema'

type Option = { id: string; title: string }

/** Typing pauses this long before the list is asked again, so each keystroke is not a query. */
const SEARCH_DEBOUNCE_MS = 350

const CONTROL = 'h-10 w-full rounded-[var(--radius-ui)] border border-line bg-surface text-sm'

/**
 * Search and filters, kept in the URL (GET form): a filtered list can be bookmarked, shared with
 * a colleague and exported as it stands. Changing anything goes back to the first page.
 */
export function LeadsFilters({
  filters,
  contents,
  events,
}: {
  filters: TLeadFilters
  contents: Option[]
  events: Option[]
}) {
  const { t } = useTranslation()
  const submit = useSubmit()
  const formRef = useRef<HTMLFormElement>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)

  useEffect(() => () => clearTimeout(timer.current), [])

  // The fields are uncontrolled (typing stays instant); bring them in line when the URL changes
  // by other means, such as "Clear filters" or the back button, but never under the user's cursor.
  useEffect(() => {
    const form = formRef.current
    if (!form) return
    const values: Record<string, string> = {
      q: filters.q ?? '',
      content: filters.content ?? '',
      event: filters.event ?? '',
      marketing: filters.marketing ?? '',
    }
    for (const [name, value] of Object.entries(values)) {
      const field = form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null
      if (field && field !== document.activeElement && field.value !== value) field.value = value
    }
  }, [filters])

  function onChange(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget
    const isSearch = (event.target as HTMLElement).getAttribute('name') === 'q'
    clearTimeout(timer.current)
    if (isSearch) timer.current = setTimeout(() => void submit(form, { replace: true }), SEARCH_DEBOUNCE_MS)
    else void submit(form, { replace: true })
  }

  return (
    <Form ref={formRef} method="get" role="search" onChange={onChange}>
      <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-[minmax(0,1fr)_repeat(3,minmax(0,230px))]">
        <label className="relative block md:col-span-2 xl:col-span-1">
          <span className="sr-only">{t('leads.filters.search')}</span>
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-muted"
          />
          <ListSearchInput
            search={filters.q}
            placeholder={t('leads.filters.search')}
            className={`${CONTROL} pr-3 pl-9`}
          />
        </label>
        <select
          name="content"
          defaultValue={filters.content ?? ''}
          aria-label={t('leads.filters.content')}
          className={`${CONTROL} px-3`}
        >
          <option value="">{t('leads.filters.allContent')}</option>
          {contents.map((item) => (
            <option key={item.id} value={item.id}>
              {item.title}
            </option>
          ))}
        </select>
        <select
          name="event"
          defaultValue={filters.event ?? ''}
          aria-label={t('leads.filters.event')}
          className={`${CONTROL} px-3`}
        >
          <option value="">{t('leads.filters.allEvents')}</option>
          {events.map((item) => (
            <option key={item.id} value={item.id}>
              {item.title}
            </option>
          ))}
        </select>
        <select
          name="marketing"
          defaultValue={filters.marketing ?? ''}
          aria-label={t('leads.filters.marketing')}
          className={`${CONTROL} px-3`}
        >
          <option value="">{t('leads.filters.marketingAll')}</option>
          {MARKETING_FILTERS.map((value) => (
            <option key={value} value={value}>
              {t(`leads.filters.marketingOptions.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="mt-2 empty:hidden">
        <SearchTooLong search={filters.q} />
      </div>
      <noscript>
        <button
          type="submit"
          className="mt-3 h-10 rounded-[var(--radius-ui)] border border-line bg-surface px-4 text-sm font-medium"
        >
          {t('leads.filters.apply')}
        </button>
      </noscript>
    </Form>
  )
}
