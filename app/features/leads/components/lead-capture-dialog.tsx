import { Loader2, X } from 'lucide-react'
import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type FormEvent, type RefObject } from 'react'
import { useTranslation } from '#app/lib/react-i18n'
import { useFetcher } from 'react-router'
import { Button } from '#app/components/ui/button'
import { RadixDialog } from '#app/components/ui/dialog'
import { ISOLATE, pagePalette } from '#app/components/ui/page-palette'
import { fieldErrors } from '#app/lib/form-errors'
import { ZLeadCapture } from '../lead-capture.schema'
import { LeadCaptureFields } from './lead-capture-fields'

/** What the lead route's action answers the dialog. */
export type LeadCaptureResult = { ok: true } | { ok: false; errors: Record<string, string[]> }

type LeadCaptureDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The download the details are for (a /download/… address). */
  next: string
  companyName: string
  privacyHref: string
  /** Called once the company has the fan's details; the download starts from there. */
  onCaptured: () => void
  /** Where focus goes back to when the dialog closes (the button that opened it). */
  returnFocusTo?: RefObject<HTMLElement | null>
}

/**
 * Asks a fan for their details before a download (spec §5): checked here with the same schema
 * the server uses, stored by the lead route's action. Closing or cancelling changes nothing.
 */
export function LeadCaptureDialog({
  open,
  onOpenChange,
  next,
  companyName,
  privacyHref,
  onCaptured,
  returnFocusTo,
}: LeadCaptureDialogProps) {
  const { t } = useTranslation()
  const fetcher = useFetcher<LeadCaptureResult>()
  const [errors, setErrors] = useState<Record<string, string[]>>({})
  const handled = useRef<LeadCaptureResult | undefined>(undefined)
  const busy = fetcher.state !== 'idle'
  const [palette, setPalette] = useState<CSSProperties | null>(null)
  // Before the first paint, so the dialog never flashes in other colours.
  useLayoutEffect(() => {
    if (open) setPalette(pagePalette(returnFocusTo?.current))
  }, [open, returnFocusTo])

  useEffect(() => {
    const result = fetcher.data
    if (!result || handled.current === result || fetcher.state !== 'idle') return
    handled.current = result
    if (result.ok) onCaptured()
    else setErrors(result.errors)
  }, [fetcher.data, fetcher.state, onCaptured])

  function changeOpen(value: boolean) {
    if (!value) setErrors({})
    onOpenChange(value)
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const parsed = ZLeadCapture.safeParse(Object.fromEntries(new FormData(form)))
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error))
      // The first field to fix gets the focus (and scrolls into view on a phone).
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
      return
    }
    setErrors({})
    const body = new FormData(form)
    body.set('intent', 'dialog')
    body.set('next', next)
    body.set('sourceUrl', window.location.href)
    void fetcher.submit(body, { method: 'post', action: '/download/lead' })
  }

  return (
    <RadixDialog.Root open={open} onOpenChange={changeOpen}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay {...ISOLATE} className="fixed inset-0 z-[10000] bg-black/70 backdrop-blur-sm" />
        <RadixDialog.Content
          {...ISOLATE}
          data-testid="lead-dialog"
          onCloseAutoFocus={(event) => {
            // A tap does not focus the button it hits: without this, focus would fall to the page.
            if (!returnFocusTo?.current) return
            event.preventDefault()
            returnFocusTo.current.focus()
          }}
          style={palette ?? undefined}
          data-palette={palette ? 'page' : 'night'}
          className={`${palette ? '' : 'theme-night '}fixed inset-x-0 bottom-0 z-[10001] flex max-h-[92dvh] flex-col rounded-t-2xl border border-line bg-surface text-ink shadow-2xl sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-full sm:max-w-md sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl`}
        >
          <div className="flex items-start justify-between gap-4 px-5 pt-5 sm:px-6">
            <div className="min-w-0 flex-1">
              <RadixDialog.Title className="text-lg font-semibold">{t('downloads.lead.title')}</RadixDialog.Title>
              <RadixDialog.Description className="mt-1 text-sm text-ink-muted">
                {t('downloads.lead.description', { company: companyName })}
              </RadixDialog.Description>
            </div>
            <RadixDialog.Close
              className="-mt-1 -mr-2 grid size-11 shrink-0 place-items-center rounded-full text-ink-muted hover:bg-surface-muted hover:text-ink"
              aria-label={t('downloads.lead.cancel')}
            >
              <X aria-hidden className="size-5" />
            </RadixDialog.Close>
          </div>
          <form noValidate onSubmit={submit} className="flex min-h-0 flex-1 flex-col">
            <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 py-4 sm:px-6">
              <LeadCaptureFields errors={errors} companyName={companyName} privacyHref={privacyHref} />
            </div>
            <div className="flex flex-col-reverse gap-2 border-t border-line px-5 py-4 pb-[max(1rem,env(safe-area-inset-bottom))] sm:flex-row sm:justify-end sm:px-6">
              <RadixDialog.Close asChild>
                <Button variant="secondary" size="lg" className="sm:h-10 sm:text-sm">
                  {t('downloads.lead.cancel')}
                </Button>
              </RadixDialog.Close>
              <Button type="submit" size="lg" className="sm:h-10 sm:text-sm" disabled={busy} aria-busy={busy}>
                {busy ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
                {busy ? t('downloads.lead.submitting') : t('downloads.lead.submit')}
              </Button>
            </div>
          </form>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}
