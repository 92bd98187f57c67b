import { AlertTriangle, CheckCircle2, Clock, ExternalLink, Globe, RotateCcw, XCircle } from 'lucide-react'
import { useState } from 'react'
import { data, useFetcher } from 'react-router'
import { z } from 'zod'
import { Button } from '#app/components/ui/button'
import { FormAlert, TextField } from '#app/components/ui/field'
import { AdminRouteErrorBoundary } from '#app/routes/admin/shell/admin-route-error'
import { SettingsPage, SettingsSection } from '#app/features/companies/components/settings-page'
import { getSubdomainSettings } from '#app/features/domains/server/get-subdomain-settings.server'
import { requestSubdomain } from '#app/features/domains/server/request-subdomain.server'
import { retrySubdomainCheck } from '#app/features/domains/server/retry-subdomain-check.server'
import { ZSubdomainLabel } from '#app/features/domains/subdomain-rules'
import { revalidateUnlessUnchanged, actionSuccess, useOutcomeToast, type ActionResult } from '#app/lib/action-result'
import { cn } from '#app/lib/cn'
import { intentAction } from '#app/lib/intent-action.server'
import { withActor } from '#app/access/member-route.server'
import { resilientClientAction } from '#app/lib/resilient-client-action'
import { useTranslation } from '#app/lib/react-i18n'
import { useDateFormat } from '#app/lib/use-date-format'
import type { Route } from './+types/settings.subdomain'

export const loader = withActor({ kind: 'person' }, (member) => getSubdomainSettings(member))

const ZSubdomainAction = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('request'), label: ZSubdomainLabel }),
  z.object({ intent: z.literal('retry') }),
])

export const action = withActor({ kind: 'person' }, async (member, { request }: Route.ActionArgs) =>
  intentAction(
    request,
    ZSubdomainAction,
    {
      request: async ({ label }) => {
        const { status } = await requestSubdomain(member, label)
        // Refused on the spot: recorded (the page shows why), and said as a problem, not a success.
        if (status === 'rejected')
          return data<ActionResult>({ ok: false, errors: { form: ['subdomain.toasts.rejected'] }, changed: true })
        return actionSuccess(`subdomain.toasts.${status}`)
      },
      retry: async () => {
        const result = await retrySubdomainCheck(member)
        return result.ok
          ? actionSuccess('subdomain.toasts.checked')
          : data<ActionResult>({ ok: false, errors: { form: ['subdomain.errors.stillFailing'] } }, { status: 503 })
      },
    },
    { invalid: 'fields' },
  ),
)

// A save that cannot reach the server (or fails there) is a toast, never a lost form.
export const clientAction = resilientClientAction('errors.saveFailed', { retry: 'errors.updateFailed' })
export const shouldRevalidate = revalidateUnlessUnchanged

export const meta: Route.MetaFunction = () => [{ title: 'Subdomain · Afterglow' }]

const STATUS_STYLE = {
  active: { icon: CheckCircle2, className: 'bg-emerald-600/10 text-emerald-800' },
  pending: { icon: Clock, className: 'bg-amber-500/15 text-amber-800' },
  rejected: { icon: XCircle, className: 'bg-danger/10 text-danger' },
} as const

