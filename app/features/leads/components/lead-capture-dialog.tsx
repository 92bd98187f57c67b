import { Loader2 } from 'lucide-react'
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react'
import { useTranslation } from '#app/lib/react-i18n'
import { useFetcher } from 'react-router'
import { Button } from '#app/components/ui/button'
import { RadixDialog } from '#app/components/ui/dialog'
import { FansSheet } from '#app/components/ui/fans-sheet'
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
    <FansSheet
      open={open}
      onOpenChange={changeOpen}
      title={t('downloads.lead.title')}
      description={t('downloads.lead.description', { company: companyName })}
      closeLabel={t('downloads.lead.cancel')}
      testId="lead-dialog"
      returnFocusTo={returnFocusTo}
    >
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
    </FansSheet>
  )
}
