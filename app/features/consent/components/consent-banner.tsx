import { Cookie } from 'lucide-react'
import { useId } from 'react'
import { useTranslation } from '#app/lib/react-i18n'
import { Link } from 'react-router'
import { buttonClasses } from '#app/components/ui/button-classes'
import { CONSENT_PRIMARY, CONSENT_SECONDARY, CONSENT_SURFACE } from './consent-styles'

/** What each of the banner's buttons does, read by consent-when-due.tsx's one listener for them. */
export type BannerButton = 'accept' | 'decline' | 'customize' | 'close'

/**
 * A first visit's question, drawn by the server into every page, hidden (consent-when-due.tsx's
 * ConsentBannerInPage): when it is due the page shows it without fetching anything, and one
 * listener in consent-when-due.tsx answers its buttons, fetching what records a choice as the
 * visitor reaches for one. Its words carry their catalogue keys (`data-text`, `data-label`), so a
 * language switched since the page came is followed in place. Fixed at the bottom over the page:
 * it takes no room in the layout, so nothing moves. On a phone it is a compact strip (short text,
 * the three choices in one row) that leaves the page readable. Never over a dialog the visitor has
 * open (app.css).
 */
export default function ConsentBanner() {
  const { t, i18n } = useTranslation()
  const titleId = useId()
  const textId = useId()
  const text = (key: string) => ({ 'data-text': `consent.banner.${key}`, children: t(`consent.banner.${key}`) })
  const choice = (label: BannerButton, className: string) => (
    <button
      type="button"
      className={className}
      data-consent-choice={label}
      data-testid={`consent-${label}`}
      {...text(label)}
    />
  )
  return (
    <section
      aria-labelledby={titleId}
      aria-describedby={textId}
      data-testid="consent-banner"
      data-consent-banner
      lang={i18n.language}
      hidden
      className={`${CONSENT_SURFACE} fixed inset-x-3 bottom-[max(0.75rem,env(safe-area-inset-bottom))] z-40 max-h-[70dvh] overflow-y-auto p-3 transition duration-200 ease-out starting:translate-y-4 starting:opacity-0 sm:inset-x-auto sm:bottom-6 sm:left-1/2 sm:w-[min(56rem,calc(100vw-3rem))] sm:-translate-x-1/2 sm:p-5`}
    >
      <button
        type="button"
        data-consent-choice="close"
        aria-label={t('consent.banner.close')}
        data-label="consent.banner.close"
        className="absolute top-1 right-1 inline-flex size-10 items-center sm:top-2 sm:right-2 justify-center rounded-full text-ink-muted hover:bg-white/10 hover:text-ink"
      >
        <svg
          aria-hidden
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          className="size-5"
        >
          <path d="M18 6 6 18M6 6l12 12" />
        </svg>
      </button>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:gap-8">
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="flex items-center gap-2 pr-10 text-sm font-semibold sm:text-base">
            <Cookie aria-hidden className="size-4 text-accent sm:size-5" />
            <span {...text('title')} />
          </h2>
          <p id={textId} className="mt-1 text-[13px] leading-snug text-ink-muted sm:mt-2 sm:text-sm sm:leading-relaxed">
            <span className="sm:hidden" {...text('short')} />
            <span className="hidden sm:inline" {...text('text')} />{' '}
            <Link
              to="/cookies"
              className="font-medium text-ink underline underline-offset-2 hover:text-accent"
              {...text('policy')}
            />
          </p>
        </div>
        <div className="grid shrink-0 grid-cols-3 gap-2 sm:flex sm:flex-row-reverse sm:pr-10">
          {choice('accept', buttonClasses('primary', 'lg', `${CONSENT_PRIMARY} h-10 px-2 text-sm sm:px-5`))}
          {choice('decline', buttonClasses('primary', 'lg', `${CONSENT_SECONDARY} h-10 px-2 text-sm sm:px-5`))}
          {choice(
            'customize',
            buttonClasses(
              'ghost',
              'lg',
              'h-10 px-2 text-sm text-ink underline-offset-2 sm:px-5 hover:bg-white/10 hover:underline',
            ),
          )}
        </div>
      </div>
    </section>
  )
}
