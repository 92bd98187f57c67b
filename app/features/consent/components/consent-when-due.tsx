import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react'
import { consentDueOnLoad } from '../consent-due'
import { CONSENT_BANNER_DELAY_MS, CONSENT_CHANGE_EVENT, CONSENT_STORAGE_KEYS } from '../consent-record'
import { COOKIE_SETTINGS_EVENT } from '../open-cookie-settings'
import type { ConsentBannerProps } from './consent-banner'
import type { BannerChoice, CookieConsentProps } from './cookie-consent'

const KEYS: string[] = Object.values(CONSENT_STORAGE_KEYS)

const loadConsentUi = () => import('./cookie-consent')
// A fetch that failed (the network went away) shows nothing rather than the error screen; the next reason to show the rest of the UI tries again.
const consentUi = () =>
  lazy<ComponentType<CookieConsentProps>>(() =>
    loadConsentUi().then(
      (module) => ({ default: module.CookieConsent }),
      () => {
        CookieConsent = consentUi()
        return { default: () => null }
      },
    ),
  )
let CookieConsent = consentUi()
// The banner's own file. If it fails to come (the network went away), no banner on this page: the next page load asks.
const ConsentBanner = lazy<ComponentType<ConsentBannerProps>>(() => import('./consent-banner').catch(() => ({ default: () => null })))

/*
 * The consent UI, fetched when something is due rather than with the page (ADR 019, ADR 026).
 * A first visit's banner (consent-banner.tsx: its text, its choices and what records them) 2 s
 * after the page is up, and again at once when the consent is reset. The rest (cookie-consent.tsx:
 * the status card, the settings dialog, the toasts of a choice) when it is used: at once when a
 * decision in force makes the status card greet the load (`remindOnLoad`), when "Cookie settings"
 * or Customize is pressed (the press is kept and answered once the code is there), after a choice
 * made on the banner, and when the consent changes from elsewhere (another tab). A staff member
 * who decided fetches nothing of it until they ask.
 */
export function ConsentWhenDue({ remindOnLoad }: { remindOnLoad: boolean }) {
  const [bannerDue, setBannerDue] = useState(false)
  const [ui, setUi] = useState<{ greet: boolean; chosen?: { choice: BannerChoice } } | null>(null)
  useEffect(() => {
    // A new object each time: after a failed fetch, a render with the fresh lazy part tries again.
    const show = (greet: boolean) => setUi((current) => (current ? { ...current } : { greet }))
    const due = consentDueOnLoad()
    if (due === 'card' && remindOnLoad) show(true)
    // The banner's 2 s count from the page being up, not from its code arriving.
    const timer = due === 'banner' ? window.setTimeout(() => setBannerDue(consentDueOnLoad() === 'banner'), CONSENT_BANNER_DELAY_MS) : undefined
    const onAsked = () => show(false)
    // A choice hides the banner; a reset from anywhere (the settings dialog, the cookie policy page, another tab) asks again at once.
    const onChange = () => {
      setBannerDue(consentDueOnLoad() === 'banner')
      show(false)
    }
    // key is null when another tab cleared all storage (sign-out).
    const onStorage = (event: StorageEvent) => (event.key === null || KEYS.includes(event.key)) && onChange()
    const listening = new AbortController()
    const { signal } = listening
    window.addEventListener(COOKIE_SETTINGS_EVENT, onAsked, { signal })
    window.addEventListener(CONSENT_CHANGE_EVENT, onChange, { signal })
    window.addEventListener('storage', onStorage, { signal })
    return () => {
      window.clearTimeout(timer)
      listening.abort()
    }
    // Once per page load: moving between screens must not greet again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  // Each in a boundary of its own: the rest arriving never blanks the banner.
  return (
    <>
      <Suspense fallback={null}>
        {bannerDue ? (
          <ConsentBanner
            // A first visit: nothing greeted the load, so the rest comes for the choice alone.
            onChosen={(choice) => setUi({ greet: false, chosen: { choice } })}
            onPrepareCustomize={() => void loadConsentUi().then((module) => module.loadSettingsDialog())}
          />
        ) : null}
      </Suspense>
      <Suspense fallback={null}>{ui ? <CookieConsent remindOnLoad={ui.greet} chosen={ui.chosen} /> : null}</Suspense>
    </>
  )
}
