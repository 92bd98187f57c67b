import { isbot } from 'isbot'
import type { z } from 'zod'
import type { HostMatch } from '#app/access/resolve-host.server'
import { AppError } from '#app/lib/errors'
import type { RequestOrigin } from '#app/access/visit.server'
import { MAX_HEARTBEAT_SEGMENT_SECONDS, SERVER_EVENT_TYPES } from '../analytics-events'
import { ZEventBatch, type TBrowserEvent } from '../analytics.schema'
import { bufferEvents, type RawEvent } from './event-buffer.server'
import { findEventTargets, type CompanyTargets } from './find-event-targets.server'
import { takeEventAllowance } from './event-allowance.server'
import { visitorIdOf } from './visitor-id.server'

/*
 * `POST /api/events` (ADR 040): a batch of what a fan did on a company's pages. The batch is
 * checked whole (a malformed one is refused, nothing of it kept); then each event that names
 * something the company does not show publicly is dropped, bots are dropped, and what is left
 * waits in the buffer for the next write. Counting rules (repeats, likes) are the rollup's.
 */

export type FanRequest = { host: HostMatch; origin: RequestOrigin; visitorCookie: string | null }
export type RecordedBatch = { accepted: number; dropped: number }

/** Headless browsers and automation that `isbot` lets through. */
const HEADLESS = /headless|phantomjs|puppeteer|playwright|selenium|webdriver|electron\//i

export function isAutomated(userAgent: string | null, webdriver: boolean | undefined) {
  if (!userAgent || userAgent.length < 12) return true
  return webdriver === true || isbot(userAgent) || HEADLESS.test(userAgent)
}

/** Parses a body as sendBeacon sends it (text/plain) or as fetch does (application/json). */
export function parseEventBatch(body: string) {
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    throw new AppError('BAD_REQUEST', 'analytics.errors.notJson')
  }
  const types = (json as { events?: Array<{ type?: unknown }> } | null)?.events
  if (Array.isArray(types) && types.some((event) => (SERVER_EVENT_TYPES as readonly unknown[]).includes(event?.type))) {
    throw new AppError('BAD_REQUEST', 'analytics.errors.serverCounted')
  }
  const parsed = ZEventBatch.safeParse(json)
  if (!parsed.success)
    throw new AppError('BAD_REQUEST', 'analytics.errors.malformed', { issues: describeIssues(parsed.error) })
  return parsed.data
}

function describeIssues(error: z.ZodError) {
  return error.issues.slice(0, 5).map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`)
}

/** What the events name, to look up in one go. */
function namedIds(events: TBrowserEvent[]) {
  const items: string[] = []
  const files: string[] = []
  const shows: string[] = []
  for (const event of events) {
    if ('contentId' in event && event.contentId) items.push(event.contentId)
    if ('assetId' in event && event.assetId) files.push(event.assetId)
    if ('eventId' in event && event.eventId) shows.push(event.eventId)
  }
  return { items, files, events: shows }
}

/** The raw row of one event, or null when it names something the company does not show (or nothing it should). */
export function rowOf(
  event: TBrowserEvent,
  targets: CompanyTargets,
  base: Pick<RawEvent, 'companyId' | 'occurredAt' | 'visitor'>,
): RawEvent | null {
  const row: RawEvent = {
    ...base,
    type: event.type,
    contentItemId: null,
    assetId: null,
    eventId: null,
    detail: null,
    fromSeconds: null,
    toSeconds: null,
    durationSeconds: null,
  }
  if ('contentId' in event && event.contentId) {
    const item = targets.items.get(event.contentId)
    if (!item) return null
    row.contentItemId = item.id
    row.eventId = item.eventId
  }
  if ('assetId' in event && event.assetId) {
    const file = targets.files.get(event.assetId)
    if (!file || file.contentItemId !== row.contentItemId) return null
    row.assetId = file.id
  }
  if ('eventId' in event && event.eventId) {
    const show = targets.events.get(event.eventId)
    // An item's own event wins; an event named beside an item of another event is a mismatch.
    if (!show || (row.contentItemId && row.eventId !== show.id)) return null
    row.eventId = show.id
  }
  switch (event.type) {
    case 'page_view':
      if ((event.page === 'gallery' || event.page === 'player') !== Boolean(row.contentItemId)) return null
      if (event.page === 'event' && !row.eventId) return null
      if (event.page === 'landing' && (row.contentItemId || row.eventId)) return null
      row.detail = event.page
      return row
    case 'share':
      row.detail = event.channel
      return row
    case 'heartbeat': {
      const file = targets.files.get(event.assetId)!
      if (file.mediaType !== 'video' && file.mediaType !== 'audio') return null
      // Clipped to the file and to what 10 s of playing can cover: a forged or broken beat cannot add hours.
      const length = file.durationSeconds ?? event.to
      const from = Math.min(event.from, length)
      const to = Math.min(event.to, length, from + MAX_HEARTBEAT_SEGMENT_SECONDS)
      if (to < from) return null
      row.fromSeconds = from
      row.toSeconds = to
      row.durationSeconds = file.durationSeconds
      return row
    }
    default:
      return row
  }
}

/**
 * Takes one batch from a fan's browser: refused whole when malformed (400) or when the visitor
 * sends too much (429); otherwise each countable event is buffered and the rest dropped.
 */
export async function recordFanEvents(request: FanRequest, body: string): Promise<RecordedBatch> {
  const batch = parseEventBatch(body)
  // On a company's own address, only that company's events.
  if (request.host.kind === 'company' && request.host.company && request.host.company.id !== batch.company)
    return { accepted: 0, dropped: batch.events.length }
  if (isAutomated(request.origin.userAgent, batch.webdriver)) return { accepted: 0, dropped: batch.events.length }
  const targets = await findEventTargets(batch.company, namedIds(batch.events))
  if (!targets) return { accepted: 0, dropped: batch.events.length }
  const occurredAt = new Date()
  const visitor = await visitorIdOf(
    batch.company,
    { ...request.origin, visitorCookie: request.visitorCookie },
    occurredAt,
  )
  const allowance = takeEventAllowance(visitor, batch.events.length)
  if (!allowance.allowed)
    throw new AppError('RATE_LIMITED', 'analytics.errors.tooMany', { retryAfterSeconds: allowance.retryAfterSeconds })
  const rows: RawEvent[] = []
  for (const event of batch.events) {
    const row = rowOf(event, targets, { companyId: batch.company, occurredAt, visitor })
    if (row) rows.push(row)
  }
  if (!bufferEvents(rows)) throw new AppError('UNAVAILABLE', 'analytics.errors.busy')
  return { accepted: rows.length, dropped: batch.events.length - rows.length }
}
