/**
 * How many cards a fans' list shows at first, and how many more each "Show more" brings: a
 * company's landing (`?galleries=`, `?events=`) and an event's page (`?items=`). A venue with
 * years of shows, or a festival with many stages and days, would otherwise send every fan
 * hundreds of cards (300 galleries and 300 events made a landing heavy to send and slow to render).
 */
export const LANDING_GALLERIES_AT_ONCE = 24
export const LANDING_EVENTS_AT_ONCE = 20
export const EVENT_ITEMS_AT_ONCE = 24
/** Beyond this a request is cut down to it: a link cannot ask the server for unbounded work. */
const MOST_SHOWN = 2400

/** How many of a section to show, from its query parameter (missing or unreadable: the first batch). */
export function shownFromQuery(value: string | null, atOnce: number) {
  const wanted = value && /^\d{1,5}$/.test(value) ? Number(value) : 0
  return Math.min(Math.max(wanted, atOnce), MOST_SHOWN)
}

/** How many galleries and events a landing's address asks for (`?galleries=48&events=40`). */
export function landingBatchesFrom(query: URLSearchParams) {
  return {
    galleriesShown: shownFromQuery(query.get('galleries'), LANDING_GALLERIES_AT_ONCE),
    eventsShown: shownFromQuery(query.get('events'), LANDING_EVENTS_AT_ONCE),
  }
}

/** How many of an event's galleries and content its address asks for (`?items=48`). */
export function eventBatchFrom(query: URLSearchParams) {
  return { itemsShown: shownFromQuery(query.get('items'), EVENT_ITEMS_AT_ONCE) }
}