export default function SubdomainSettings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { subdomain, platformDomain, propagationHours, canEdit } = loaderData
  const requester = useFetcher<ActionResult>()
  const checker = useFetcher<ActionResult>()
  useOutcomeToast(requester.data)
  useOutcomeToast(checker.data)
  const [label, setLabel] = useState(subdomain.label ?? subdomain.slug)
  const errors = requester.data && !requester.data.ok ? requester.data.errors : undefined
  const status = subdomain.status as keyof typeof STATUS_STYLE | null
  const style = status ? STATUS_STYLE[status] : null
  const { dateTime } = useDateFormat()
  const when = (value: string | Date | null) => (value ? dateTime(value) : null)
  const failed = status === 'active' && Boolean(subdomain.lastError)
  const checking = checker.state !== 'idle'

  return (
    <SettingsPage
      title={t('settings.sections.subdomain.title')}
      subtitle={t('subdomain.subtitle', { domain: platformDomain })}
      canEdit={canEdit}
    >
      {failed ? (
        <div
          role="alert"
          className="space-y-3 rounded-xl border border-danger/40 bg-danger/5 p-4"
          data-testid="subdomain-failed"
        >
          <p className="flex items-center gap-2 font-medium text-danger">
            <AlertTriangle aria-hidden className="size-5 shrink-0" />
            {t('subdomain.failed.title')}
          </p>
          <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
            <dt className="text-ink-muted">{t('subdomain.failed.lastError')}</dt>
            <dd className="font-mono text-xs break-all">{subdomain.lastError}</dd>
            <dt className="text-ink-muted">{t('subdomain.failed.attempts')}</dt>
            <dd data-testid="subdomain-attempts">{subdomain.attempts}</dd>
          </dl>
          {canEdit ? (
            <checker.Form method="post">
              <input type="hidden" name="intent" value="retry" />
              <Button type="submit" variant="secondary" disabled={checking}>
                <RotateCcw aria-hidden className={cn('size-4', checking && 'animate-spin')} />
                {t('subdomain.failed.retry')}
              </Button>
            </checker.Form>
          ) : null}
        </div>
      ) : null}

      <SettingsSection title={t('subdomain.current')}>
        {subdomain.label && style && status ? (
          <div className="space-y-4" data-testid="subdomain-current" data-status={status}>
            <div className="flex flex-wrap items-center gap-3">
              <Globe aria-hidden className="size-5 text-accent" />
              <span className="font-mono text-sm break-all">
                {subdomain.label}.{platformDomain}
              </span>
              <span
                className={cn(
                  'inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-medium',
                  style.className,
                )}
              >
                <style.icon aria-hidden className="size-3.5" />
                {t(`subdomain.status.${status}`)}
              </span>
            </div>
            <p className="text-sm text-ink-muted">
              {status === 'rejected'
                ? t('subdomain.rejected', {
                    reason:
                      subdomain.rejectionReason === 'reserved' || subdomain.rejectionReason === 'offensive'
                        ? t(`subdomain.reasons.${subdomain.rejectionReason}`)
                        : (subdomain.rejectionReason ?? ''),
                  })
                : status === 'pending'
                  ? t('subdomain.pending', { date: when(subdomain.requestedAt) })
                  : t('subdomain.active', { date: when(subdomain.decidedAt) })}
            </p>
            {status === 'active' ? (
              <div className="space-y-3 rounded-lg bg-surface-muted p-4">
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <p className="text-sm">
                    <span className="font-medium">{t('subdomain.dns.label')}</span>{' '}
                    <span data-testid="subdomain-dns-state">
                      {t(`subdomain.dns.states.${subdomain.dnsState ?? 'unchecked'}`)}
                    </span>
                  </p>
                  {canEdit && !failed ? (
                    <checker.Form method="post">
                      <input type="hidden" name="intent" value="retry" />
                      <Button type="submit" variant="ghost" size="sm" disabled={checking}>
                        <RotateCcw aria-hidden className={cn('size-4', checking && 'animate-spin')} />
                        {t('subdomain.dns.checkNow')}
                      </Button>
                    </checker.Form>
                  ) : null}
                </div>
                <p className="text-xs text-ink-muted">
                  {t(`subdomain.dns.explain.${subdomain.dnsState ?? 'unchecked'}`, {
                    min: propagationHours.min,
                    max: propagationHours.max,
                  })}
                </p>
                {subdomain.dnsCheckedAt ? (
                  <p className="text-xs text-ink-muted">
                    {t('subdomain.dns.checkedAt', { date: when(subdomain.dnsCheckedAt) })}
                  </p>
                ) : null}
                {subdomain.url ? (
                  <a
                    href={subdomain.url}
                    target="_blank"
                    rel="noreferrer"
                    className="inline-flex items-center gap-1.5 text-sm font-medium text-accent hover:underline"
                  >
                    {t('subdomain.open')}
                    <ExternalLink aria-hidden className="size-4" />
                  </a>
                ) : null}
              </div>
            ) : null}
          </div>
        ) : (
          <p className="text-sm text-ink-muted" data-testid="subdomain-none">
            {t('subdomain.none')}
          </p>
        )}
      </SettingsSection>

      {canEdit ? (
        <SettingsSection
          title={subdomain.label ? t('subdomain.change') : t('subdomain.request')}
          description={t('subdomain.requestHint', { min: propagationHours.min, max: propagationHours.max })}
        >
          <requester.Form method="post" className="space-y-4" noValidate>
            <input type="hidden" name="intent" value="request" />
            {status === 'active' ? <FormAlert tone="info">{t('subdomain.changeHint')}</FormAlert> : null}
            <TextField
              label={t('subdomain.label')}
              name="label"
              value={label}
              onChange={(event) => setLabel(event.target.value.toLowerCase())}
              autoCapitalize="none"
              spellCheck={false}
              maxLength={48}
              errors={errors?.label?.map((key) => t(key))}
              hint={t('subdomain.preview', { host: `${label || subdomain.slug}.${platformDomain}` })}
            />
            <div className="flex justify-end">
              <Button type="submit" disabled={requester.state !== 'idle'} data-testid="request-subdomain">
                {requester.state !== 'idle' ? t('common.saving') : t('subdomain.submit')}
              </Button>
            </div>
          </requester.Form>
        </SettingsSection>
      ) : null}
    </SettingsPage>
  )
}

export const ErrorBoundary = AdminRouteErrorBoundary
