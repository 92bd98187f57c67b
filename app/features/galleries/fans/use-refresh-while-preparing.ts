import { useEffect } from 'react'
import { useRevalidator } from 'react-router'

/** How often a fan's open gallery asks again while photos are still being processed. */
const PREPARING_REFRESH_MS = 5000

/**
 * While some of a gallery's photos are still being processed, the open page asks for its data
 * again now and then (a hidden tab waits), so the fan sees them appear without reloading. Each
 * answer comes through the page cache, which moves on as soon as a photo is ready.
 */
export function useRefreshWhilePreparing(preparing: number) {
  const { revalidate, state } = useRevalidator()
  useEffect(() => {
    if (preparing === 0 || state !== 'idle') return
    const timer = setTimeout(() => {
      if (document.visibilityState === 'visible') void revalidate()
    }, PREPARING_REFRESH_MS)
    return () => clearTimeout(timer)
  }, [preparing, state, revalidate])
}
