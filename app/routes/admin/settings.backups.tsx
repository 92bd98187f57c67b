import { Archive, CheckCircle2, Download, Loader2, Sparkles, XCircle } from 'lucide-react'
import { useEffect } from 'react'
import { Link, useFetcher, useRevalidator } from 'react-router'
import { z } from 'zod'
import { Button } from '#app/components/ui/button'
import { AdminRouteErrorBoundary } from '#app/routes/admin/shell/admin-route-error'
import { listCompanyBackups } from '#app/features/backup/server/list-company-backups.server'
import { requestCompanyBackup } from '#app/features/backup/server/request-company-backup.server'
import { SettingsPage, SettingsSection } from '#app/features/companies/components/settings-page'
import { actionSuccess, revalidateUnlessUnchanged, useOutcomeToast, type ActionResult } from '#app/lib/action-result'
import { cn } from '#app/lib/cn'
import { formatBytes } from '#app/lib/format-bytes'
import { intentAction } from '#app/lib/intent-action.server'
import { withActor } from '#app/access/member-route.server'
import { resilientClientAction } from '#app/lib/resilient-client-action'
import { useTranslation } from '#app/lib/react-i18n'
import { useDateFormat } from '#app/lib/use-date-format'
import { requestOrigin } from '#app/access/visit.server'
import type { Route } from './+types/settings.backups'

export const loader = withActor({ kind: 'person' }, (member) => listCompanyBackups(member))

const ZBackupAction = z.discriminatedUnion('intent', [z.object({ intent: z.literal('back-up-now') })])

export const action = withActor({ kind: 'person' }, async (member, { request }: Route.ActionArgs) =>
  intentAction(request, ZBackupAction, {
    'back-up-now': async () => {
      await requestCompanyBackup(member, requestOrigin(request))
      return actionSuccess('backups.toasts.started')
    },
  }),
)

export const clientAction = resilientClientAction('errors.saveFailed')
export const shouldRevalidate = revalidateUnlessUnchanged

export const meta: Route.MetaFunction = () => [{ title: 'Backups · Afterglow' }]

/** How often the page asks again while an archive is being written. */
const POLL_MS = 2000

const INSIDE = ['content', 'events', 'leads', 'analytics', 'files', 'formats'] as const

export default function BackupSettings({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { dateTime } = useDateFormat()
  const { allowed, canEdit, isRunning, backups } = loaderData
  const starter = useFetcher<ActionResult>()
  const revalidator = useRevalidator()
  useOutcomeToast(starter.data)

  // While an archive is written, the list follows it to ready or failed.
  useEffect(() => {
    if (!isRunning) return
    const timer = setInterval(() => {
      if (revalidator.state === 'idle') void revalidator.revalidate()
    }, POLL_MS)
    return () => clearInterval(timer)
  }, [isRunning, revalidator])

  const busy = starter.state !== 'idle' || isRunning
  const reason = (error: string | null) =>
    error?.startsWith('backups.errors.') ? t(error) : t('backups.failedReason', { reason: error ?? '' })
  const button =
    allowed && canEdit ? (
      <Button
        onClick={() => starter.submit({ intent: 'back-up-now' }, { method: 'post' })}
        disabled={busy}
        className="shrink-0 whitespace-nowrap"
        data-testid="back-up-now"
      >
        {busy ? <Loader2 aria-hidden className="size-4 animate-spin" /> : <Archive aria-hidden className="size-4" />}
        {t('backups.backUpNow')}
      </Button>
    ) : null

  return (
    <SettingsPage
      title={t('settings.sections.backups.title')}
      subtitle={t('backups.subtitle')}
      canEdit={canEdit}
      actions={button}
    >
      {allowed ? null : (
        <p className="flex items-start gap-2 rounded-xl bg-accent/10 px-4 py-3 text-sm" data-testid="backups-upgrade">
          <Sparkles aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
          <span>
            {t('backups.plan')}{' '}
            <Link to="/admin/subscription" className="font-medium text-accent hover:underline">
              {t('settings.landingPage.seePlans')}
            </Link>
          </span>
        </p>
      )}
      <SettingsSection title={t('backups.archives')} description={allowed ? t('backups.schedule') : undefined}>
        {backups.length === 0 ? (
          <div
            className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-line px-4 py-8 text-center"
            data-testid="backups-empty"
          >
            <Archive aria-hidden className="size-8 text-ink-muted" />
            <p className="font-medium">{t('backups.empty.title')}</p>
            <p className="max-w-md text-sm text-ink-muted">
              {t(allowed ? 'backups.empty.text' : 'backups.empty.locked')}
            </p>
          </div>
        ) : (
          <ul className="divide-y divide-line rounded-lg border border-line">
            {backups.map((backup) => (
              <li
                key={backup.id}
                className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:gap-4"
                data-testid="backup"
                data-status={backup.status}
              >
                <div className="min-w-0 flex-1">
                  <p className="font-medium">{dateTime(backup.createdAt)}</p>
                  <p className="text-sm text-ink-muted">
                    {t(`backups.trigger.${backup.trigger}`)}
                    {backup.status === 'ready' && backup.sizeBytes !== null
                      ? ` · ${formatBytes(backup.sizeBytes, i18n.language)} · ${t('backups.fileCount', { count: backup.fileCount ?? 0 })}`
                      : null}
                  </p>
                  {backup.status === 'failed' ? (
                    <p className="mt-1 text-sm break-words text-danger" data-testid="backup-reason">
                      {reason(backup.error)}
                    </p>
                  ) : null}
                </div>
                <div className="flex items-center gap-3">
                  <span
                    className={cn(
                      'inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-medium',
                      backup.status === 'ready'
                        ? 'bg-emerald-600/10 text-emerald-800'
                        : backup.status === 'failed'
                          ? 'bg-danger/10 text-danger'
                          : 'bg-amber-500/15 text-amber-800',
                    )}
                  >
                    {backup.status === 'running' ? (
                      <Loader2 aria-hidden className="size-3.5 animate-spin" />
                    ) : backup.status === 'ready' ? (
                      <CheckCircle2 aria-hidden className="size-3.5" />
                    ) : (
                      <XCircle aria-hidden className="size-3.5" />
                    )}
                    {t(`backups.status.${backup.status}`)}
                  </span>
                  {backup.status === 'ready' ? (
                    <a
                      href={`/admin/settings/backups/${backup.id}/download`}
                      download
                      className="inline-flex items-center gap-1.5 rounded-[var(--radius-ui)] border border-line px-3 py-1.5 text-sm font-medium hover:bg-surface-muted"
                      data-testid="backup-download"
                    >
                      <Download aria-hidden className="size-4" />
                      {t('backups.download')}
                    </a>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </SettingsSection>
      <SettingsSection title={t('backups.inside.title')}>
        <ul className="list-inside list-disc space-y-1 text-sm text-ink-muted">
          {INSIDE.map((key) => (
            <li key={key}>{t(`backups.inside.${key}`)}</li>
          ))}
        </ul>
        <p className="text-sm text-ink-muted">{t('backups.inside.restore')}</p>
      </SettingsSection>
    </SettingsPage>
  )
}

export const ErrorBoundary = AdminRouteErrorBoundary
