import type { ErrorRequestHandler } from 'express'
import { isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER_SECONDS } from '#app/lib/errors'
import { getFixedT } from '#app/lib/i18n.server'
import { logger } from '#app/lib/logger.server'
import { fixedPage } from './fixed-page'
import { visitorLanguage } from './visitor-language'

/*
 * The last answer of a request whose middleware failed before React Router could draw its error
 * screen (the page cache's version read, the host's company, the session): small and fixed, never
 * a stack. The database away for a moment (a restart, a failover) is a 503 with Retry-After in
 * the visitor's language: what they see is "try again shortly", and caches and load balancers
 * hear the same. Anything else is a 500, logged.
 */
export function answerFailures(): ErrorRequestHandler {
  return (error, req, res, _next) => {
    // Partly answered already: the connection is cut, as Express's own handler would, but the
    // error is logged as one line with the request's id instead of a bare stack.
    if (res.headersSent) {
      logger.error({ err: error, path: req.path }, 'request failed after its answer began')
      return void req.socket.destroy()
    }
    const unavailable = isDatabaseUnavailable(error)
    if (unavailable) logger.warn({ err: error, path: req.path }, 'the database is out of reach: answered 503')
    else logger.error({ err: error, path: req.path }, 'request failed before its page')
    const status = unavailable ? 503 : 500
    if (unavailable) res.setHeader('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
    res.setHeader('Cache-Control', 'no-store')
    const language = visitorLanguage(req)
    const t = getFixedT(language)
    const title = unavailable ? t('errors.unavailableForNow') : t('errors.generic')
    const message = unavailable ? t('errors.retrySoon') : ''
    if (req.path.startsWith('/api/')) {
      res.status(status).type('application/problem+json')
      return void res.send(
        JSON.stringify({ type: 'about:blank', title, status, ...(message ? { detail: message } : {}) }),
      )
    }
    res
      .status(status)
      .type('html')
      .send(fixedPage({ language, status, title, message, tryAgain: { href: '', label: t('errors.tryAgain') } }))
  }
}
