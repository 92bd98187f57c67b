import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react'
import { consentDueOnLoad } from '../consent-due'
import { CONSENT_BANNER_DELAY_MS, CONSENT_CHANGE_EVENT, CONSENT_STORAGE_KEYS } from '../consent-record'
import { COOKIE_SETTINGS_EVENT } from '../open-cookie-settings'
import type { CookieConsentProps } from './cookie-consent'

const KEYS: string[] = Object.values(CONSENT_STORAGE_KEYS)

// A fetch that failed (the network went away) shows nothing rather than the error screen; the next reason to show the UI tries again.
const consentUi = () =>
  lazy<ComponentType<CookieConsentProps>>(() =>
    import('./cookie-consent').then(
      (module) => ({ default: module.CookieConsent }),
      () => {
        CookieConsent = consentUi()
        return { default: () => null }
      },
    ),
  )
let CookieConsent = consentUi()

/*
 * The banner, status card and settings dialog (cookie-consent.tsx), fetched when one of them is
 * due rather than with the page (ADR 026): on a first visit when the banner's 2 s are up, at once
 * when a decision in force makes the status card greet the load (`remindOnLoad`), when "Cookie
 * settings" is pressed (the press is kept and answered once the code is there), and when the
 * consent changes from elsewhere (a reset on the cookie policy page, another tab). A staff member
 * who decided fetches nothing of it until they ask.
 */
export function ConsentWhenDue({ remindOnLoad }: { remindOnLoad: boolean }) {
  const [shown, setShown] = useState<{ greet: boolean; bannerAt: number } | null>(null)
  useEffect(() => {
    // The banner's 2 s count from the page being up, not from its code arriving.
    const bannerAt = Date.now() + CONSENT_BANNER_DELAY_MS
    // A new object each time: after a failed fetch, a render with the fresh lazy part tries again.
    const show = (greet: boolean) => setShown((current) => ({ greet: current?.greet ?? greet, bannerAt }))
    const due = consentDueOnLoad()
    if (due === 'card' && remindOnLoad) show(true)
    const timer = due === 'banner' ? window.setTimeout(() => show(false), CONSENT_BANNER_DELAY_MS) : undefined
    const onAsked = () => show(false)
    // key is null when another tab cleared all storage (sign-out).
    const onStorage = (event: StorageEvent) => (event.key === null || KEYS.includes(event.key)) && show(false)
    const listening = new AbortController()
    const { signal } = listening
    window.addEventListener(COOKIE_SETTINGS_EVENT, onAsked, { signal })
    window.addEventListener(CONSENT_CHANGE_EVENT, onAsked, { signal })
    window.addEventListener('storage', onStorage, { signal })
    return () => {
      window.clearTimeout(timer)
      listening.abort()
    }
    // Once per page load: moving between screens must not greet again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  if (!shown) return null
  return (
    <Suspense fallback={null}>
      <CookieConsent remindOnLoad={shown.greet} bannerAt={shown.bannerAt} />
    </Suspense>
  )
}
