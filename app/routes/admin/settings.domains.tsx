import { Ban, CheckCircle2, Clock, Copy, Lock, RotateCcw, Sparkles, Trash2, XCircle } from 'lucide-react'
import { useState } from 'react'
import { data, Link, useFetcher } from 'react-router'
import { z } from 'zod'
import { Button } from '#app/components/ui/button'
import { ConfirmDialog } from '#app/components/ui/dialog'
import { TextField } from '#app/components/ui/field'
import { AdminRouteErrorBoundary } from '#app/routes/admin/shell/admin-route-error'
import { SettingsPage, SettingsSection } from '#app/features/companies/components/settings-page'
import { ZCustomHost } from '#app/features/domains/custom-domain-rules'
import { addCustomDomain } from '#app/features/domains/server/add-custom-domain.server'
import { listCustomDomains } from '#app/features/domains/server/list-custom-domains.server'
import { checkCustomDomainNow, removeCustomDomain } from '#app/features/domains/server/manage-custom-domain.server'
import { revalidateUnlessUnchanged, actionSuccess, useOutcomeToast, type ActionResult } from '#app/lib/action-result'
import { cn } from '#app/lib/cn'
import { intentAction } from '#app/lib/intent-action.server'
import { withActor } from '#app/access/member-route.server'
import { resilientClientAction } from '#app/lib/resilient-client-action'
import { useTranslation } from '#app/lib/react-i18n'
import { useDateFormat } from '#app/lib/use-date-format'
import { toast } from '#app/lib/toast'
import type { Route } from './+types/settings.domains'

export const loader = withActor({ kind: 'person' }, (member) => listCustomDomains(member))

const ZDomainAction = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('add'), host: ZCustomHost }),
  z.object({ intent: z.literal('check'), domainId: z.uuid() }),
  z.object({ intent: z.literal('remove'), domainId: z.uuid() }),
])

export const action = withActor({ kind: 'person' }, async (member, { request }: Route.ActionArgs) =>
  intentAction(
    request,
    ZDomainAction,
    {
      add: async ({ host }) => {
        await addCustomDomain(member, host)
        return actionSuccess('domains.toasts.added')
      },
      check: async ({ domainId }) => {
        const result = await checkCustomDomainNow(member, domainId)
        if ('unavailable' in result)
          return data<ActionResult>({ ok: false, errors: { form: ['domains.errors.dnsUnavailable'] } })
        return actionSuccess(result.state === 'verified' ? 'domains.toasts.verified' : 'domains.toasts.checked')
      },
      remove: async ({ domainId }) => {
        await removeCustomDomain(member, domainId)
        return actionSuccess('domains.toasts.removed')
      },
    },
    { invalid: 'fields' },
  ),
)

// A save that cannot reach the server (or fails there) is a toast, never a lost form.
export const clientAction = resilientClientAction('errors.saveFailed', {
  check: 'errors.updateFailed',
  remove: 'errors.deleteFailed',
})
export const shouldRevalidate = revalidateUnlessUnchanged

export const meta: Route.MetaFunction = () => [{ title: 'Custom domains · Afterglow' }]

const STATE_STYLE: Record<string, { icon: typeof CheckCircle2; className: string }> = {
  verified: { icon: CheckCircle2, className: 'bg-emerald-600/10 text-emerald-800' },
  pending: { icon: Clock, className: 'bg-amber-500/15 text-amber-800' },
  invalid: { icon: XCircle, className: 'bg-danger/10 text-danger' },
  conflicting: { icon: XCircle, className: 'bg-danger/10 text-danger' },
}

