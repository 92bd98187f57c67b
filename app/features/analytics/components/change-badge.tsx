import { ArrowDownRight, ArrowUpRight } from 'lucide-react'
import { cn } from '#app/lib/cn'
import { useTranslation } from '#app/lib/react-i18n'
import { changeOf } from '../analytics-range'

/** A figure's change against the previous period, in words for screen readers too. */
export function ChangeBadge({ now, before }: { now: number; before: number }) {
  const { t, i18n } = useTranslation()
  const change = changeOf(now, before)
  const percent = new Intl.NumberFormat(i18n.language, {
    style: 'percent',
    maximumFractionDigits: 0,
    signDisplay: 'exceptZero',
  })
  const text =
    change === null
      ? t('analytics.admin.change.new')
      : t('analytics.admin.change.vsPrevious', { change: percent.format(change) })
  const Icon = change !== null && change < 0 ? ArrowDownRight : ArrowUpRight
  return (
    <span
      className={cn(
        'inline-flex items-center gap-0.5 text-xs tabular-nums',
        change === null || change > 0
          ? 'text-emerald-700 dark:text-emerald-400'
          : change < 0
            ? 'text-red-700 dark:text-red-400'
            : 'text-ink-muted',
      )}
      data-testid="figure-change"
    >
      {change !== 0 ? <Icon aria-hidden className="size-3.5" /> : null}
      {text}
    </span>
  )
}
