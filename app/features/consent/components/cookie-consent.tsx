import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from '#app/lib/react-i18n'
import { toast } from '#app/lib/toast'
import { CONSENT_BANNER_DELAY_MS } from '../consent'
import { consentDueOnLoad } from '../consent-due'
import { COOKIE_SETTINGS_EVENT, takeCookieSettingsRequest } from '../open-cookie-settings'
import { useConsent } from '../use-consent'
import ConsentBanner from './consent-banner'

/*
 * Every page (marketing site, policies, companies' pages, admin) has the banner, the settings
 * dialog and the status card. None of them is in a page's HTML (they depend on this browser's
 * storage), so this comes as a file of its own, fetched by the root when one of them is due
 * (consent-when-due.tsx); the settings dialog (Radix) is fetched when first opened.
 */

const loadSettingsDialog = () => import('./cookie-settings-dialog')
const CookieSettingsDialog = lazy(loadSettingsDialog)
// Shown after a choice, or greeting a load: a first visit's banner does not wait for it.
const ConsentStatusCard = lazy(() => import('./consent-status-card'))

/** What the visitor chose, each with its toast from the spec's catalogue (section 8). */
export type ConsentChoice = 'accepted' | 'acceptedAll' | 'declined' | 'saved'

const TOAST_TITLE_KEYS: Record<ConsentChoice, string> = {
  accepted: 'consent.toast.accepted',
  acceptedAll: 'consent.toast.acceptedAll',
  declined: 'consent.toast.declined',
  saved: 'consent.toast.saved',
}

/**
 * `remindOnLoad`: the status card greets each page load once consent exists (the spec's fans'
 * and marketing pages). The admin turns it off: a card over a work screen is clutter.
 * `bannerAt`: when the banner is due (2 s after the page was up), if this mounts later.
 */
/** A modal dialog on screen: Radix's (role and state) or a native one. */
const OPEN_DIALOG = '[role="dialog"][data-state="open"], dialog[open]'

export type CookieConsentProps = { remindOnLoad?: boolean; bannerAt?: number }

export function CookieConsent({ remindOnLoad = true, bannerAt }: CookieConsentProps) {
  const { t } = useTranslation()
  const consent = useConsent()
  const [bannerDue, setBannerDue] = useState(false)
  // Each showing gets a new key, so the 3-second timer starts over.
  const [statusCardShowing, setStatusCardShowing] = useState(0)
  const [dialogOpen, setDialogOpen] = useState(false)
  const [dialogLoaded, setDialogLoaded] = useState(false)

  useEffect(() => {
    const due = consentDueOnLoad()
    if (due === 'card') {
      if (remindOnLoad) setStatusCardShowing(1)
      return
    }
    if (due !== 'banner') return
    // Never beneath a dialog the visitor has open (a delete confirmation, the menu on a phone),
    // where it could not be answered: it comes once that dialog closes.
    let observer: MutationObserver | undefined
    const showWhenNoDialog = () => {
      if (document.querySelector(OPEN_DIALOG)) return false
      observer?.disconnect()
      setBannerDue(true)
      return true
    }
    const timer = window.setTimeout(() => {
      if (showWhenNoDialog()) return
      observer = new MutationObserver(showWhenNoDialog)
      observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-state', 'open'] })
    }, Math.max(0, (bannerAt ?? Date.now() + CONSENT_BANNER_DELAY_MS) - Date.now()))
    return () => {
      window.clearTimeout(timer)
      observer?.disconnect()
    }
    // Once per page load: moving between screens must not greet again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  // Radix returns focus only to its own trigger; ours are the banner, the card and footer links.
  const returnFocusTo = useRef<HTMLElement | null>(null)
  const openDialog = useCallback(() => {
    returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
    setDialogLoaded(true)
    setDialogOpen(true)
  }, [])

  useEffect(() => {
    const onRequest = () => {
      takeCookieSettingsRequest()
      openDialog()
    }
    // A "Cookie settings" link pressed while this was on its way opens the dialog now.
    if (takeCookieSettingsRequest()) openDialog()
    window.addEventListener(COOKIE_SETTINGS_EVENT, onRequest)
    return () => window.removeEventListener(COOKIE_SETTINGS_EVENT, onRequest)
  }, [openDialog])

  const onChosen = useCallback(
    (choice: ConsentChoice) => {
      setDialogOpen(false)
      toast.success(t(TOAST_TITLE_KEYS[choice]), { description: t(`consent.toast.${choice}Description`) })
      setStatusCardShowing((showing) => showing + 1)
    },
    [t],
  )

  const onReset = useCallback(() => setDialogOpen(false), [])

  // A reset from anywhere (the dialog, the cookie policy page, another tab) asks again at once.
  const hadConsent = useRef(false)
  const hasConsentNow = consent.status !== null || consent.bannerSeen
  useEffect(() => {
    if (hadConsent.current && !hasConsentNow) {
      setStatusCardShowing(0)
      setBannerDue(true)
    }
    hadConsent.current = hasConsentNow
  }, [hasConsentNow])

  // Both stay under the open dialog, so Escape hands focus back to Customize or Manage.
  const showBanner = bannerDue && consent.status === null && !consent.bannerSeen
  const showStatusCard = statusCardShowing > 0 && consent.status !== null

  // The card and the dialog load in boundaries of their own, so they never blank the banner.
  return (
    <>
      {showBanner ? <ConsentBanner onChosen={onChosen} onCustomize={openDialog} onPrepareCustomize={() => void loadSettingsDialog()} /> : null}
      <Suspense fallback={null}>
        {showStatusCard ? (
          <ConsentStatusCard
            key={statusCardShowing}
            preferences={consent.preferences}
            onManage={openDialog}
            onPrepareManage={() => void loadSettingsDialog()}
            onHidden={() => setStatusCardShowing(0)}
          />
        ) : null}
      </Suspense>
      <Suspense fallback={null}>
        {dialogLoaded ? <CookieSettingsDialog open={dialogOpen} onOpenChange={setDialogOpen} returnFocusTo={returnFocusTo} consent={consent} onChosen={onChosen} onReset={onReset} /> : null}
      </Suspense>
    </>
  )
}
