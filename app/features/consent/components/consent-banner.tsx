import { Cookie, X } from 'lucide-react'
import { useId } from 'react'
import { useTranslation } from '#app/lib/react-i18n'
import { Link } from 'react-router'
import { buttonClasses } from '#app/components/ui/button-classes'
import { CONSENT_PRIMARY, CONSENT_SECONDARY, CONSENT_SURFACE } from './consent-styles'
import type { ConsentChoice } from './cookie-consent'
// With the banner, not fetched on the click: a fan who taps Accept and at once follows a link on
// a slow network would otherwise leave before the choice was recorded.
import { acceptAll, declineOptional, dismissBanner } from '../consent-choices'

type ConsentBannerProps = {
  onChosen: (choice: ConsentChoice) => void
  onCustomize: () => void
  onPrepareCustomize: () => void
}

/**
 * Fixed at the bottom over the page: it takes no room in the layout, so nothing moves. On a phone
 * it is a compact strip (short text, the three choices in one row) that leaves the page readable.
 */
export default function ConsentBanner({ onChosen, onCustomize, onPrepareCustomize }: ConsentBannerProps) {
  const { t } = useTranslation()
  const titleId = useId()
  const textId = useId()
  return (
    <section
      aria-labelledby={titleId}
      aria-describedby={textId}
      data-testid="consent-banner"
      className={`${CONSENT_SURFACE} fixed inset-x-3 bottom-[max(0.75rem,env(safe-area-inset-bottom))] z-40 max-h-[70dvh] overflow-y-auto p-3 transition duration-200 ease-out starting:translate-y-4 starting:opacity-0 sm:inset-x-auto sm:bottom-6 sm:left-1/2 sm:w-[min(56rem,calc(100vw-3rem))] sm:-translate-x-1/2 sm:p-5`}
    >
      <button
        type="button"
        onClick={() => dismissBanner()}
        aria-label={t('consent.banner.close')}
        className="absolute top-1 right-1 inline-flex size-10 items-center sm:top-2 sm:right-2 justify-center rounded-full text-ink-muted hover:bg-white/10 hover:text-ink"
      >
        <X aria-hidden className="size-5" />
      </button>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:gap-8">
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="flex items-center gap-2 pr-10 text-sm font-semibold sm:text-base">
            <Cookie aria-hidden className="size-4 text-accent sm:size-5" />
            {t('consent.banner.title')}
          </h2>
          <p id={textId} className="mt-1 text-[13px] leading-snug text-ink-muted sm:mt-2 sm:text-sm sm:leading-relaxed">
            <span className="sm:hidden">{t('consent.banner.short')}</span>
            <span className="hidden sm:inline">{t('consent.banner.text')}</span>{' '}
            <Link to="/cookies" className="font-medium text-ink underline underline-offset-2 hover:text-accent">
              {t('consent.banner.policy')}
            </Link>
          </p>
        </div>
        <div className="grid shrink-0 grid-cols-3 gap-2 sm:flex sm:flex-row-reverse sm:pr-10">
          {/* Plain buttons in the Button look: the Button component would be one more file to fetch when the banner is due. */}
          <button
            type="button"
            className={buttonClasses('primary', 'lg', `${CONSENT_PRIMARY} h-10 px-2 text-sm sm:px-5`)}
            onClick={() => {
              acceptAll()
              onChosen('accepted')
            }}
          >
            {t('consent.banner.accept')}
          </button>
          <button
            type="button"
            className={buttonClasses('primary', 'lg', `${CONSENT_SECONDARY} h-10 px-2 text-sm sm:px-5`)}
            data-testid="consent-decline"
            onClick={() => {
              declineOptional()
              onChosen('declined')
            }}
          >
            {t('consent.banner.decline')}
          </button>
          <button
            type="button"
            className={buttonClasses('ghost', 'lg', 'h-10 px-2 text-sm text-ink underline-offset-2 sm:px-5 hover:bg-white/10 hover:underline')}
            onClick={onCustomize}
            onPointerEnter={onPrepareCustomize}
            onFocus={onPrepareCustomize}
          >
            {t('consent.banner.customize')}
          </button>
        </div>
      </div>
    </section>
  )
}
