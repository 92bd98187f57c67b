import { digestOf, type RefusalDoor } from '#app/lib/refusal-door.server'

export const FAN_EVENTS_PATH = '/api/events'

/**
 * Fans' event batches (POST /api/events). The allowance is per visitor id (event-allowance.server.ts),
 * made from the company named in the body; the door counts by what makes that id before the body
 * (address, browser, cookies), which is never coarser: a flooding page is answered unread, a fan
 * beside it at the same venue is not.
 */
export const FAN_EVENTS_DOOR: RefusalDoor = {
  bucket: 'analytics-events',
  answer: 'problem',
  messageKey: 'analytics.errors.tooMany',
  opens: (knock) => knock.method === 'POST' && knock.path === FAN_EVENTS_PATH,
  keyOf: (knock) => digestOf(`${knock.address}\u0000${knock.header('user-agent')}\u0000${knock.header('cookie')}`),
}
