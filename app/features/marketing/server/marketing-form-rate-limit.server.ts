import type { RateLimitRule } from '#app/lib/rate-limit.server'
import type { RefusalDoor } from '#app/lib/refusal-door.server'

/** All three forms share one budget per visitor: enough for a person, too little for a spam run. */
export const MARKETING_FORM_RATE_LIMIT: RateLimitRule = { bucket: 'marketing-forms', max: 5, windowSeconds: 10 * 60 }

/** The interest, newsletter and contact forms all post to the site's home page (one action, `kind` says which). */
export const MARKETING_FORM_DOOR: RefusalDoor = {
  bucket: MARKETING_FORM_RATE_LIMIT.bucket,
  answer: 'page',
  messageKey: 'home.forms.rateLimited',
  opens: (knock) => knock.method === 'POST' && knock.path === '/',
}
