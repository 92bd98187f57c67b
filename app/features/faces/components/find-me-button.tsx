import { ScanFace } from 'lucide-react'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { Button } from '#app/components/ui/button'
import { useTranslation } from '#app/lib/react-i18n'
import { FIND_ME_OPEN_PARAM } from '../use-find-me-set'
import type { FindMeDialogProps } from './find-me-dialog'

// Loaded when a fan asks: the gallery's first download carries only this button.
const FindMeDialog = lazy(() => import('./find-me-dialog'))

/** "Find me" on a gallery whose company switched it on (ADR 103): opens the dialog. */
export default function FindMeButton(props: Omit<FindMeDialogProps, 'open' | 'onOpenChange' | 'returnFocusTo'>) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
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
      <Button
        ref={button}
        variant="secondary"
        size="lg"
        className="w-full shrink-0 sm:w-auto"
        onClick={() => setOpen(true)}
        data-testid="find-me-button"
      >
        <ScanFace aria-hidden className="size-5" />
        {t('findMe.button')}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <FindMeDialog {...props} open={open} onOpenChange={setOpen} returnFocusTo={button} />
        </Suspense>
      ) : null}
    </>
  )
}
