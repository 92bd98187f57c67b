import { getDb } from '#app/lib/db.server'
import { getRequestLanguage } from '#app/lib/i18n.server'
import { clientAddress } from '#app/lib/rate-limit.server'
import type { SiteContext } from './context'

/** The context of a request to the platform's own site: the visitor's language and address, and the site's tables. */
export function siteVisitorOf(request: Request): SiteContext {
  return {
    language: getRequestLanguage(request),
    clientAddress: clientAddress(request),
    siteRecords: (work) => work(getDb()),
  }
}
