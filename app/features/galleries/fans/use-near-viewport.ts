import { useEffect, useState } from 'react'

/**
 * Whether `element` is within about three screens of the viewport, kept current as the fan
 * scrolls: the next page of a gallery is asked for well before the fan gets there.
 */
export function useNearViewport(element: Element | null) {
  const [near, setNear] = useState(false)
  useEffect(() => {
    setNear(false)
    if (!element || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => setNear(entries.some((entry) => entry.isIntersecting)), {
      rootMargin: '3000px 0px',
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [element])
  return near
}
