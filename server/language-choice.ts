import type { Request, RequestHandler } from 'express'
import { isLanguage, LANGUAGE_PARAMETER, languageCookie } from '#app/lib/i18n'
import { nameRoute } from './request-log'

/**
 * A language chosen without the page's script: JavaScript off (the switcher is a form with a
 * button of its own), or a choice made before the page has hydrated (a script the server writes
 * into the page, entry.server.tsx, asks for it until React takes over). The request is the same
 * page with `?lang=pt`: the choice goes into the language cookie, as the script would
 * put it, and the browser is sent back to the page without the parameter, so it gets the page
 * every fan in that language shares (the page cache's entry) rather than a render of its own.
 * A language the app does not have changes nothing: the page comes back as it was. Only pages
 * (a browser's request for HTML): the API and the files answer as they would.
 */
export function languageChoice(): RequestHandler {
  return (req, res, next) => {
    if (
      (req.method !== 'GET' && req.method !== 'HEAD') ||
      !req.url.includes(`${LANGUAGE_PARAMETER}=`) ||
      !asksForAPage(req)
    )
      return next()
    const url = new URL(req.url, 'http://page.invalid')
    if (!url.searchParams.has(LANGUAGE_PARAMETER)) return next()
    const chosen = url.searchParams.get(LANGUAGE_PARAMETER)
    url.searchParams.delete(LANGUAGE_PARAMETER)
    if (isLanguage(chosen)) res.setHeader('Set-Cookie', languageCookie(chosen))
    res.setHeader('Cache-Control', 'no-store')
    nameRoute(res, 'language choice')
    res.redirect(303, samePageAddress(url))
  }
}

/** A browser asking for a page, as a form sends it: never a call to the API, whatever it names. */
function asksForAPage(req: Request) {
  return !req.path.startsWith('/api/') && (req.headers.accept ?? '').includes('text/html')
}

/** The page's own path and query: one leading slash, so `//host` can never name another site. */
function samePageAddress(url: URL) {
  return `/${url.pathname.replace(/^\/+/, '')}${url.search}`
}
