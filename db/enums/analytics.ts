/*
 * Value lists of analytics (app/features/analytics) that the database constrains its columns
 * to (db/schema.ts): the app reads the same lists, so what it writes and what the database
 * accepts cannot drift apart. Plain arrays, one file a domain: fans' pages may import them.
 */

/** Kinds of event the browser reports. */
export const BROWSER_EVENT_TYPES = ['page_view', 'item_view', 'like', 'unlike', 'share', 'heartbeat'] as const
/** Kinds the server records where they happen (a real download, a lead, a comment), so a browser cannot forge them. */
export const SERVER_EVENT_TYPES = ['download', 'lead', 'comment'] as const
export const EVENT_TYPES = [...BROWSER_EVENT_TYPES, ...SERVER_EVENT_TYPES] as const
