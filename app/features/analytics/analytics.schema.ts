import { z } from 'zod'
import {
  HEARTBEAT_REASONS,
  MAX_EVENTS_PER_BATCH,
  PAGE_KINDS,
  SHARE_CHANNELS,
  type DOWNLOAD_KINDS,
} from './analytics-events'

/*
 * What fans' pages tell the platform they did (`POST /api/events`, ADR 040). One batch of events
 * per request; the server decides who the visitor is, when it happened and whether it counts.
 */

const id = z.uuid()
// Positions are checked against the file's real length on the server (clipped, not refused).
const seconds = z.number().finite().min(0).max(10_000_000)

export const ZBrowserEvent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('page_view'),
    page: z.enum(PAGE_KINDS),
    contentId: id.optional(),
    eventId: id.optional(),
  }),
  z.object({ type: z.literal('item_view'), contentId: id, assetId: id.optional() }),
  z.object({ type: z.literal('like'), contentId: id, assetId: id.optional() }),
  z.object({ type: z.literal('unlike'), contentId: id, assetId: id.optional() }),
  z.object({
    type: z.literal('share'),
    channel: z.enum(SHARE_CHANNELS),
    contentId: id.optional(),
    assetId: id.optional(),
    eventId: id.optional(),
  }),
  z.object({
    type: z.literal('heartbeat'),
    contentId: id,
    assetId: id,
    from: seconds,
    to: seconds,
    reason: z.enum(HEARTBEAT_REASONS).default('tick'),
  }),
])
export type TBrowserEvent = z.infer<typeof ZBrowserEvent>

export const ZEventBatch = z.object({
  /** The company whose page sent it (its id, as the page has it). */
  company: z.string().min(1).max(64),
  /** `navigator.webdriver`: the browser says it is driven by automation. */
  webdriver: z.boolean().optional(),
  events: z.array(ZBrowserEvent).min(1).max(MAX_EVENTS_PER_BATCH),
})
export type TEventBatch = z.infer<typeof ZEventBatch>

/** What the server itself records (downloads, leads, comments), in the same pipeline. */
export type ServerEvent =
  | {
      type: 'download'
      contentId: string
      assetId: string | null
      kind: (typeof DOWNLOAD_KINDS)[number] /** a chapter's ZIP: its song (ADR 063) */
      song?: string | null
    }
  | { type: 'lead'; contentId: string | null; eventId: string | null }
  | { type: 'comment'; contentId: string | null; eventId: string | null }
