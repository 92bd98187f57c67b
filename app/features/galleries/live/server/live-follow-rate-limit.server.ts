import type { RateLimitRule } from '#app/lib/rate-limit.server'
import type { RefusalDoor } from '#app/lib/refusal-door.server'

/** Venues put thousands of phones behind one address: generous, but a script cannot flood the list. */
export const LIVE_FOLLOW_RATE_LIMIT: RateLimitRule = { bucket: 'live-follow', max: 30, windowSeconds: 60 }

/** A live gallery's address (app/routes.ts), where "send me the photos when the show ends" is posted. */
const LIVE_PAGE = /^(?:\/[^/]+)?\/galeria\/[^/]+\/live$/

/** Fans' "send me the photos" on a live gallery: the page's script asks for JSON, a browser without it posts the form. */
export const LIVE_FOLLOW_DOOR: RefusalDoor = {
  bucket: LIVE_FOLLOW_RATE_LIMIT.bucket,
  answer: 'page',
  messageKey: 'downloads.errors.tooMany',
  opens: (knock) => knock.method === 'POST' && LIVE_PAGE.test(knock.path),
}
