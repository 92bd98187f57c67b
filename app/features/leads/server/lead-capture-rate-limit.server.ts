import type { RateLimitRule } from '#app/lib/rate-limit.server'
import type { RefusalDoor } from '#app/lib/refusal-door.server'

/**
 * Fans' details left before a download, per address. Venues put thousands of phones behind one
 * address: generous, but a script cannot flood the company's list. Read by the lead form's action
 * and, for refusals already decided, by the server before the form is read (server/cheap-refusals.ts).
 */
export const LEAD_CAPTURE_RATE_LIMIT: RateLimitRule = { bucket: 'lead-capture', max: 30, windowSeconds: 60 }

/** The lead form's address (app/routes.ts), as a browser without JavaScript posts to it. */
export const LEAD_FORM_PATH = '/download/lead'

/** Posts to the lead form, the page's and the dialog's alike. */
export const LEAD_FORM_DOOR: RefusalDoor = {
  bucket: LEAD_CAPTURE_RATE_LIMIT.bucket,
  answer: 'page',
  messageKey: 'downloads.errors.tooMany',
  opens: (knock) => knock.method === 'POST' && knock.path === LEAD_FORM_PATH,
}
