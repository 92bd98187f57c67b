import { Check, X } from 'lucide-react'
import { useState } from 'react'
import { useFetcher } from 'react-router'
import { Button } from '#app/components/ui/button'
import { useOutcomeToast, type ActionResult } from '#app/lib/action-result'
import { useTranslation } from '#app/lib/react-i18n'

/** What is decided: a company's subdomain request, or one of its custom domains. */
export type DecisionTarget = { kind: 'subdomain'; companyId: string } | { kind: 'domain'; domainId: string }

const FORMS = {
  subdomain: { field: 'companyId', approve: 'approve', reject: 'reject' },
  domain: { field: 'domainId', approve: 'approve-domain', reject: 'reject-domain' },
} as const

/** Approve, or reject with a reason the company's admins will read. */
export function RequestDecision({ target, action }: { target: DecisionTarget; action?: string }) {
  const { t } = useTranslation()
  const fetcher = useFetcher<ActionResult>()
  useOutcomeToast(fetcher.data)
  const [rejecting, setRejecting] = useState(false)
  const errors = fetcher.data && !fetcher.data.ok ? fetcher.data.errors : undefined
  const busy = fetcher.state !== 'idle'
  const form = FORMS[target.kind]
  const id = target.kind === 'subdomain' ? target.companyId : target.domainId
  return (
    <fetcher.Form
      method="post"
      action={action}
      className="flex flex-wrap items-start gap-2"
      data-testid={`${target.kind}-decision`}
    >
      <input type="hidden" name={form.field} value={id} />
      {rejecting ? (
        <>
          <label className="sr-only" htmlFor={`reason-${id}`}>
            {t('operator.requests.reason')}
          </label>
          <div className="min-w-0 flex-1">
            <input
              id={`reason-${id}`}
              name="reason"
              required
              maxLength={500}
              placeholder={t('operator.requests.reason')}
              className="h-9 w-full rounded-lg border border-line bg-surface px-3 text-sm"
              aria-invalid={Boolean(errors?.reason)}
            />
            {errors?.reason ? <p className="mt-1 text-xs text-danger">{t(errors.reason[0])}</p> : null}
          </div>
          <Button type="submit" name="intent" value={form.reject} variant="danger-ghost" size="sm" disabled={busy}>
            {t('operator.requests.confirmReject')}
          </Button>
          <Button type="button" variant="ghost" size="sm" onClick={() => setRejecting(false)}>
            {t('common.cancel')}
          </Button>
        </>
      ) : (
        <>
          <Button type="submit" name="intent" value={form.approve} size="sm" disabled={busy}>
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
