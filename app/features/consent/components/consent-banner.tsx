import { Cookie } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { useTranslation } from '#app/lib/react-i18n'
import { Link } from 'react-router'
import { buttonClasses } from '#app/components/ui/button-classes'
import { CONSENT_PRIMARY, CONSENT_SECONDARY, CONSENT_SURFACE } from './consent-styles'
import type { BannerChoice } from './cookie-consent'
// With the banner, not fetched on the click: a fan who taps Accept and at once follows a link on
// a slow network would otherwise leave before the choice was recorded.
import { acceptAll, declineOptional, dismissBanner } from '../consent-choices'
// Customize asks for the settings dialog as any "Cookie settings" link does (consent-when-due.tsx fetches it and answers).
import { openCookieSettings } from '../open-cookie-settings'

export type ConsentBannerProps = {
  /** After a choice is recorded: its toast and the status card come with the rest of the consent UI. */
  onChosen: (choice: BannerChoice) => void
  onPrepareCustomize: () => void
}

/** A modal dialog on screen: Radix's (role and state), one marked modal without a state (the photo viewer), or a native one. */
const OPEN_DIALOG = '[role="dialog"][data-state="open"], [role="dialog"][aria-modal="true"]:not([data-state]), dialog[open]'

/** Never beneath a dialog the visitor has open (a delete confirmation, the menu on a phone), where it could not be answered: it comes once that dialog closes. */
function useNoDialogOpen() {
  const [clear, setClear] = useState(false)
  useEffect(() => {
    const check = () => !document.querySelector(OPEN_DIALOG) && (observer.disconnect(), setClear(true))
    const observer = new MutationObserver(check)
    if (!check()) observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-state', 'open'] })
    return () => observer.disconnect()
  }, [])
  return clear
}

/**
 * A first visit's question (fetched when due by consent-when-due.tsx, alone: the status card, the
 * settings dialog and the toasts come when used). Fixed at the bottom over the page: it takes no
 * room in the layout, so nothing moves. On a phone it is a compact strip (short text, the three
 * choices in one row) that leaves the page readable. Plain buttons in the Button look: the Button
 * component would be one more file to fetch when the banner is due.
 */
export default function ConsentBanner({ onChosen, onPrepareCustomize }: ConsentBannerProps) {
  const { t } = useTranslation()
  const titleId = useId()
  const textId = useId()
  if (!useNoDialogOpen()) return null
  const choice = (label: string, className: string, onClick: () => void, more?: object) => (
    <button type="button" className={className} onClick={onClick} data-testid={`consent-${label}`} {...more}>
      {t(`consent.banner.${label}`)}
    </button>
  )
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
        {/* Lucide's × drawn here: its own file would be one more fetch when the banner is due. */}
        <svg aria-hidden viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" className="size-5">
          <path d="M18 6 6 18M6 6l12 12" />
        </svg>
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
          {choice('accept', buttonClasses('primary', 'lg', `${CONSENT_PRIMARY} h-10 px-2 text-sm sm:px-5`), () => {
            acceptAll()
            onChosen('accepted')
          })}
          {choice('decline', buttonClasses('primary', 'lg', `${CONSENT_SECONDARY} h-10 px-2 text-sm sm:px-5`), () => {
            declineOptional()
            onChosen('declined')
          })}
          {choice('customize', buttonClasses('ghost', 'lg', 'h-10 px-2 text-sm text-ink underline-offset-2 sm:px-5 hover:bg-white/10 hover:underline'), openCookieSettings, { onPointerEnter: onPrepareCustomize, onFocus: onPrepareCustomize })}
        </div>
      </div>
    </section>
  )
}
