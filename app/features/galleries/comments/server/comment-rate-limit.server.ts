import type { RateLimitRule } from '#app/lib/rate-limit.server'
import type { RefusalDoor } from '#app/lib/refusal-door.server'
import { COMMENT_INTENT } from '../comment-rules'

/** A person writes a few comments at most; a venue's shared address still leaves room for many. */
export const COMMENT_RATE_LIMIT: RateLimitRule = { bucket: 'comments', max: 20, windowSeconds: 10 * 60 }

/** The pages comments are posted to (app/routes.ts): a gallery and a player, with or without the company's segment. */
const COMMENTED_PAGE = /^(?:\/[^/]+)?\/(?:galeria|player)\/[^/]+$/

/**
 * Comments arrive at their page's own action, which also counts views. A page posted by the
 * browser itself (no script) is only ever the comment form; the script's posts say they are a
 * comment in the address (`?intent=comment`, the form's action), so a view is never refused with them.
 */
export const COMMENT_DOOR: RefusalDoor = {
  bucket: COMMENT_RATE_LIMIT.bucket,
  answer: 'page',
  messageKey: 'comments.errors.tooMany',
  opens: (knock) =>
    knock.method === 'POST' &&
    COMMENTED_PAGE.test(knock.path) &&
    (!knock.fromScript || knock.search.get('intent') === COMMENT_INTENT),
}
