import { Cookie, X } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from '#app/lib/react-i18n'
import { Button } from '#app/components/ui/button'
import { CONSENT_CATEGORIES, CONSENT_STATUS_CARD_MS, countEnabled, type ConsentPreferences } from '../consent'
import { CONSENT_SECONDARY, CONSENT_SURFACE } from './consent-styles'

type ConsentStatusCardProps = {
  preferences: ConsentPreferences
  onManage: () => void
  onPrepareManage: () => void
  onHidden: () => void
}

/**
 * A short reminder of the choice in force, gone after 3 seconds (the spec). Keyboard focus inside
 * holds it (WCAG 2.2.1: nobody loses a control they are on); a mouse click or focus handed back
 * by the closing dialog does not, so it never lingers over the page.
 */
export default function ConsentStatusCard({
  preferences,
  onManage,
  onPrepareManage,
  onHidden,
}: ConsentStatusCardProps) {
  const { t } = useTranslation()
  const titleId = useId()
  const [hasFocus, setHasFocus] = useState(false)
  const onHiddenRef = useRef(onHidden)
  onHiddenRef.current = onHidden

  useEffect(() => {
    if (hasFocus) return
    const timer = window.setTimeout(() => onHiddenRef.current(), CONSENT_STATUS_CARD_MS)
    return () => window.clearTimeout(timer)
  }, [hasFocus])

  return (
    <section
      aria-labelledby={titleId}
      data-testid="consent-status"
      onFocus={(event) => {
        if (event.target instanceof HTMLElement && event.target.matches(':focus-visible')) setHasFocus(true)
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setHasFocus(false)
      }}
      className={`${CONSENT_SURFACE} fixed inset-x-3 bottom-[max(0.75rem,env(safe-area-inset-bottom))] z-40 flex items-center gap-3 py-3 pr-2 pl-4 transition duration-200 ease-out starting:translate-y-4 starting:opacity-0 sm:inset-x-auto sm:right-6 sm:bottom-6 sm:w-96`}
    >
      <Cookie aria-hidden className="size-5 shrink-0 text-accent" />
      <div className="min-w-0 flex-1" role="status">
        <h2 id={titleId} className="text-sm leading-snug font-semibold">
          {t('consent.status.title')}
        </h2>
        <p className="text-sm text-ink-muted tabular-nums" data-testid="consent-status-count">
          {t('consent.status.enabled', { enabled: countEnabled(preferences), total: CONSENT_CATEGORIES.length })}
        </p>
      </div>
      <Button
        size="sm"
        className={`${CONSENT_SECONDARY} h-9 shrink-0`}
        onClick={onManage}
        onPointerEnter={onPrepareManage}
        onFocus={onPrepareManage}
      >
        {t('consent.status.manage')}
      </Button>
      <button
        type="button"
        onClick={() => onHiddenRef.current()}
        aria-label={t('consent.status.close')}
        className="inline-flex size-9 shrink-0 items-center justify-center rounded-full text-ink-muted hover:bg-white/10 hover:text-ink"
      >
        <X aria-hidden className="size-4" />
      </button>
    </section>
  )
}
