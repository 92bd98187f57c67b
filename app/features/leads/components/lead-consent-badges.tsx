import { Check, X } from 'lucide-react'
import { useTranslation } from '#app/lib/react-i18n'
import { cn } from '#app/lib/cn'

type Consents = { privacyAcceptedAt: Date | string | null; dataProcessingConsent: boolean; marketingConsent: boolean }

/** The three consents of the lead form, given or not, each readable by screen readers in full. */
export function LeadConsentBadges({ lead }: { lead: Consents }) {
  const { t } = useTranslation()
  const consents = [
    { key: 'privacy', given: lead.privacyAcceptedAt !== null },
    { key: 'dataProcessing', given: lead.dataProcessingConsent },
    { key: 'marketing', given: lead.marketingConsent },
  ] as const
  return (
    <ul className="flex flex-wrap gap-1" aria-label={t('leads.columns.consents')}>
      {consents.map(({ key, given }) => {
        const full = t(`leads.consents.${key}.${given ? 'given' : 'missing'}`)
        return (
          <li
            key={key}
            title={full}
            data-consent={key}
            data-given={given}
            className={cn(
              'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
              given
                ? 'bg-emerald-600/12 text-emerald-800'
                : 'bg-surface-muted text-ink-muted line-through decoration-ink-muted/60',
            )}
          >
            {given ? <Check aria-hidden className="size-3" /> : <X aria-hidden className="size-3" />}
            <span aria-hidden>{t(`leads.consents.${key}.short`)}</span>
            <span className="sr-only">{full}</span>
          </li>
        )
      })}
    </ul>
  )
}
