import { useEffect } from 'react'
import { useFetcher, type ShouldRevalidateFunctionArgs } from 'react-router'
import { storageFor } from '#app/features/consent/consent-storage'
import { staysOnPage } from '#app/lib/action-changed-nothing'
import { QUIET_FETCHER_PREFIX } from '#app/lib/hydrated-on-demand'

/**
 * Marks this visit as having seen the item, and says whether it had not before. With analytics
 * consent the mark lasts for the tab (reloads are the same visit); without it nothing is stored
 * on the device and the mark lasts as long as the page.
 */
function isFirstViewOfVisit(contentId: string) {
  const visit = storageFor('analytics', 'session')
  const key = `afterglow:viewed:${contentId}`
  if (visit.getItem(key)) return false
  visit.setItem(key, '1')
  return true
}

const COUNT_VIEW = 'count-view'

/**
 * Counting a view changes nothing on the page, so it does not load the page again; every other
 * submission does (e.g. the lead dialog, after which downloads no longer ask for details).
 */
export function revalidateUnlessViewCount(args: ShouldRevalidateFunctionArgs) {
  return args.formData?.get('intent') === COUNT_VIEW && staysOnPage(args) ? false : args.defaultShouldRevalidate
}

/**
 * Counts a fan's visit to an item's page once: the page posts to its own action, which records
 * the view. The page itself may come from the page cache, so counting cannot happen while rendering.
 */
export function useCountView(contentId: string) {
  // Quiet: parts of the page fetched on demand need not come for it (hydrated-on-demand.tsx).
  const fetcher = useFetcher({ key: `${QUIET_FETCHER_PREFIX}${COUNT_VIEW}` })
  const submit = fetcher.submit
  useEffect(() => {
    if (isFirstViewOfVisit(contentId)) void submit({ intent: COUNT_VIEW }, { method: 'post' })
  }, [contentId, submit])
}
