import { useTranslation } from '#app/lib/react-i18n'
import { isSearchTooLong, SEARCH_MAX_LENGTH } from '#app/lib/list-search'

export const SEARCH_TOO_LONG_ID = 'search-too-long'

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
