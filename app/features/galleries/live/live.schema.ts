import { z } from 'zod'

/*
 * Live shows (ADR 057): a gallery switched to live takes new uploads into a moderation tray and
 * sends what a manager approves to fans' open pages and the venue wall as it happens.
 */

/** Every open stream hears something this often, so proxies and phones keep it open. */
export const LIVE_PING_MS = 15_000
/** How long a browser waits before reconnecting a dropped stream. */
export const LIVE_RETRY_MS = 3_000
/** How often a page whose stream is blocked asks instead. */
export const LIVE_POLL_MS = 10_000
/** The most photos one catch-up (a resumed stream, a poll) sends; the rest follow on the next. */
export const LIVE_CATCH_UP = 100
/** The photos a wall starts with, and the most it ever keeps (its memory stays flat for hours). */
export const WALL_PHOTOS = 200

const on = z.preprocess((value) => value === true || value === 'on' || value === 'true' || value === '1', z.boolean())
const assetIds = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value),
  z.array(z.uuid()).min(1).max(500),
)

export const ZLiveAction = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('live-mode'), live: on, autoApprove: on }),
  z.object({ intent: z.literal('approve'), assetIds }),
  z.object({ intent: z.literal('reject'), assetIds }),
  z.object({ intent: z.literal('wall-link'), change: z.enum(['create', 'revoke']) }),
])
export type TLiveAction = z.infer<typeof ZLiveAction>

/** Where a stream or a poll starts: after this place in the gallery's live order. */
export const ZLiveCursor = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).catch(0)

/** The wall's secret: 32 URL-safe characters (192 bits). */
export const ZWallToken = z.string().regex(/^[A-Za-z0-9_-]{32}$/)

/** One photo as a stream event or poll carries it: its place in the live order and how fans' pages show it. */
export type LivePhoto = {
  seq: number
  media: {
    id: string
    mediaType: string
    mimeType: string
    title: string | null
    altText: string | null
    width: number
    height: number
    placeholder: string | null
    sources: Array<{ name: string; width: number }>
  }
}
