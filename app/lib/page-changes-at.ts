/*
 * A fans' page that changes by itself at a known time, with no edit to say so: a gallery past its
 * end leaves the landing and event pages that list it, and its own page answers that it has
 * ended. The render says when, in this header, and the page cache (server/public-page-cache.ts)
 * keeps the page no longer than that; the header itself is not sent on.
 */
export const CHANGES_AT_HEADER = 'X-Afterglow-Changes-At'

/** The header for the soonest of `times` still to come, if any (for a loader's `data(…, { headers })`). */
export function changesAtHeaders(times: ReadonlyArray<Date | string | null | undefined>, now = Date.now()) {
  const soonest = Math.min(
    ...times.map((time) => (time ? new Date(time).getTime() : Number.NaN)).filter((time) => time > now),
  )
  return Number.isFinite(soonest) ? { [CHANGES_AT_HEADER]: String(soonest) } : undefined
}

/** Passes the loader's header on to the page's response (for a route's `headers` export). */
export function changesAtOf(loaderHeaders: Headers): Record<string, string> {
  const value = loaderHeaders.get(CHANGES_AT_HEADER)
  return value ? { [CHANGES_AT_HEADER]: value } : {}
}
