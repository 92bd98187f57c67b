import { useEffect, useState } from 'react'

/** The gallery page's parameter naming a Find me set: a search's link opens the page on it. */
export const FIND_ME_SET_PARAM = 'encontrei'
/** The gallery page's parameter that opens the Find me dialog at once (the event page's links). */
export const FIND_ME_OPEN_PARAM = 'encontre-me'

/**
 * The set a gallery's page shows instead of all its photos: the fan's search, or the link to one.
 * Kept in the address, so reloading or sharing the page keeps it.
 */
export function useFindMeSet() {
  const [set, setSet] = useState<string | null>(null)
  useEffect(() => setSet(new URLSearchParams(location.search).get(FIND_ME_SET_PARAM)), [])
  const show = (next: string | null) => {
    setSet(next)
    const url = new URL(location.href)
    if (next) url.searchParams.set(FIND_ME_SET_PARAM, next)
    else url.searchParams.delete(FIND_ME_SET_PARAM)
    history.replaceState(history.state, '', url)
  }
  return [set, show] as const
}
