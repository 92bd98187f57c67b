/** Any "Cookie settings" link opens the consent dialog through this event, so pages need not import the dialog. */
export const COOKIE_SETTINGS_EVENT = 'afterglow:cookie-settings'

export function openCookieSettings() {
  window.dispatchEvent(new Event(COOKIE_SETTINGS_EVENT))
}
