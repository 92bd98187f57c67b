import { randomUUID } from 'node:crypto'
import http from 'node:http'
import type { Socket } from 'node:net'
import { performance } from 'node:perf_hooks'
import type express from 'express'
import type { ServerBuild } from 'react-router'
import { type RequestFacts, withLogContext } from '#app/lib/log-context.server'
import { accessLogger } from '#app/lib/logger.server'
import { routePatterns, routeTreeOf } from './route-patterns'

/*
 * One JSON line per request, written when its answer is done (or its client gone): its id, the
 * method, the route's pattern or the fixed name of what answered it, the status, the time from
 * its first byte read to its last written, the bytes written for it, and whom it was for (company,
 * user or API key ids, as the access module learned them). The id comes back in `X-Request-Id`,
 * and every line logged while the request is handled carries it (log-context.server.ts).
 *
 * This is the server's outermost listener, so requests answered before Express (fans' kept pages
 * and photos, live streams) are logged as the rest. Kept answers cost little more than the write
 * of their bytes: nothing here renders, matches a route or copies a header list per request
 * beyond the id's own; the route's pattern is worked out once the answer is done.
 */

const REQUEST_ID_HEADER = 'x-request-id'
/** A request id a proxy in front may hand over: visible ASCII (no quote, no backslash), at most 128 characters. */
const ACCEPTED_ID = /^[!#-[\]-~]{1,128}$/

/**
 * The request's id: the proxy's `X-Request-Id` when the proxy is trusted (TRUST_PROXY) and the id
 * is one a log line can hold as it is (see ACCEPTED_ID), else a new one. A client that is not the
 * proxy could otherwise give its requests another's id, or write whatever it likes into the log.
 */
export function requestIdOf(header: string | string[] | undefined, trusted: boolean): string {
  if (trusted && typeof header === 'string' && ACCEPTED_ID.test(header)) return header
  return randomUUID()
}

type PatternOf = (pathname: string) => string | null

type Tracked = RequestFacts & {
  start: number
  socket: Socket
  bytesAtStart: number
  req: http.IncomingMessage
  /** The React Router routes the request reached, if it did. */
  patternOf?: PatternOf
}

const TRACKED = Symbol('afterglow.requestLog')
type TrackedResponse = http.ServerResponse & { [TRACKED]?: Tracked }

/**
 * Names what answered the request, for its access line: a fixed name for answers that have no
 * route (a kept page, a refusal decided early). The last name given wins.
 */
export function nameRoute(res: http.ServerResponse, name: string) {
  const tracked = (res as TrackedResponse)[TRACKED]
  if (tracked) tracked.route = name
}

const writeHead = http.ServerResponse.prototype.writeHead

/**
 * `writeHead` with the request id among the headers. Kept answers hand Node a list of headers made
 * once for all their fans; a header set beforehand would make Node take that list apart one
 * header at a time, so the id is added to the list itself.
 */
function writeHeadWithRequestId(this: TrackedResponse, statusCode: number, reason?: unknown, headers?: unknown) {
  if (typeof reason !== 'string') {
    headers = reason
    reason = undefined
  }
  const id = this[TRACKED]?.requestId
  if (id && !this.headersSent) {
    if (Array.isArray(headers))
      headers = Array.isArray(headers[0]) ? [...headers, ['X-Request-Id', id]] : [...headers, 'X-Request-Id', id]
    else if (headers && typeof headers === 'object') headers = { ...headers, 'X-Request-Id': id }
    else this.setHeader('X-Request-Id', id)
  }
  const write = writeHead as (this: http.ServerResponse, ...args: unknown[]) => http.ServerResponse
  return reason === undefined ? write.call(this, statusCode, headers) : write.call(this, statusCode, reason, headers)
}

/** The server's listener: `listener` with each request given an id, its context and its access line. */
export function requestLog(listener: http.RequestListener, options: { trustProxy: boolean }): http.RequestListener {
  const { trustProxy } = options
  return (req, res) => {
    const socket = req.socket
    const tracked: Tracked = {
      requestId: requestIdOf(req.headers[REQUEST_ID_HEADER], trustProxy),
      route: undefined,
      companyId: undefined,
      userId: undefined,
      apiKeyId: undefined,
      start: performance.now(),
      socket,
      bytesAtStart: socket.bytesWritten ?? 0,
      req,
      patternOf: undefined,
    }
    ;(res as TrackedResponse)[TRACKED] = tracked
    res.writeHead = writeHeadWithRequestId as typeof res.writeHead
    res.on('close', logRequest)
    withLogContext(tracked, listener, req, res)
  }
}

const patternsOfBuild = new WeakMap<object, PatternOf>()

function patternsOf(build: ServerBuild) {
  let patternOf = patternsOfBuild.get(build.routes)
  if (!patternOf) {
    patternOf = routePatterns(routeTreeOf(build.routes))
    patternsOfBuild.set(build.routes, patternOf)
  }
  return patternOf
}

/**
 * Ahead of React Router's handler: the request's route pattern will be the one of the route its
 * path reaches (route-patterns.ts), worked out when its line is written.
 */
export function reactRouterRouteNames(build: ServerBuild | (() => Promise<ServerBuild>)): express.RequestHandler {
  if (typeof build !== 'function') {
    const patternOf = patternsOf(build)
    return (_req, res, next) => {
      const tracked = (res as TrackedResponse)[TRACKED]
      if (tracked) tracked.patternOf = patternOf
      next()
    }
  }
  // Development: the build changes with each edit, and is asked for on each request.
  return (_req, res, next) => {
    build().then((current) => {
      const tracked = (res as TrackedResponse)[TRACKED]
      if (tracked) tracked.patternOf = patternsOf(current)
      next()
    }, next)
  }
}

/** The pattern of an Express route the request took (`app.get('/api/health/live', …)`). */
function expressRouteOf(req: http.IncomingMessage & { route?: { path?: unknown }; path?: string }) {
  const path = req.route?.path
  if (typeof path === 'string') return path
  if (Array.isArray(path)) return path.includes(req.path) ? req.path : path.join(' | ')
  return path instanceof RegExp ? String(path) : null
}

/** React Router's route for a path: a data request (`/page.data`, `/_root.data`) is named by its page's route. */
function reactRouterRouteOf(pathname: string, patternOf: PatternOf) {
  if (pathname === '/_root.data') return '/_root.data'
  if (pathname.endsWith('.data')) {
    const page = patternOf(pathname.slice(0, -'.data'.length))
    return page ? `${page}.data` : null
  }
  return patternOf(pathname)
}

function routeOf(tracked: Tracked) {
  if (tracked.route) return tracked.route
  const req = tracked.req as http.IncomingMessage & { route?: { path?: unknown }; path?: string }
  const expressRoute = expressRouteOf(req)
  if (expressRoute) return expressRoute
  if (tracked.patternOf) {
    const url = req.url ?? '/'
    const mark = url.indexOf('?')
    return reactRouterRouteOf(mark < 0 ? url : url.slice(0, mark), tracked.patternOf) ?? 'no route'
  }
  return 'unnamed'
}

const HEALTH = /^\/api\/health(\/|$)/

function logRequest(this: TrackedResponse) {
  const tracked = this[TRACKED]
  if (!tracked) return
  const route = routeOf(tracked)
  // Nothing sent before the client went: 499, as proxies write it.
  const status = this.headersSent ? this.statusCode : 499
  const bytesNow = tracked.socket.bytesWritten
  const line = {
    requestId: tracked.requestId,
    method: tracked.req.method,
    route,
    status,
    ms: Math.round((performance.now() - tracked.start) * 10) / 10,
    bytes: bytesNow === undefined ? 0 : bytesNow - tracked.bytesAtStart,
    companyId: tracked.companyId,
    userId: tracked.userId,
    apiKeyId: tracked.apiKeyId,
    aborted: this.writableFinished ? undefined : true,
  }
  // Load balancers ask for health every few seconds: a healthy answer is not news.
  if (status < 400 && HEALTH.test(route)) accessLogger.debug(line, 'request')
  else if (status >= 500) accessLogger.warn(line, 'request')
  else accessLogger.info(line, 'request')
}

/**
 * The line of a request Node's parser refused before it became one (an unknown method such as
 * BREW, a header too large): answered by the server's `clientError` listener (known-methods.ts).
 */
export function logParserRefusal(status: number, bytes: number) {
  accessLogger.info(
    { requestId: randomUUID(), method: null, route: 'refused by the HTTP parser', status, ms: 0, bytes },
    'request',
  )
}
