import type { Request, Response } from 'express'
import { MAX_BATCH_BYTES, VISITOR_COOKIE } from '#app/features/analytics/analytics-events'
import { recordFanEvents } from '#app/features/analytics/server/record-fan-events.server'
import { resolveHost } from '#app/access/resolve-host.server'
import { AppError, isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER_SECONDS } from '#app/lib/errors'
import { logger } from '#app/lib/logger.server'
import { countRefusal } from '#app/lib/metrics.server'
import { readCookies } from '#app/access/visit.server'
import { FAN_EVENTS_DOOR } from '#app/features/analytics/server/event-door.server'
import { refusalAt, rememberAt } from '#app/lib/refusal-door.server'
import { answerRefusal, knockOfNode } from './cheap-refusals'
import { visitorTexts } from './visitor-language'

/*
 * POST /api/events (ADR 040): fans' pages report what fans do, in batches, JSON or text/plain
 * (what `navigator.sendBeacon` sends with a string). Answered here, ahead of the page stack, as
 * the TLS ask and the fans' files are: the endpoint takes thousands of events a second and needs
 * none of what pages need (rendering, nonces, sessions). It reads no session and changes nothing
 * a visitor owns, so a request from another site is no forgery: it counts as any visit would.
 */

const HEADERS = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' }

async function readBody(req: Request) {
  let size = 0
  const chunks: Buffer[] = []
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_BATCH_BYTES) throw new AppError('BAD_REQUEST', 'analytics.errors.tooLarge')
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}

export function fanEvents() {
  return async (req: Request, res: Response) => {
    // A page past its allowance is answered before its batch is read (cheap-refusals.ts).
    const knock = knockOfNode(req, req.ip ?? req.socket.remoteAddress ?? '')
    const refused = refusalAt(FAN_EVENTS_DOOR, knock)
    if (refused) return answerRefusal(req, res, FAN_EVENTS_DOOR, refused)
    res.set(HEADERS)
    try {
      if (Number(req.get('content-length') ?? 0) > MAX_BATCH_BYTES)
        throw new AppError('BAD_REQUEST', 'analytics.errors.tooLarge')
      const body = await readBody(req)
      const result = await recordFanEvents(
        {
          host: await resolveHost(req.get('host') ?? ''),
          origin: {
            ipAddress: req.ip ?? req.socket.remoteAddress ?? null,
            userAgent: req.get('user-agent')?.slice(0, 500) || null,
          },
          visitorCookie: readCookies(req.get('cookie')).get(VISITOR_COOKIE) ?? null,
        },
        body,
      )
      res.status(202).json(result)
    } catch (error) {
      if (!(error instanceof AppError) && isDatabaseUnavailable(error)) {
        logger.warn({ err: error }, 'analytics events not taken: the database is out of reach')
        res.set('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
        return void res.status(503).json({ error: 'UNAVAILABLE' })
      }
      if (!(error instanceof AppError)) {
        logger.error({ err: error }, 'analytics events not taken')
        return void res.status(500).json({ error: 'INTERNAL' })
      }
      if (typeof error.details.retryAfterSeconds === 'number') {
        res.set('Retry-After', String(error.details.retryAfterSeconds))
        if (error.code === 'RATE_LIMITED') {
          rememberAt(FAN_EVENTS_DOOR, knock, error.details.retryAfterSeconds)
          countRefusal(FAN_EVENTS_DOOR.bucket)
        }
      }
      const t = visitorTexts(req)
      res.status(error.status).json({
        error: error.code,
        messageKey: error.messageKey,
        message: t(error.messageKey),
        ...(error.details.issues ? { issues: error.details.issues } : {}),
      })
    }
  }
}
