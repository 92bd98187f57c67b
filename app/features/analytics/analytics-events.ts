/*
 * The analytics events' names and limits, without zod: fans' pages import these (track.ts,
 * use-fan-tracking.ts) and must not carry the validator (ADR 025). The schema is analytics.schema.ts.
 */

import { BROWSER_EVENT_TYPES, EVENT_TYPES, SERVER_EVENT_TYPES } from '#db/enums/analytics'

export { BROWSER_EVENT_TYPES, EVENT_TYPES, SERVER_EVENT_TYPES }
export type EventType = (typeof EVENT_TYPES)[number]

export const PAGE_KINDS = ['landing', 'event', 'gallery', 'player'] as const
export type PageKind = (typeof PAGE_KINDS)[number]
/** The share menu's ways out (share-menu-panel.tsx), plus the phone's own share sheet. */
export const SHARE_CHANNELS = ['native', 'copy', 'whatsapp', 'facebook', 'x', 'email', 'qr'] as const
export type ShareChannel = (typeof SHARE_CHANNELS)[number]
export const HEARTBEAT_REASONS = ['tick', 'pause', 'end', 'seek', 'pagehide'] as const
export const DOWNLOAD_KINDS = ['file', 'zip'] as const
/**
 * A download's `detail`: its kind, and for a set-list chapter's ZIP the song after this prefix
 * (its start on the venue's clock, or `more`), so each song counts its own (ADR 063).
 */
export const CHAPTER_ZIP_PREFIX = 'zip:'
export function downloadDetail(kind: (typeof DOWNLOAD_KINDS)[number], song?: string | null) {
  return kind === 'zip' && song ? `${CHAPTER_ZIP_PREFIX}${song}` : kind
}
/** The funnel's steps in order (ADR 046): a visitor viewed, left details, downloaded, shared. */
export const FUNNEL_STEPS = ['view', 'lead', 'download', 'share'] as const
export type FunnelStep = (typeof FUNNEL_STEPS)[number]

// What the page's sender (track.ts) needs, apart: every fans' page carries it, not these lists.
export { MAX_EVENTS_PER_BATCH, VISITOR_COOKIE, VISITOR_COOKIE_MONTHS } from './analytics-sender'
/** Largest body read (a full batch is far below it). */
export const MAX_BATCH_BYTES = 64 * 1024
/** Heartbeats come every 10 s; at up to 2× speed with a late timer a segment stays below this. */
export const MAX_HEARTBEAT_SEGMENT_SECONDS = 25
/** A visitor's repeated view of the same thing within this counts once. */
export const REPEAT_VIEW_WINDOW_MINUTES = 30
/** The 2-second slices of a video's timeline the heatmap counts. */
export const HEATMAP_BUCKET_SECONDS = 2

export const VISITOR_COOKIE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/
