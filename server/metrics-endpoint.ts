import type http from 'node:http'
import type { Request, Response } from 'express'
import { isOperatorsMonitoring } from '#app/access/monitoring-token.server'
import { waitingEvents } from '#app/features/analytics/server/event-buffer.server'
import { checkReadiness } from '#app/features/health/server/check-health.server'
import { checkDiskRoom } from '#app/features/media/server/check-disk-room.server'
import { readQueueFigures } from '#app/jobs/queue.server'
import { isOpenEventStream } from '#app/lib/event-stream.server'
import { logger } from '#app/lib/logger.server'
import { getStorage } from '#app/lib/storage.server'
import { observeRequest, readAtScrape, scrapeMetrics, startProcessMetrics } from '#app/lib/metrics.server'
import { isCompanyHost, requestKindOf } from './request-kind'
import { isLocalRequest } from './security'

/*
 * GET /metrics, Prometheus's text format (ADR 090): for a scraper on this machine, or anywhere
 * with `Authorization: Bearer <METRICS_TOKEN>`. What it says (queue depths, pool use, traffic by
 * kind) maps the platform's load, so a visitor the proxy in front passes on is refused as any
 * other: a request from loopback carrying X-Forwarded-For or Forwarded came through a proxy.
 */

export type MetricsAccess = 'allowed' | 'unauthorized' | 'forbidden'

/** Who may scrape: this machine itself, or the operator's monitoring (its token); 401 without a token, 403 with a wrong one. */
export function metricsAccessOf(
  address: string | undefined,
  headers: http.IncomingHttpHeaders,
  token: string | undefined,
): MetricsAccess {
  if (isOperatorsMonitoring(headers.authorization, token)) return 'allowed'
  if (isLocalRequest(address, headers)) return 'allowed'
  return headers.authorization ? 'forbidden' : 'unauthorized'
}

const REFUSALS = {
  unauthorized: { status: 401, message: 'Scrape from this machine, or send Authorization: Bearer <METRICS_TOKEN>.' },
  forbidden: { status: 403, message: 'This token does not open the metrics.' },
} as const

/** The handler of GET /metrics, in the web process and in a worker's own small app. */
export function metricsEndpoint(options: { token: string | undefined }) {
  return async (req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'no-store')
    const access = metricsAccessOf(req.socket.remoteAddress, req.headers, options.token)
    if (access !== 'allowed') {
      const refusal = REFUSALS[access]
      if (access === 'unauthorized') res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"')
      return void res.status(refusal.status).json({ error: access, message: refusal.message })
    }
    try {
      const { contentType, body } = await scrapeMetrics()
      res.status(200).setHeader('Content-Type', contentType).send(body)
    } catch (error) {
      logger.error({ err: error }, 'metrics not gathered')
      res.status(500).json({ error: 'internal', message: 'The metrics could not be gathered.' })
    }
  }
}

/** Starts the process's own figures and hands the scrape its readers: the queue, readiness, the disk, the analytics buffer. */
export function serveMetrics() {
  startProcessMetrics()
  readAtScrape({
    queues: readQueueFigures,
    isReady: async () => (await checkReadiness({ detailed: false })).status !== 'error',
    storageFreeBytes: getStorage().directory ? async () => (await checkDiskRoom())?.free ?? null : null,
    analyticsBufferEvents: waitingEvents,
  })
}

/**
 * The server's outermost listener: times every request to the last byte of its answer, by kind,
 * whoever answers it (fans' kept answers and live streams before Express, refusals ahead of the
 * stack, the pages). Its cost is a clock read and one listener per request; the kind is worked
 * out once the answer is sent. Held event streams are left out: their time is a viewer's stay.
 */
export function measuredRequests(listener: http.RequestListener, options: { appUrl: string }): http.RequestListener {
  const platformHost = new URL(options.appUrl).host
  return (req, res) => {
    const started = performance.now()
    // As it came: a middleware mounted on a path (the assets) rewrites req.url while it runs.
    const url = req.url ?? '/'
    res.once('finish', () => {
      if (isOpenEventStream(res)) return
      const kind = requestKindOf(url, isCompanyHost(req.headers.host, platformHost))
      observeRequest(kind, req.method, res.statusCode, (performance.now() - started) / 1000)
    })
    listener(req, res)
  }
}
