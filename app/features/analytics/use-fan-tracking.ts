import { useEffect } from 'react'
import type { PageKind } from './analytics-events'

/** What a fans' page is about: its company, and the item or event it shows. */
export type TrackedPage = { companyId: string; page: PageKind; contentId?: string; eventId?: string }

// Counting is fetched once the page is up: nothing a fan sees waits for it.
const loadTracking = () => import('./fan-tracking')

/** Counts a fans' page while it is shown (see fan-tracking.ts for what is counted). */
export function useFanTracking({ companyId, page, contentId, eventId }: TrackedPage) {
  useEffect(() => {
    let left = false
    let stop: (() => void) | undefined
    void loadTracking().then((tracking) => {
      if (!left) stop = tracking.startFanTracking({ companyId, page, contentId, eventId })
    })
    return () => {
      left = true
      stop?.()
    }
  }, [companyId, page, contentId, eventId])
}

/** An item opened in the photo viewer. */
export function trackItemView(companyId: string, contentId: string, assetId: string) {
  void loadTracking().then((tracking) => tracking.trackItemView(companyId, contentId, assetId))
}
