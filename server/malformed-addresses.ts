import type express from 'express'
import { PROBLEM_CONTENT_TYPE, problemOf } from '#app/features/api/server/problem-details.server'
import { AppError } from '#app/lib/errors'
import { detectLanguage } from '#app/lib/i18n'
import { nameRoute } from './request-log'

/** Where a malformed address is sent within the app: a path only the catch-all not-found route matches. */
export const MALFORMED_ADDRESS_PATH = '/-/-/-/-/malformed-address'

// NUL and the other C0 controls (and DEL) name nothing: no slug, id or search contains them, and
// PostgreSQL refuses NUL in text, which would answer 500.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/
// In a path, tabs and line breaks too: no slug or id has one, and a splat route (`api/v1/*`)
// matches no line break, so such a path fell through to the site's not-found page.
// eslint-disable-next-line no-control-regex
const PATH_CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/

function decodes(part: string) {
  try {
    return decodeURIComponent(part)
  } catch {
    return null
  }
}

function isMalformedPart(part: string, control: RegExp) {
  if (control.test(part)) return true
  const decoded = decodes(part.replaceAll('+', ' '))
  return decoded === null || control.test(decoded)
}

/** Whether an address's path or query carries a control character, or percent-encoding that decodes to nothing. */
export function isMalformedAddress(url: string) {
  const at = url.indexOf('?')
  if (at === -1) return isMalformedPart(url, PATH_CONTROL_CHARACTER)
  return (
    isMalformedPart(url.slice(0, at), PATH_CONTROL_CHARACTER) || isMalformedPart(url.slice(at + 1), CONTROL_CHARACTER)
  )
}

/**
 * The public API's callers are programs that read a problem (RFC 9457), never a page: a malformed
 * path there names nothing (404, as an id that is not an id), a malformed query is refused values
 * (400), in the caller's language like every other refusal of the API.
 */
// The public API's addresses (API_PREFIX of its router, whose imports this module does without).
const API_PATH = /^\/api\/v1(\/|$)/

function answerApiProblem(req: express.Request, res: express.Response, part: 'path' | 'query') {
  const headers = new Headers()
  for (const name of ['accept-language', 'cookie'])
    if (typeof req.headers[name] === 'string') headers.set(name, req.headers[name])
  const request = new Request(new URL(req.url, 'http://api.invalid'), { headers })
  const answer = problemOf(
    { path: new URL(request.url).pathname, language: detectLanguage(request) },
    part === 'path'
      ? new AppError('NOT_FOUND', 'api.errors.noRoute')
      : new AppError('BAD_REQUEST', 'api.errors.invalid'),
  )
  res
    .status(answer.status)
    .set({ 'Cache-Control': 'no-store', ...answer.headers, 'Content-Type': PROBLEM_CONTENT_TYPE })
    .end(JSON.stringify(answer.body))
}

/**
 * Malformed addresses are answered before any route reads their parts, once for every route:
 * they are shown the not-found page in the visitor's language (400 when only the query is
 * malformed, since the page exists), or under /api/v1 the API's problem, and the request goes
 * no further.
 */
export function malformedAddresses(): express.RequestHandler {
  return (req, res, next) => {
    if (!isMalformedAddress(req.url)) return next()
    const [path] = req.url.split('?')
    const part = isMalformedAddress(path) ? 'path' : 'query'
    nameRoute(res, 'malformed address')
    if (API_PATH.test(path)) return answerApiProblem(req, res, part)
    res.locals.malformedAddress = part
    // React Router reads the original address: both are replaced.
    req.url = MALFORMED_ADDRESS_PATH
    req.originalUrl = MALFORMED_ADDRESS_PATH
    next()
  }
}
