import { COMMENT_STATUSES } from '#db/enums/comments'
export { COMMENT_STATUSES }
/*
 * The comment form's fixed rules, without zod: the fans' pages that show the form import these,
 * and zod would add its whole library to the JavaScript every fan downloads (the fans' budget).
 */

export type CommentStatus = (typeof COMMENT_STATUSES)[number]

export const COMMENT_NAME_MAX = 100
export const COMMENT_BODY_MAX = 1000
/** What a person needs at least between opening the form and sending it; scripts post at once. */
export const COMMENT_MIN_SECONDS = 3
/** The honeypot: a field people never see, so never fill; form-filling robots do. */
export const COMMENT_HONEYPOT = 'website'
/** How many approved comments a fans' page shows (newest first). */
export const COMMENTS_SHOWN = 100

export const COMMENT_INTENT = 'comment'
