import { recordFanEvents } from '#app/features/analytics/server/record-fan-events.server'
import { MAX_BATCH_BYTES, VISITOR_COOKIE } from '#app/features/analytics/analytics-events'
import { AppError } from '#app/lib/errors'
import { getRequestT } from '#app/lib/i18n.server'
import { readCookies, requestHost, requestOrigin } from '#app/lib/visit.server'
import type { Route } from './+types/events'

const NO_STORE = { 'Cache-Control': 'no-store' }

/**
 * POST /api/events: fans' pages report what fans did, in batches (ADR 040). JSON or text/plain
 * (what `navigator.sendBeacon` sends with a string); 202 once taken, whatever of it counts.
 */
export async function action({ request }: Route.ActionArgs) {
  const t = getRequestT(request)
  try {
    if (request.method !== 'POST') throw new AppError('BAD_REQUEST', 'analytics.errors.method')
    const length = Number(request.headers.get('content-length') ?? 0)
    if (length > MAX_BATCH_BYTES) throw new AppError('BAD_REQUEST', 'analytics.errors.tooLarge')
    const body = await request.text()
    if (body.length > MAX_BATCH_BYTES) throw new AppError('BAD_REQUEST', 'analytics.errors.tooLarge')
    const result = await recordFanEvents({ host: await requestHost(request), origin: requestOrigin(request), visitorCookie: readCookies(request.headers.get('cookie')).get(VISITOR_COOKIE) ?? null }, body)
    return Response.json(result, { status: 202, headers: NO_STORE })
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    const headers: Record<string, string> = { ...NO_STORE }
    if (typeof error.details.retryAfterSeconds === 'number') headers['Retry-After'] = String(error.details.retryAfterSeconds)
    return Response.json({ error: error.code, messageKey: error.messageKey, message: t(error.messageKey), ...(error.details.issues ? { issues: error.details.issues } : {}) }, { status: error.status, headers })
  }
}

export function loader() {
  return Response.json({ error: 'BAD_REQUEST', message: 'POST a batch of events here.' }, { status: 405, headers: { ...NO_STORE, Allow: 'POST' } })
}
