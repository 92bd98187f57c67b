import type { TFunction } from '#app/lib/translator'
import { acceptAll, declineOptional, dismissBanner } from '../consent-choices'
import { openCookieSettings } from '../open-cookie-settings'
import type { BannerButton } from './consent-banner'
import type { BannerChoice } from './cookie-consent'

/*
 * What the page's banner does (consent-when-due.tsx listens for it), fetched with what records a
 * choice as the visitor reaches for a button: the page itself carries only the listening.
 */

/** `type` is the event: a click answers the button; reaching for it (a pointer over it, a touch, focus) readies what the click needs. */
export function answerBanner(type: string, button: BannerButton, chosen: (choice: BannerChoice) => void) {
  if (button === 'customize') {
    if (type === 'click') openCookieSettings()
    else void import('./cookie-consent').then((module) => module.loadSettingsDialog())
    return
  }
  if (type !== 'click') return
  if (button === 'close') return void dismissBanner()
  if (button === 'accept') acceptAll()
  else declineOptional()
  chosen(button === 'accept' ? 'accepted' : 'declined')
}

/** The banner's words in `language`, from the catalogue keys they carry: a language switched since the page came. */
export function translateBanner(banner: HTMLElement, t: TFunction, language: string) {
  banner.lang = language
  for (const element of banner.querySelectorAll<HTMLElement>('[data-text]'))
    element.textContent = t(element.dataset.text!)
  for (const element of banner.querySelectorAll<HTMLElement>('[data-label]'))
    element.ariaLabel = t(element.dataset.label!)
}
