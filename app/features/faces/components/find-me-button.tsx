import { ScanFace } from 'lucide-react'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { buttonClasses } from '#app/components/ui/button-classes'
import { useTranslation } from '#app/lib/react-i18n'
import { FIND_ME_OPEN_PARAM } from '../use-find-me-set'
import type { FindMeDialogProps } from './find-me-dialog'

// Loaded when a fan asks: the gallery's first download carries only this button.
const FindMeDialog = lazy(() => import('./find-me-dialog'))

/**
 * "Find me" on a gallery whose company switched it on (ADR 103): opens the dialog. A link to the
 * page with the dialog asked for, so a tap before the page's scripts have come still gets there
 * (the page loads again and opens it); once they have, the dialog opens in place.
 */
export default function FindMeButton(props: Omit<FindMeDialogProps, 'open' | 'onOpenChange' | 'returnFocusTo'>) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLAnchorElement>(null)
  // Come from an event's "Find me in …": the dialog opens with the page, once.
  useEffect(() => {
    const url = new URL(location.href)
    if (!url.searchParams.has(FIND_ME_OPEN_PARAM)) return
    url.searchParams.delete(FIND_ME_OPEN_PARAM)
    history.replaceState(history.state, '', url)
    setOpen(true)
  }, [])
  return (
    <>
      <a
        ref={button}
        href={`?${FIND_ME_OPEN_PARAM}=1`}
        className={buttonClasses('secondary', 'lg', 'w-full shrink-0 sm:w-auto')}
        onClick={(event) => {
          event.preventDefault()
          setOpen(true)
        }}
        data-testid="find-me-button"
      >
        <ScanFace aria-hidden className="size-5" />
        {t('findMe.button')}
      </a>
      {open ? (
        <Suspense fallback={null}>
          <FindMeDialog {...props} open={open} onOpenChange={setOpen} returnFocusTo={button} />
        </Suspense>
      ) : null}
    </>
  )
}
