import { useTranslation } from '#app/lib/react-i18n'
import { cn } from '#app/lib/cn'

const TONES: Record<string, string> = {
  draft: 'bg-amber-500/12 text-amber-800',
  published: 'bg-emerald-600/12 text-emerald-800',
  cancelled: 'bg-danger/10 text-danger',
}

export function EventStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation()
  return (
    <span className={cn('inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium', TONES[status] ?? TONES.draft)}>
      {t(`events.statuses.${status}`)}
    </span>
  )
}
