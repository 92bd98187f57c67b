import type { IncomingMessage } from 'node:http'
import { detectLanguage, type Language } from '#app/lib/i18n'
import { getFixedT } from '#app/lib/i18n.server'

/** The visitor's language for what the server answers itself (their language cookie, else Accept-Language), as pages read it. */
export function visitorLanguage(req: Pick<IncomingMessage, 'headers'>): Language {
  return detectLanguage({
    headers: new Headers({ cookie: req.headers.cookie ?? '', 'accept-language': req.headers['accept-language'] ?? '' }),
  })
}

/** The texts of the visitor's language (visitorLanguage). */
export function visitorTexts(req: Pick<IncomingMessage, 'headers'>) {
  return getFixedT(visitorLanguage(req))
}
