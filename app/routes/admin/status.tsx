import { AlertTriangle, CheckCircle2, RotateCcw, XCircle } from 'lucide-react'
import { useEffect } from 'react'
import { Link, useFetcher, useRevalidator } from 'react-router'
import { z } from 'zod'
import { Button } from '#app/components/ui/button'
import { AdminRouteErrorBoundary } from '#app/routes/admin/shell/admin-route-error'
import { getCompanyStatus, type StatusLevel } from '#app/features/health/server/get-company-status.server'
import { retryFailedMedia } from '#app/features/media/server/retry-failed-media.server'
import { actionSuccess, revalidateUnlessUnchanged, useOutcomeToast, type ActionResult } from '#app/lib/action-result'
import { cn } from '#app/lib/cn'
import { intentAction } from '#app/lib/intent-action.server'
import { withActor } from '#app/access/member-route.server'
import { resilientClientAction } from '#app/lib/resilient-client-action'
import { useTranslation } from '#app/lib/react-i18n'
import { useDateFormat } from '#app/lib/use-date-format'
import type { Route } from './+types/status'
import { pageWidth } from '#app/components/page-width'

export const loader = withActor({ kind: 'person' }, (member) => getCompanyStatus(member))

const ZStatusAction = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('retry'), assetId: z.uuid() }),
  z.object({ intent: z.literal('retry-all') }),
])

export const action = withActor({ kind: 'person' }, async (member, { request }: Route.ActionArgs) =>
  intentAction(request, ZStatusAction, {
    retry: async ({ assetId }) => {
      await retryFailedMedia(member, assetId)
      return actionSuccess('status.toasts.retried')
    },
    'retry-all': async () => {
      await retryFailedMedia(member)
      return actionSuccess('status.toasts.retried')
    },
  }),
)

// A retry that cannot reach the server (or fails there) is a toast, never the error screen.
export const clientAction = resilientClientAction('errors.updateFailed')
export const shouldRevalidate = revalidateUnlessUnchanged

export const meta: Route.MetaFunction = () => [{ title: 'System status · Afterglow' }]

/** How often the page checks again on its own, while it is visible. */
const REFRESH_MS = 30_000

const LEVELS: Record<StatusLevel, { icon: typeof CheckCircle2; className: string }> = {
  ok: { icon: CheckCircle2, className: 'text-emerald-700' },
  warning: { icon: AlertTriangle, className: 'text-amber-700' },
  error: { icon: XCircle, className: 'text-danger' },
}

export default function SystemStatus({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { time } = useDateFormat()
  const { checks, failedFiles, canRetry } = loaderData
  const revalidator = useRevalidator()
  const fetcher = useFetcher<ActionResult>()
  useOutcomeToast(fetcher.data)
  useEffect(() => {
    const timer = setInterval(() => {
      // Offline, a check would fail and the page give way to the error screen: it waits for the network.
      if (document.visibilityState === 'visible' && navigator.onLine && revalidator.state === 'idle')
        void revalidator.revalidate()
    }, REFRESH_MS)
    return () => clearInterval(timer)
  }, [revalidator])
  const overall: StatusLevel = checks.some((check) => check.level === 'error')
    ? 'error'
    : checks.some((check) => check.level === 'warning')
      ? 'warning'
      : 'ok'
  const Overall = LEVELS[overall].icon
  return (
    <div className={`${pageWidth('form')} space-y-6`}>
      <div>
        <Link to="/admin/settings" className="text-sm text-ink-muted hover:text-ink">
          ← {t('settings.title')}
        </Link>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight">{t('status.title')}</h1>
        <p
          className="mt-1 flex items-center gap-2 text-sm"
          aria-live="polite"
          data-testid="status-overall"
          data-level={overall}
        >
          <Overall aria-hidden className={cn('size-4', LEVELS[overall].className)} />
          {t(`status.overall.${overall}`)} · {t('status.refreshes')}
        </p>
      </div>
      <ul className="divide-y divide-line rounded-xl border border-line bg-surface">
        {checks.map((check) => {
          const { icon: Icon, className } = LEVELS[check.level]
          return (
            <li
              key={`${check.key}-${check.detail.host ?? ''}`}
              className="flex items-start gap-3 px-4 py-3.5"
              data-testid={`status-${check.key}`}
              data-level={check.level}
            >
              <Icon aria-hidden className={cn('mt-0.5 size-5 shrink-0', className)} />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="font-medium">
                    {t(`status.checks.${check.key}.title`, check.detail)}{' '}
                    <span className="sr-only">{t(`status.levels.${check.level}`)}</span>
                  </span>
                  <span className="text-xs text-ink-muted">
                    {t('status.checkedAt', { time: time(check.checkedAt) })}
                  </span>
                </p>
                <p className="mt-0.5 text-sm text-ink-muted">
                  {t(`status.checks.${check.key}.${check.level}`, check.detail)}
                </p>
                {check.key === 'platform' && check.detail.parts ? (
                  <ul
                    className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-ink-muted"
                    data-testid="status-platform-parts"
                  >
                    {String(check.detail.parts)
                      .split(',')
                      .map((part) => (
                        <li key={part}>{t(`status.platformParts.${part}`)}</li>
                      ))}
                  </ul>
                ) : null}
              </div>
            </li>
          )
        })}
      </ul>
      {failedFiles.length > 0 ? (
        <section aria-labelledby="failed-heading" className="rounded-xl border border-line bg-surface">
          <div className="flex flex-wrap items-center justify-between gap-3 px-4 pt-4">
            <h2 id="failed-heading" className="font-semibold">
              {t('status.failed.title')}
            </h2>
            {canRetry ? (
              <Button
                variant="secondary"
                size="sm"
                onClick={() => fetcher.submit({ intent: 'retry-all' }, { method: 'post' })}
                disabled={fetcher.state !== 'idle'}
              >
                <RotateCcw aria-hidden className="size-4" />
                {t('status.failed.retryAll')}
              </Button>
            ) : null}
          </div>
          <ul className="mt-3 divide-y divide-line">
            {failedFiles.map((file) => (
              <li
                key={file.id}
                className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm"
                data-testid="failed-file"
              >
                <span className="min-w-0">
                  <span className="block truncate font-medium">{file.name}</span>
                  <span className="block text-xs text-ink-muted">
                    {file.contentItemId && file.itemTitle ? (
                      <Link to={`/admin/content/${file.contentItemId}`} className="hover:underline">
                        {file.itemTitle}
                      </Link>
                    ) : null}
                    {file.error ? ` · ${file.error}` : ''}
                  </span>
                </span>
                {canRetry ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => fetcher.submit({ intent: 'retry', assetId: file.id }, { method: 'post' })}
                    disabled={fetcher.state !== 'idle'}
                  >
                    {t('status.failed.retry')}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}

export const ErrorBoundary = AdminRouteErrorBoundary
