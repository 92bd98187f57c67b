import type { RateLimitRule } from '#app/lib/rate-limit.server'
import type { RefusalDoor } from '#app/lib/refusal-door.server'
import { FIND_ME_SEARCHES } from '../find-me'

/** Fans' Find me searches, per address: each reads a selfie's faces, a second of a core at most. */
export const FIND_ME_RATE_LIMIT: RateLimitRule = { bucket: 'find-me', ...FIND_ME_SEARCHES }

/** A gallery's Find me address (app/routes.ts), on the company's path or its own host. */
const FIND_ME_PATH = /^(?:\/[^/]+)?\/galeria\/[^/]+\/find-me$/

/** A search posted by the dialog's script (or a script of a company's own), refused before its selfie is read. */
export const FIND_ME_DOOR: RefusalDoor = {
  bucket: FIND_ME_RATE_LIMIT.bucket,
  answer: 'problem',
  messageKey: 'findMe.errors.tooMany',
  opens: (knock) => knock.method === 'POST' && FIND_ME_PATH.test(knock.path),
}
