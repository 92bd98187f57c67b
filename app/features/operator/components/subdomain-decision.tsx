import { Check, X } from 'lucide-react'
import { useState } from 'react'
import { useFetcher } from 'react-router'
import { Button } from '#app/components/ui/button'
import { useOutcomeToast, type ActionResult } from '#app/lib/action-result'
import { useTranslation } from '#app/lib/react-i18n'

/** Approve, or reject with a reason the company's admins will read. */
export function SubdomainDecision({ companyId, action }: { companyId: string; action?: string }) {
  const { t } = useTranslation()
  const fetcher = useFetcher<ActionResult>()
  useOutcomeToast(fetcher.data)
  const [rejecting, setRejecting] = useState(false)
  const errors = fetcher.data && !fetcher.data.ok ? fetcher.data.errors : undefined
  const busy = fetcher.state !== 'idle'
  return (
    <fetcher.Form method="post" action={action} className="flex flex-wrap items-start gap-2" data-testid="subdomain-decision">
      <input type="hidden" name="companyId" value={companyId} />
      {rejecting ? (
        <>
          <label className="sr-only" htmlFor={`reason-${companyId}`}>
            {t('operator.requests.reason')}
          </label>
          <div className="min-w-0 flex-1">
            <input id={`reason-${companyId}`} name="reason" required maxLength={500} placeholder={t('operator.requests.reason')} className="h-9 w-full rounded-lg border border-line bg-surface px-3 text-sm" aria-invalid={Boolean(errors?.reason)} />
            {errors?.reason ? <p className="mt-1 text-xs text-danger">{t(errors.reason[0])}</p> : null}
          </div>
          <Button type="submit" name="intent" value="reject" variant="danger-ghost" size="sm" disabled={busy}>
            {t('operator.requests.confirmReject')}
          </Button>
          <Button type="button" variant="ghost" size="sm" onClick={() => setRejecting(false)}>
            {t('common.cancel')}
          </Button>
        </>
      ) : (
        <>
          <Button type="submit" name="intent" value="approve" size="sm" disabled={busy}>
            <Check aria-hidden className="size-4" />
            {t('operator.requests.approve')}
          </Button>
          <Button type="button" variant="secondary" size="sm" onClick={() => setRejecting(true)}>
            <X aria-hidden className="size-4" />
            {t('operator.requests.reject')}
          </Button>
        </>
      )}
    </fetcher.Form>
  )
}
