import type { IncomingMessage, ServerResponse } from 'node:http'
import type { RequestHandler } from 'express'
import { AUTH_DOOR } from '#app/access/auth-door.server'
import { API_KEY_DOOR } from '#app/features/api/server/api-key-door.server'
import { PROBLEM_CONTENT_TYPE, problemOf } from '#app/features/api/server/problem-details.server'
import { COMMENT_DOOR } from '#app/features/galleries/comments/server/comment-rate-limit.server'
import { DOWNLOAD_PIN_DOOR, GALLERY_PASSWORD_DOOR } from '#app/features/galleries/protection/server/unlock-doors.server'
import { FIND_ME_DOOR } from '#app/features/faces/server/find-me-rate-limit.server'
import { LIVE_FOLLOW_DOOR } from '#app/features/galleries/live/server/live-follow-rate-limit.server'
import { LEAD_FORM_DOOR } from '#app/features/leads/server/lead-capture-rate-limit.server'
import { MARKETING_FORM_DOOR } from '#app/features/marketing/server/marketing-form-rate-limit.server'
import { CLIENT_IP_HEADER } from '#app/lib/client-ip'
import { AppError } from '#app/lib/errors'
import { countRefusal } from '#app/lib/metrics.server'
import type { Language } from '#app/lib/i18n'
import { getFixedT } from '#app/lib/i18n.server'
import { firstRefusal, knockOf, refusalParams, type Knock, type RefusalDoor } from '#app/lib/refusal-door.server'
import { fixedPage } from './fixed-page'
import { visitorLanguage } from './visitor-language'
import { nameRoute } from './request-log'

/*
 * Attempts an earlier one already got refused for, answered here before their body is read, their
 * page, gallery or key looked up, or a page rendered: a small fixed answer with Retry-After, in the
 * visitor's language. Rendering the whole page for each refusal cost fans most of the site's
 * throughput. Each rate limit declares its door beside its rule (refusal-door.server.ts); fans'
 * events are refused by the same code ahead of the stack (fan-events.ts).
 *
 * A form's script posts to the `.data` address (or asks for JSON) and waits for the route's own
 * answer, which its action gives from the same door before it reads anything: no render is
 * involved there.
 */

/** Every rate limit a request reaches through the page stack. */
export const REFUSAL_DOORS: readonly RefusalDoor[] = [
  LEAD_FORM_DOOR,
  COMMENT_DOOR,
  MARKETING_FORM_DOOR,
  GALLERY_PASSWORD_DOOR,
  DOWNLOAD_PIN_DOOR,
  LIVE_FOLLOW_DOOR,
  FIND_ME_DOOR,
  AUTH_DOOR,
  API_KEY_DOOR,
]

/** What Node's request says before its body: the address is the one the app put on it (CLIENT_IP_HEADER). */
export function knockOfNode(req: IncomingMessage & { originalUrl?: string }, address: string): Knock {
  const header = (name: string) => {
    const value = req.headers[name]
    return Array.isArray(value) ? value.join(', ') : (value ?? '')
  }
  return knockOf({
    method: req.method ?? 'GET',
    host: header('host'),
    url: req.originalUrl ?? req.url ?? '/',
    address,
    header,
  })
}

type Refusal = { contentType: string; body: string }

/**
 * Answers made, by door, language, wait and address: a flood repeats one request, and making its
 * answer (the texts, the problem's error, the page) cost more than sending it. Bounded: a flood
 * of many addresses or waits empties it and starts again.
 */
const made = new Map<string, Refusal>()
const MAX_MADE = 1_000

function refusalOf(door: RefusalDoor, language: Language, seconds: number, url: string): Refusal {
  const key = `${door.bucket}\u0000${language}\u0000${seconds}\u0000${url}`
  const kept = made.get(key)
  if (kept) return kept
  const t = getFixedT(language)
  const params = refusalParams(seconds)
  let refusal: Refusal
  if (door.answer === 'page') {
    refusal = {
      contentType: 'text/html; charset=utf-8',
      body: fixedPage({
        language,
        status: 429,
        title: t(door.messageKey, params),
        tryAgain: { href: url, label: t('errors.tryAgain') },
      }),
    }
  } else {
    const path = new URL(url, 'http://refusal.invalid').pathname
    const problem = problemOf({ path, language }, new AppError('RATE_LIMITED', door.messageKey, params))
    refusal = { contentType: PROBLEM_CONTENT_TYPE, body: JSON.stringify(problem.body) }
  }
  if (made.size >= MAX_MADE) made.clear()
  made.set(key, refusal)
  return refusal
}

/**
 * The refusal as the door answers it. The body is left unread; the answer's end waits for it to
 * have arrived, so that no byte of the answer is lost (answer-after-body.ts).
 */
export function answerRefusal(
  req: IncomingMessage & { originalUrl?: string },
  res: ServerResponse,
  door: RefusalDoor,
  seconds: number,
) {
  const language = visitorLanguage(req)
  const { contentType, body } = refusalOf(door, language, seconds, req.originalUrl ?? req.url ?? '/')
  nameRoute(res, 'rate-limit refusal')
  res.statusCode = 429
  res.setHeader('Retry-After', String(seconds))
  res.setHeader('Cache-Control', 'no-store')
  res.setHeader('Content-Language', language)
  res.setHeader('Content-Type', contentType)
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.setHeader('Content-Length', Buffer.byteLength(body))
  res.end(body)
}

export function cheapRefusals(doors: readonly RefusalDoor[] = REFUSAL_DOORS): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'POST' && !req.headers.authorization) return next()
    const knock = knockOfNode(req, String(req.headers[CLIENT_IP_HEADER] ?? ''))
    const refused = firstRefusal(doors, knock)
    // A script's post to a form waits for the route's own answer: its action refuses it unread.
    if (!refused || (refused.door.answer === 'page' && knock.fromScript)) return next()
    countRefusal(refused.door.bucket)
    answerRefusal(req, res, refused.door, refused.seconds)
  }
}
