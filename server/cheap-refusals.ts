import type { RequestHandler } from 'express'
import { LEAD_CAPTURE_RATE_LIMIT, LEAD_FORM_PATH } from '#app/features/leads/server/lead-capture-rate-limit.server'
import { CLIENT_IP_HEADER } from '#app/lib/client-ip'
import { getFixedT } from '#app/lib/i18n.server'
import { refusedFor } from '#app/lib/rate-limit.server'
import { fixedPage } from './fixed-page'
import { visitorLanguage } from './visitor-language'

/*
 * A flood of posts to the lead form from an address already refused is answered here, before its
 * body is read, its gallery looked up or its page rendered: a small fixed page with Retry-After,
 * in the visitor's language. Rendering the whole page for each refusal cost fans most of the
 * site's throughput. The form's script posts to the `.data` address, whose action answers the
 * same refusal before it reads anything (refusedFor): no render is involved there.
 */
export function cheapRefusals(): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'POST' || req.path !== LEAD_FORM_PATH) return next()
    const seconds = refusedFor(LEAD_CAPTURE_RATE_LIMIT, String(req.headers[CLIENT_IP_HEADER] ?? ''))
    if (!seconds) return next()
    const language = visitorLanguage(req)
    const t = getFixedT(language)
    // The body is left unread: the connection closes after the answer (answer-after-body.ts).
    res.status(429).setHeader('Retry-After', String(seconds))
    res.setHeader('Cache-Control', 'no-store')
    res.type('html').send(
      fixedPage({
        language,
        status: 429,
        title: t('downloads.errors.tooMany'),
        tryAgain: { href: req.originalUrl, label: t('errors.tryAgain') },
      }),
    )
  }
}
