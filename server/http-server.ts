import { readFileSync } from 'node:fs'
import http from 'node:http'
import { logger } from '#app/lib/logger.server'

/*
 * What a burst of fans meets first, before any of the app's code: the kernel's queue of
 * connections not yet accepted, the socket limits, and the timeouts that decide how long a socket
 * is held. Right after a show a thousand fans or more open the same page within a second; each
 * setting here is chosen so that they wait in a queue rather than being refused (see
 * docs/architecture/deployment.md, "When a thousand fans arrive at once").
 */

/**
 * Connections the kernel completes and queues before the process accepts them. Node asks for 511;
 * a burst of a thousand fans overflowed it, and every fan past it had their connection attempt
 * dropped and retried one, three, seven seconds later. Linux caps the figure at
 * net.core.somaxconn, so asking for the most leaves the operator's setting in charge.
 */
export const LISTEN_BACKLOG = 65_535

/**
 * How long an idle fan's connection is held for their next request: a page's photos follow it
 * within a second or two, and a socket held longer costs a descriptor and memory a burst needs.
 * A proxy in front must give up its idle connections to the app sooner (nginx's upstream
 * `keepalive_timeout`), or it may reuse one the app is closing.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 5_000

/**
 * How long a client may take to send its request's headers. Node allows 60 s: a client sending
 * them a byte at a time holds its socket that long, and under a burst sockets are what fans
 * wait for. A fan's browser sends them in one packet. (Bodies are not bounded here: a 64 MB
 * upload chunk on a slow line takes minutes; Node's requestTimeout of 300 s stays.)
 */
export const HEADERS_TIMEOUT_MS = 20_000

/** The soft open-file limit of this process (`ulimit -n`), from Linux's /proc; null elsewhere. */
export function openFileLimit(limits = readProcLimits()): number | null {
  const line = limits?.split('\n').find((entry) => entry.startsWith('Max open files'))
  const soft = line?.trim().split(/\s{2,}/)[1]
  if (soft === undefined) return null
  if (soft === 'unlimited') return Number.POSITIVE_INFINITY
  const value = Number(soft)
  return Number.isFinite(value) && value > 0 ? value : null
}

function readProcLimits() {
  try {
    return readFileSync('/proc/self/limits', 'utf8')
  } catch {
    return null
  }
}

/**
 * The most connections the server holds at once: what the open-file limit leaves after the
 * files, database connections and uploads the process itself needs. Past the limit without it,
 * accepting fails with EMFILE, and so does every file the app then opens (a photo, a database
 * connection): one refused connection is the lesser harm. Null when the limit is unknown or
 * unlimited: nothing to keep below.
 */
export function connectionLimit(openFiles: number | null) {
  if (openFiles === null || !Number.isFinite(openFiles)) return null
  const reserved = Math.max(128, Math.ceil(openFiles * 0.1))
  return Math.max(64, openFiles - reserved)
}

/** The web process's HTTP server, set for bursts (see above). */
export function createHttpServer(listener: http.RequestListener) {
  const server = http.createServer(
    { keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS, headersTimeout: HEADERS_TIMEOUT_MS },
    listener,
  )
  const openFiles = openFileLimit()
  const limit = connectionLimit(openFiles)
  if (limit !== null) server.maxConnections = limit
  let warnedAt = 0
  // Node closes a connection past maxConnections before anyone sees it: said, at most once a
  // minute, so that an operator learns the open-file limit is what refused fans.
  server.on('drop', () => {
    const now = Date.now()
    if (now - warnedAt < 60_000) return
    warnedAt = now
    logger.warn(
      { maxConnections: limit, openFiles },
      'connections refused: the server holds as many as its open-file limit allows (raise ulimit -n)',
    )
  })
  return server
}

/** Listens on `port` with the burst's backlog (see LISTEN_BACKLOG). */
export function listenForBursts(server: http.Server, port: number, onListening: () => void) {
  return server.listen({ port, backlog: LISTEN_BACKLOG }, onListening)
}
