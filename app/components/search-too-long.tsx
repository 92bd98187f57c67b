import { useTranslation } from '#app/lib/react-i18n'
import { isSearchTooLong, SEARCH_MAX_LENGTH } from '#app/lib/list-search'

const SEARCH_TOO_LONG_ID = 'search-too-long'

/** An admin list's search box (`q`), marked invalid and pointing at the reason when the search is past the limit. */
export function ListSearchInput({
  search,
  placeholder,
  className,
}: {
  search: string | undefined
  placeholder: string
  className: string
}) {
  const tooLong = isSearchTooLong(search)
  return (
    <input
      type="search"
      name="q"
      defaultValue={search ?? ''}
      placeholder={placeholder}
      aria-invalid={tooLong || undefined}
      aria-describedby={tooLong ? SEARCH_TOO_LONG_ID : undefined}
      className={className}
    />
  )
}

/** Beside a list's search box: why a search past the limit found nothing (it is not silently dropped). */
export function SearchTooLong({ search }: { search: string | undefined }) {
  const { t } = useTranslation()
  if (!isSearchTooLong(search)) return null
  return (
    <p id={SEARCH_TOO_LONG_ID} role="alert" className="text-sm text-danger" data-testid="search-too-long">
      {t('errors.searchTooLong', { max: SEARCH_MAX_LENGTH, count: search!.length })}
    </p>
  )
}
