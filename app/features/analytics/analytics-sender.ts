/*
 * What the browser's sender of analytics events (track.ts) and the server agree on, apart from the
 * event lists of analytics-events.ts (which re-exports these): every fans' page loads the sender.
 */

/** Most events one request may carry: a page's worth of a fan's activity, sent on `pagehide`. */
export const MAX_EVENTS_PER_BATCH = 100

/** Name of the visitor cookie kept only with analytics consent (see track.ts). */
export const VISITOR_COOKIE = 'ag_vid'
/** How long that cookie lasts: the cookie policy states it. */
export const VISITOR_COOKIE_MONTHS = 13
