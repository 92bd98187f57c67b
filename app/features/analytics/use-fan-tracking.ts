import { useEffect } from 'react'
import type { PageKind } from './analytics-events'
import { track } from './track'

/** What a fans' page is about: its company, and the item or event it shows. */
export type TrackedPage = { companyId: string; page: PageKind; contentId?: string; eventId?: string }

// Listening for shares and playback is fetched when the fan first does something (a share is
// chosen in a menu opened by a tap; playback starts with a tap or on its own), not while the page
// loads. The page's view is counted at once, so a fan who leaves at once is counted too.
const loadListeners = () => import('./fan-tracking')
const FIRST_ACTS = ['pointerdown', 'keydown', 'play'] as const

/** Counts a fans' page while it is shown (see fan-tracking.ts for what else is counted). */
export function useFanTracking({ companyId, page, contentId, eventId }: TrackedPage) {
  useEffect(() => {
    track(companyId, { type: 'page_view', page, ...(contentId ? { contentId } : {}), ...(eventId ? { eventId } : {}) })
    if (page === 'player' && contentId) track(companyId, { type: 'item_view', contentId })
  }, [companyId, page, contentId, eventId])

  useEffect(() => {
    let left = false
    let stop: (() => void) | undefined
    const waiting = new AbortController()
    const listen = () => {
      waiting.abort()
      void loadListeners().then((listeners) => {
        if (!left) stop = listeners.listenToFans({ companyId, contentId, eventId })
      })
    }
    // `play` does not bubble: captured on the way down. What played before the file came is caught up (fan-tracking.ts).
    for (const type of FIRST_ACTS) document.addEventListener(type, listen, { capture: true, signal: waiting.signal })
    return () => {
      left = true
      waiting.abort()
      stop?.()
    }
  }, [companyId, contentId, eventId])
}

/** An item opened in the photo viewer. */
export function trackItemView(companyId: string, contentId: string, assetId: string) {
  track(companyId, { type: 'item_view', contentId, assetId })
}
