import type { RequestOrigin } from '#app/access/visit.server'
import { logger } from '#app/lib/logger.server'
import { downloadDetail, VISITOR_COOKIE } from '../analytics-events'
import type { ServerEvent } from '../analytics.schema'
import { bufferEvents } from './event-buffer.server'
import { findEventTargets } from './find-event-targets.server'
import { isAutomated } from './record-fan-events.server'
import { visitorIdOf } from './visitor-id.server'

/**
 * What the server itself saw a fan do (a download it served, a lead or a comment it stored), into
 * the same pipeline as the browser's events. Never fails its caller: counting is not the fan's errand.
 */
export async function recordServerEvent(
  companyId: string,
  visit: { origin: RequestOrigin; cookies: ReadonlyMap<string, string> },
  event: ServerEvent,
) {
  try {
    if (isAutomated(visit.origin.userAgent, undefined)) return false
    const targets = await findEventTargets(companyId, {
      items: event.contentId ? [event.contentId] : [],
      files: [],
      events: 'eventId' in event && event.eventId ? [event.eventId] : [],
    })
    if (!targets) return false
    const item = event.contentId ? targets.items.get(event.contentId) : null
    const show = 'eventId' in event && event.eventId ? targets.events.get(event.eventId) : null
    const occurredAt = new Date()
    const visitor = await visitorIdOf(
      companyId,
      { ...visit.origin, visitorCookie: visit.cookies.get(VISITOR_COOKIE) ?? null },
      occurredAt,
    )
    return bufferEvents([
      {
        companyId,
        occurredAt,
        type: event.type,
        visitor,
        contentItemId: event.contentId,
        assetId: event.type === 'download' ? event.assetId : null,
        eventId: item?.eventId ?? show?.id ?? null,
        detail: event.type === 'download' ? downloadDetail(event.kind, event.song) : null,
        fromSeconds: null,
        toSeconds: null,
        durationSeconds: null,
      },
    ])
  } catch (error) {
    logger.warn({ err: error, companyId, type: event.type }, 'a fan event was not counted')
    return false
  }
}
