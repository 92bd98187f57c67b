import { useCallback, useEffect, useRef, useState } from 'react'
import type { PublicMedia, UpcomingPage } from '#app/features/galleries/fans/server/gallery-page.server'

type Pages = {
  items: PublicMedia[]
  next: string | null
  upcoming: UpcomingPage | null
  loading: boolean
  failed: boolean
}

/**
 * A gallery's photos and videos, page by page: the first page came with the HTML, the next ones
 * are fetched from `pageUrl` (the gallery's `/fotos`, with its filter) when asked, each once,
 * appended in order. A fresh first page (another filter, the page loaded again) starts over.
 */
export function useGalleryPages(
  first: PublicMedia[],
  firstNext: string | null,
  firstUpcoming: UpcomingPage | null,
  pageUrl: string,
) {
  const [pages, setPages] = useState<Pages>({
    items: first,
    next: firstNext,
    upcoming: firstUpcoming,
    loading: false,
    failed: false,
  })
  const asking = useRef<string | null>(null)
  useEffect(() => {
    asking.current = null
    setPages({ items: first, next: firstNext, upcoming: firstUpcoming, loading: false, failed: false })
  }, [first, firstNext, firstUpcoming])

  const loadMore = useCallback(async () => {
    const after = pages.next
    if (!after || asking.current === after) return
    asking.current = after
    setPages((current) => ({ ...current, loading: true, failed: false }))
    try {
      const separator = pageUrl.includes('?') ? '&' : '?'
      const response = await fetch(`${pageUrl}${separator}after=${encodeURIComponent(after)}`, {
        credentials: 'same-origin',
      })
      if (!response.ok) throw new Error(`page answered ${response.status}`)
      const page = (await response.json()) as {
        media: PublicMedia[]
        next: string | null
        upcoming: UpcomingPage | null
      }
      setPages((current) => {
        if (current.next !== after) return current
        const known = new Set(current.items.map((item) => item.id))
        return {
          items: [...current.items, ...page.media.filter((item) => !known.has(item.id))],
          next: page.next,
          upcoming: page.upcoming,
          loading: false,
          failed: false,
        }
      })
    } catch {
      setPages((current) => (current.next === after ? { ...current, loading: false, failed: true } : current))
    } finally {
      if (asking.current === after) asking.current = null
    }
  }, [pages.next, pageUrl])

  return { ...pages, loadMore }
}
