import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from '#app/lib/react-i18n'
import { toast } from '#app/lib/toast'
import { consentDueOnLoad } from '../consent-due'
import { COOKIE_SETTINGS_EVENT, takeCookieSettingsRequest } from '../open-cookie-settings'
import { useConsent } from '../use-consent'

/*
 * Every page (marketing site, policies, companies' pages, admin) has the banner, the settings
 * dialog and the status card. None of them is in a page's HTML (they depend on this browser's
 * storage). A first visit's banner is a file of its own (consent-banner.tsx); this is the rest,
 * fetched by the root when it is used (consent-when-due.tsx): the status card, the toasts of a
 * choice, and the settings dialog (Radix), itself fetched when first opened.
 */

export const loadSettingsDialog = () => import('./cookie-settings-dialog')
const CookieSettingsDialog = lazy(loadSettingsDialog)
// Shown after a choice, or greeting a load.
const ConsentStatusCard = lazy(() => import('./consent-status-card'))

/** What the visitor chose, each with its toast from the spec's catalogue (section 8). */
export type ConsentChoice = 'accepted' | 'acceptedAll' | 'declined' | 'saved'
/** The banner's two choices. */
export type BannerChoice = Extract<ConsentChoice, 'accepted' | 'declined'>

const TOAST_TITLE_KEYS: Record<ConsentChoice, string> = {
  accepted: 'consent.toast.accepted',
  acceptedAll: 'consent.toast.acceptedAll',
  declined: 'consent.toast.declined',
  saved: 'consent.toast.saved',
}

export type CookieConsentProps = {
  /**
   * The status card greets each page load once consent exists (the spec's fans' and marketing
   * pages). The admin turns it off: a card over a work screen is clutter.
   */
  remindOnLoad?: boolean
  /** A choice just made on the banner (a new object each time): its toast and the card. */
  chosen?: { choice: BannerChoice }
}

export function CookieConsent({ remindOnLoad = true, chosen }: CookieConsentProps) {
  const { t } = useTranslation()
  const consent = useConsent()
  // Each showing gets a new key, so the 3-second timer starts over.
  const [statusCardShowing, setStatusCardShowing] = useState(0)
  const [dialogOpen, setDialogOpen] = useState(false)
  const [dialogLoaded, setDialogLoaded] = useState(false)

  useEffect(() => {
    if (remindOnLoad && consentDueOnLoad() === 'card') setStatusCardShowing(1)
    // Once per page load: moving between screens must not greet again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  // Radix returns focus only to its own trigger; ours are the banner's Customize, the card's Manage and footer links.
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

  // Once per choice, whenever it arrives.
  const answered = useRef<CookieConsentProps['chosen']>(undefined)
  useEffect(() => {
    if (!chosen || answered.current === chosen) return
    answered.current = chosen
    onChosen(chosen.choice)
  }, [chosen, onChosen])

  const onReset = useCallback(() => setDialogOpen(false), [])

  // The card stays under the open dialog, so Escape hands focus back to Manage.
  const showStatusCard = statusCardShowing > 0 && consent.status !== null

  // The card and the dialog load in boundaries of their own, so neither blanks the other.
  return (
    <>
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
        {dialogLoaded ? (
          <CookieSettingsDialog
            open={dialogOpen}
            onOpenChange={setDialogOpen}
            returnFocusTo={returnFocusTo}
            consent={consent}
            onChosen={onChosen}
            onReset={onReset}
          />
        ) : null}
      </Suspense>
    </>
  )
}
