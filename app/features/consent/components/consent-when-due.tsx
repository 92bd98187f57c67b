import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react'
import { useTranslation } from '#app/lib/react-i18n'
import { lazyRenderedOnServer } from '#app/lib/lazy-rendered-on-server'
import type { TFunction } from '#app/lib/translator'
import { consentDueOnLoad } from '../consent-due'
import { CONSENT_BANNER_DELAY_MS, CONSENT_CHANGE_EVENT, CONSENT_STORAGE_KEYS } from '../consent-record'
import { COOKIE_SETTINGS_EVENT } from '../open-cookie-settings'
import type { BannerButton } from './consent-banner'
import type { BannerChoice, CookieConsentProps } from './cookie-consent'

const KEYS: string[] = Object.values(CONSENT_STORAGE_KEYS)

const loadConsentUi = () => import('./cookie-consent')
const loadAnswers = () => import('./consent-banner-answers')
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
// Drawn by the server alone: the browser never fetches it.
const ServerBanner = import.meta.env.SSR ? lazyRenderedOnServer(() => import('./consent-banner')) : undefined

/**
 * The banner in the page's HTML, hidden (consent-banner.tsx). React leaves the inner HTML of an
 * element it hydrates with `dangerouslySetInnerHTML` as the server sent it, so the browser keeps
 * the server's banner without its code, and ConsentWhenDue shows and hides it. A root drawn by the
 * browser itself (after an error screen) has none: that page does not ask; the next one does.
 */
export function ConsentBannerInPage() {
  return ServerBanner ? (
    <div>
      <Suspense fallback={null}>
        <ServerBanner />
      </Suspense>
    </div>
  ) : (
    <div suppressHydrationWarning dangerouslySetInnerHTML={{ __html: '' }} />
  )
}

/** Shown when due, in the language now shown (a switch since the page came rewrites its words). */
function showBanner(due: boolean, t: TFunction, language: string) {
  const banner = document.querySelector<HTMLElement>('[data-consent-banner]')
  if (!banner) return
  if (banner.lang !== language) void loadAnswers().then((answers) => answers.translateBanner(banner, t, language))
  banner.hidden = !due
}

/*
 * The consent UI, shown when something is due; its code comes when it is used (ADR 019, ADR 026).
 * A first visit's banner (the page's own, ConsentBannerInPage) 2 s after the page is up, and again
 * at once when the consent is reset. Its buttons are answered here; what records a choice is
 * fetched as the visitor reaches for a button (a pointer over it, a touch, focus). The rest (cookie-consent.tsx: the status card,
 * the settings dialog, the toasts of a choice) when it is used: at once when a decision in force
 * makes the status card greet the load (`remindOnLoad`), when "Cookie settings" or Customize is
 * pressed (the press is kept and answered once the code is there), after a choice made on the
 * banner, and when the consent changes from elsewhere (another tab). A staff member who decided
 * fetches nothing of it until they ask.
 */
export function ConsentWhenDue({ remindOnLoad }: { remindOnLoad: boolean }) {
  const { t, i18n } = useTranslation()
  const [bannerDue, setBannerDue] = useState(false)
  const [ui, setUi] = useState<{ greet: boolean; chosen?: { choice: BannerChoice } } | null>(null)
  useEffect(() => {
    // A new object each time: after a failed fetch, a render with the fresh lazy part tries again.
    const show = (greet: boolean) => setUi((current) => (current ? { ...current } : { greet }))
    const due = consentDueOnLoad()
    if (due === 'card' && remindOnLoad) show(true)
    // The banner's 2 s count from the page being up.
    const timer =
      due === 'banner'
        ? window.setTimeout(() => setBannerDue(consentDueOnLoad() === 'banner'), CONSENT_BANNER_DELAY_MS)
        : undefined
    const onAsked = () => show(false)
    // A choice hides the banner; a reset from anywhere (the settings dialog, the cookie policy page, another tab) asks again at once.
    const onChange = () => {
      setBannerDue(consentDueOnLoad() === 'banner')
      show(false)
    }
    // key is null when another tab cleared all storage (sign-out).
    const onStorage = (event: StorageEvent) => (event.key === null || KEYS.includes(event.key)) && onChange()
    // Its buttons, in the page's copy: their answers come as the visitor reaches for one, and a click made before they are here is answered once they are.
    const onBanner = (event: Event) => {
      const button = (event.target as Element)
        .closest?.('[data-consent-banner] [data-consent-choice]')
        ?.getAttribute('data-consent-choice') as BannerButton | undefined
      // A first visit: nothing greeted the load, so the rest comes for the choice alone.
      if (button)
        void loadAnswers().then(
          (answers) =>
            answers.answerBanner(event.type, button, (choice) => setUi({ greet: false, chosen: { choice } })),
          () => undefined,
        )
    }
    const listening = new AbortController()
    const { signal } = listening
    window.addEventListener(COOKIE_SETTINGS_EVENT, onAsked, { signal })
    window.addEventListener(CONSENT_CHANGE_EVENT, onChange, { signal })
    window.addEventListener('storage', onStorage, { signal })
    for (const type of ['pointerover', 'pointerdown', 'focusin', 'click'])
      document.addEventListener(type, onBanner, { signal })
    return () => {
      window.clearTimeout(timer)
      listening.abort()
    }
    // Once per page load: moving between screens must not greet again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  useEffect(() => showBanner(bannerDue, t, i18n.language), [bannerDue, t, i18n.language])
  return <Suspense fallback={null}>{ui ? <CookieConsent remindOnLoad={ui.greet} chosen={ui.chosen} /> : null}</Suspense>
}