export default function DomainSettings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { dateTime } = useDateFormat()
  const { allowed, canEdit, domains } = loaderData
  const adder = useFetcher<ActionResult>()
  const checker = useFetcher<ActionResult>()
  const remover = useFetcher<ActionResult>()
  const [removing, setRemoving] = useState<{ id: string; host: string } | null>(null)
  useOutcomeToast(adder.data)
  useOutcomeToast(checker.data)
  useOutcomeToast(remover.data, () => setRemoving(null))
  const errors = adder.data && !adder.data.ok ? adder.data.errors : undefined
  const copy = (value: string) =>
    void navigator.clipboard?.writeText(value).then(() => toast.success(t('common.copied')))
  return (
    <SettingsPage title={t('settings.sections.domains.title')} subtitle={t('domains.subtitle')} canEdit={canEdit}>
      {allowed ? null : (
        <p className="flex items-start gap-2 rounded-xl bg-accent/10 px-4 py-3 text-sm" data-testid="domains-upgrade">
          <Sparkles aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
          <span>
            {t('domains.plan')}{' '}
            <Link to="/admin/subscription" className="font-medium text-accent hover:underline">
              {t('settings.landingPage.seePlans')}
            </Link>
          </span>
        </p>
      )}
      {domains.map((domain) => {
        const style = STATE_STYLE[domain.state] ?? STATE_STYLE.pending
        return (
          <SettingsSection key={domain.id} title={domain.host}>
            <div className="flex flex-wrap items-center gap-2" data-testid="custom-domain" data-state={domain.state}>
              <span
                className={cn(
                  'inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-medium',
                  style.className,
                )}
              >
                <style.icon aria-hidden className="size-3.5" />
                {t(`domains.states.${domain.state}`)}
              </span>
              <span
                className={cn(
                  'inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-medium',
                  domain.tlsState === 'active'
                    ? 'bg-emerald-600/10 text-emerald-800'
                    : 'bg-surface-muted text-ink-muted',
                )}
              >
                <Lock aria-hidden className="size-3.5" />
                {t(`domains.tls.${domain.tlsState}`)}
              </span>
              {domain.approval === 'rejected' ? (
                <span
                  className="inline-flex items-center gap-1 rounded-full bg-danger/10 px-2.5 py-1 text-xs font-medium text-danger"
                  data-testid="domain-rejected"
                >
                  <Ban aria-hidden className="size-3.5" />
                  {t('domains.rejected')}
                </span>
              ) : null}
              {domain.checkedAt ? (
                <span className="text-xs text-ink-muted">
                  {t('domains.checkedAt', {
                    date: dateTime(domain.checkedAt),
                  })}
                </span>
              ) : null}
            </div>
            {domain.approval === 'rejected' ? (
              <p className="text-sm text-danger">
                {t('domains.rejectedText', { reason: domain.rejectionReason ?? '' })}
              </p>
            ) : domain.state !== 'verified' ? (
              <>
                <p className="text-sm text-ink-muted">{t('domains.instructions')}</p>
                {/* A table on wide screens; on a phone each record is a card with its labels. */}
                <div className="divide-y divide-line rounded-lg border border-line text-sm">
                  <div
                    aria-hidden
                    className="hidden grid-cols-[5rem_minmax(0,1fr)_minmax(0,1fr)] gap-3 rounded-t-lg bg-surface-muted px-3 py-2 text-xs font-medium text-ink-muted sm:grid"
                  >
                    <span>{t('domains.record.type')}</span>
                    <span>{t('domains.record.name')}</span>
                    <span>{t('domains.record.value')}</span>
                  </div>
                  {domain.records.map((record) => (
                    <dl
                      key={record.type}
                      data-testid="domain-record"
                      className="grid gap-2 px-3 py-2.5 sm:grid-cols-[5rem_minmax(0,1fr)_minmax(0,1fr)] sm:gap-3"
                    >
                      <div>
                        <dt className="text-xs text-ink-muted sm:sr-only">{t('domains.record.type')}</dt>
                        <dd className="font-mono text-xs">{record.type}</dd>
                      </div>
                      <div>
                        <dt className="text-xs text-ink-muted sm:sr-only">{t('domains.record.name')}</dt>
                        <dd className="font-mono text-xs break-all">{record.name}</dd>
                      </div>
                      <div>
                        <dt className="text-xs text-ink-muted sm:sr-only">{t('domains.record.value')}</dt>
                        <dd className="flex items-start gap-1.5 font-mono text-xs break-all">
                          <span className="min-w-0">{record.value}</span>
                          <button
                            type="button"
                            onClick={() => copy(record.value)}
                            className="-mt-1 shrink-0 rounded p-1 text-ink-muted hover:bg-surface-muted hover:text-ink"
                            aria-label={t('domains.copy', { value: record.value })}
                          >
                            <Copy aria-hidden className="size-3.5" />
                          </button>
                        </dd>
                      </div>
                    </dl>
                  ))}
                </div>
                {domain.problems.length > 0 ? (
                  <ul className="list-inside list-disc space-y-0.5 text-sm text-danger" data-testid="domain-problems">
                    {domain.problems.map((problem) => (
                      <li key={problem}>{t(`domains.problems.${problem}`)}</li>
                    ))}
                  </ul>
                ) : null}
                {domain.lastError ? (
                  <p className="text-sm text-ink-muted">
                    {t('domains.lastError', { error: domain.lastError, attempts: domain.attempts })}
                  </p>
                ) : null}
              </>
            ) : (
              <p className="text-sm text-ink-muted">{t('domains.verifiedText')}</p>
            )}
            {canEdit ? (
              <div className="flex flex-wrap gap-2">
                {domain.state !== 'verified' && domain.approval !== 'rejected' ? (
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => checker.submit({ intent: 'check', domainId: domain.id }, { method: 'post' })}
                    disabled={checker.state !== 'idle'}
                    data-testid="check-domain"
                  >
                    <RotateCcw aria-hidden className={cn('size-4', checker.state !== 'idle' && 'animate-spin')} />
                    {t('domains.checkNow')}
                  </Button>
                ) : null}
                <Button
                  variant="danger-ghost"
                  size="sm"
                  onClick={() => setRemoving({ id: domain.id, host: domain.host })}
                >
                  <Trash2 aria-hidden className="size-4" />
                  {t('domains.remove')}
                </Button>
              </div>
            ) : null}
          </SettingsSection>
        )
      })}
      {allowed && canEdit ? (
        <SettingsSection title={t('domains.add')} description={t('domains.addHint')}>
          <adder.Form method="post" className="flex flex-col gap-3 sm:flex-row sm:items-start" noValidate>
            <input type="hidden" name="intent" value="add" />
            <div className="flex-1">
              <TextField
                label={t('domains.host')}
                name="host"
                placeholder="photos.yourband.com"
                autoCapitalize="none"
                spellCheck={false}
                errors={(errors?.host ?? errors?.form)?.map((key) => t(key))}
              />
            </div>
            <Button type="submit" className="sm:mt-7" disabled={adder.state !== 'idle'} data-testid="add-domain">
              {t('domains.addButton')}
            </Button>
          </adder.Form>
        </SettingsSection>
      ) : null}
      <ConfirmDialog
        open={Boolean(removing)}
        onOpenChange={(open) => (open ? null : setRemoving(null))}
        title={t('domains.removeTitle', { host: removing?.host ?? '' })}
        description={t('domains.removeText')}
        confirmLabel={t('domains.remove')}
        cancelLabel={t('common.cancel')}
        tone="danger"
        busy={remover.state !== 'idle'}
        onConfirm={() => removing && remover.submit({ intent: 'remove', domainId: removing.id }, { method: 'post' })}
      />
    </SettingsPage>
  )
}

export const ErrorBoundary = AdminRouteErrorBoundary
