/** Any "Cookie settings" link opens the consent dialog through this event, so pages need not import the dialog. */
export const COOKIE_SETTINGS_EVENT = 'afterglow:cookie-settings'

// The consent UI is fetched when due (consent-when-due.tsx): a press before it listens waits for it.
let unheard = false

export function openCookieSettings() {
  unheard = true
  window.dispatchEvent(new Event(COOKIE_SETTINGS_EVENT))
}

/** Whether a "Cookie settings" link was pressed that no one has answered yet; answers once. */
export function takeCookieSettingsRequest() {
  const pressed = unheard
  unheard = false
  return pressed
}
