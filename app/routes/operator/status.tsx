import { CheckCircle2, AlertTriangle, XCircle } from 'lucide-react'
import { useEffect } from 'react'
import { useRevalidator } from 'react-router'
import { getPlatformStatus, type StatusLevel } from '#app/features/operator/server/get-platform-status.server'
import { withActor } from '#app/access/member-route.server'
import { cn } from '#app/lib/cn'
import { formatBytes } from '#app/lib/format-bytes'
import { useTranslation } from '#app/lib/react-i18n'
import { useDateFormat } from '#app/lib/use-date-format'
import type { Route } from './+types/status'

export const loader = withActor({ kind: 'operator' }, (operator) => getPlatformStatus(operator))

/** How often the page refreshes itself. */
const REFRESH_MS = 30_000

const LEVELS: Record<StatusLevel, { icon: typeof CheckCircle2; className: string }> = {
  ok: { icon: CheckCircle2, className: 'text-emerald-700' },
  warning: { icon: AlertTriangle, className: 'text-amber-700' },
  error: { icon: XCircle, className: 'text-danger' },
}

export default function OperatorStatus({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { time } = useDateFormat()
  const { checks, numbers } = loaderData
  const revalidator = useRevalidator()
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible' && revalidator.state === 'idle') void revalidator.revalidate()
    }, REFRESH_MS)
    return () => clearInterval(timer)
  }, [revalidator])
  const counts: Array<[string, string | number]> = [
    ['companies', numbers.companies],
    ['suspended', numbers.suspended],
    ['storage', formatBytes(numbers.storage, i18n.language)],
    ['processing', numbers.processing],
    ['queued', numbers.queued],
    ['failed', numbers.failed],
    ['pendingSubdomains', numbers.pendingSubdomains],
    ['pendingDomains', numbers.pendingDomains],
  ]
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{t('operator.status.title')}</h1>
        <p className="mt-1 text-sm text-ink-muted" aria-live="polite">
          {t('operator.status.checkedAt', {
            date: time(checks[0]?.checkedAt ?? Date.now()),
          })}
        </p>
      </div>
      <ul className="divide-y divide-line rounded-xl border border-line bg-surface">
        {checks.map((check) => {
          const { icon: Icon, className } = LEVELS[check.level]
          return (
            <li
              key={check.key}
              className="flex items-start gap-3 px-4 py-3"
              data-testid={`status-${check.key}`}
              data-level={check.level}
            >
              <Icon aria-hidden className={cn('mt-0.5 size-5 shrink-0', className)} />
              <div className="min-w-0">
                <p className="font-medium">
                  {t(`operator.status.checks.${check.key}`)}{' '}
                  <span className="sr-only">{t(`operator.status.levels.${check.level}`)}</span>
                </p>
                <p className="text-sm break-words text-ink-muted">{t(`operator.status.explain.${check.key}`)}</p>
                <p className="mt-0.5 text-xs break-words text-ink-muted" data-testid={`status-${check.key}-detail`}>
                  {t(`operator.status.details.${check.detail.key}`, {
                    ...check.detail.values,
                    ...Object.fromEntries(
                      Object.entries(check.detail.bytes ?? {}).map(([name, bytes]) => [
                        name,
                        formatBytes(bytes, i18n.language),
                      ]),
                    ),
                  })}
                </p>
              </div>
            </li>
          )
        })}
      </ul>
      <dl className="grid gap-px overflow-hidden rounded-xl border border-line bg-line sm:grid-cols-2 lg:grid-cols-4">
        {counts.map(([key, value]) => (
          <div key={key} className="bg-surface px-4 py-3">
            <dt className="text-xs text-ink-muted">{t(`operator.status.counts.${key}`)}</dt>
            <dd className="mt-0.5 text-lg font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  )
}
