import { Loader2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useNearViewport } from '../use-near-viewport'
import { useTranslation } from '#app/lib/react-i18n'
import { buttonClasses } from '#app/components/ui/button-classes'

/**
 * The end of what a gallery has shown so far. It asks for the next page well before the fan
 * gets there, so the page is in place before it scrolls into view and nothing on screen moves;
 * the button does the same on a tap or a key press (or again after a failure), and without
 * JavaScript it is a link to the next page.
 */
export function LoadMore({
  href,
  loading,
  failed,
  onLoad,
}: {
  href: string
  loading: boolean
  failed: boolean
  onLoad: () => void
}) {
  const { t } = useTranslation()
  // Within three screens or so of the end: the next page is asked for, and the one after it if
  // the end is still that close once it has arrived.
  const [sentinel, setSentinel] = useState<HTMLDivElement | null>(null)
  const near = useNearViewport(sentinel)
  useEffect(() => {
    if (near && !loading && !failed) onLoad()
  }, [near, loading, failed, onLoad])
  return (
    <div ref={setSentinel} className="flex flex-col items-center gap-2 py-8" aria-live="polite">
      {failed ? <p className="text-sm text-ink-muted">{t('public.gallery.loadFailed')}</p> : null}
      <a
        href={href}
        onClick={(event) => {
          event.preventDefault()
          if (!loading) onLoad()
        }}
        aria-busy={loading}
        className={buttonClasses('secondary', 'md', 'min-h-11')}
      >
        {loading ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
        {loading ? t('public.gallery.loadingMore') : failed ? t('public.gallery.retry') : t('public.gallery.loadMore')}
      </a>
    </div>
  )
}
