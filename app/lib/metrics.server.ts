import type pg from 'pg'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import { openEventStreamCount } from './event-stream.server'
import { logger } from './logger.server'
import { withTimeout } from './with-timeout'

/*
 * What the operator's Prometheus scrapes at GET /metrics (server/metrics-endpoint.ts, ADR 090).
 * The names are a contract: the runbook, deploy/grafana-dashboard.json and
 * deploy/prometheus-alerts.yml ask for them as written here. Counters and histograms are moved by
 * the code that sees the event, with one call that costs no allocation of its own beyond
 * prom-client's; gauges are read when a scrape asks, and what a read costs the database (the job
 * queue, readiness) is kept a few seconds, so a storm of scrapes costs one read.
 */

export const metricsRegistry = new Registry()

/** What a request was for, told from its address (server/request-kind.ts). */
export const REQUEST_KINDS = ['fan_page', 'photo', 'admin', 'api', 'auth', 'other'] as const
export type RequestKind = (typeof REQUEST_KINDS)[number]

const requestDuration = new Histogram({
  name: 'afterglow_http_request_duration_seconds',
  help: 'Time from a request reaching the server to the last byte of its answer handed to the socket, by what it was for.',
  labelNames: ['kind', 'method', 'status_class'] as const,
  // A kept page is answered well under a millisecond, a rendered one in tens; uploads and ZIPs take seconds.
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [metricsRegistry],
})

const COUNTED_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])
const STATUS_CLASSES = ['1xx', '1xx', '2xx', '3xx', '4xx', '5xx']

/** One answered request; any method outside the usual ones is `other`, so a client cannot add series. */
export function observeRequest(kind: RequestKind, method: string | undefined, status: number, seconds: number) {
  requestDuration.observe(
    {
      kind,
      method: method && COUNTED_METHODS.has(method) ? method : 'other',
      status_class: STATUS_CLASSES[Math.floor(status / 100)] ?? '5xx',
    },
    seconds,
  )
}

const pageCache = new Counter({
  name: 'afterglow_page_cache_total',
  help: "Fans' pages looked for in the page cache: hit (kept, current), stale (kept, an older version sent while a newer renders or the database is away), miss (rendered).",
  labelNames: ['result'] as const,
  registers: [metricsRegistry],
})

export function countPageCache(result: 'hit' | 'miss' | 'stale') {
  pageCache.inc({ result })
}

const refusals = new Counter({
  name: 'afterglow_rate_limit_refusals_total',
  help: 'Requests refused by a rate limit (429), by door: the limit that refused them.',
  labelNames: ['door'] as const,
  registers: [metricsRegistry],
})

/**
 * A refusal answered, by the rate limit's bucket. Buckets counted per gallery (`gallery-pin:<id>`)
 * are counted under their name alone: a label per gallery would grow without end.
 */
export function countRefusal(bucket: string) {
  const separator = bucket.indexOf(':')
  refusals.inc({ door: separator < 0 ? bucket : bucket.slice(0, separator) })
}

const analyticsDropped = new Counter({
  name: 'afterglow_analytics_events_dropped_total',
  help: "Fans' analytics events dropped because the buffer waiting for the database was full.",
  registers: [metricsRegistry],
})

export function countDroppedEvents(events: number) {
  analyticsDropped.inc(events)
}

const poolWait = new Histogram({
  name: 'afterglow_db_pool_wait_seconds',
  help: 'Time to get a client from the database pool (a new connection included).',
  buckets: [0.0001, 0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
  registers: [metricsRegistry],
})

export function observePoolWait(seconds: number) {
  poolWait.observe(seconds)
}

let watchedPool: pg.Pool | null = null

/** The pool whose connections the gauge reports (the app's one pool, db.server.ts). */
export function watchPool(pool: pg.Pool | null) {
  watchedPool = pool
}

new Gauge({
  name: 'afterglow_db_pool_connections',
  help: "The app's database pool: connections open (total), open and unused (idle), and requests waiting for one (waiting).",
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
  collect() {
    this.set({ state: 'total' }, watchedPool?.totalCount ?? 0)
    this.set({ state: 'idle' }, watchedPool?.idleCount ?? 0)
    this.set({ state: 'waiting' }, watchedPool?.waitingCount ?? 0)
  },
})

new Gauge({
  name: 'afterglow_sse_connections',
  help: 'Server-sent event streams held open (live galleries, venue walls).',
  registers: [metricsRegistry],
  collect() {
    this.set(openEventStreamCount())
  },
})

const uploadsInFlight = new Gauge({
  name: 'afterglow_uploads_in_flight',
  help: 'Upload requests whose bytes are being received (tus PATCH, or a creation carrying bytes).',
  registers: [metricsRegistry],
})

const uploadBytes = new Counter({
  name: 'afterglow_upload_bytes_total',
  help: 'Bytes of uploads received and stored.',
  registers: [metricsRegistry],
})

/** Counts one upload write while it runs, and the bytes it stored: `write` resolves with the upload's new offset. */
export async function countUploadWrite(offset: number, write: () => Promise<number>) {
  uploadsInFlight.inc()
  try {
    const reached = await write()
    if (reached > offset) uploadBytes.inc(reached - offset)
    return reached
  } finally {
    uploadsInFlight.dec()
  }
}

/** One queue's standing, as the job queue's tables say it (app/jobs/queue.server.ts). */
export type QueueFigures = {
  queue: string
  queued: number
  active: number
  failed: number
  /** Seconds the longest-waiting job due to run has waited; null when none is waiting. */
  oldestQueuedSeconds: number | null
}

/**
 * What is read only when a scrape asks, from the layers above this one (server/metrics-endpoint.ts
 * hands them over): the job queue, readiness, the disk, the analytics buffer.
 */
export type ScrapeReaders = {
  queues: () => Promise<QueueFigures[]>
  isReady: () => Promise<boolean>
  /** Null when media is in a bucket: no free space to tell, and no series. */
  storageFreeBytes: (() => Promise<number | null>) | null
  analyticsBufferEvents: () => number
}

type KeptReaders = Omit<ScrapeReaders, 'storageFreeBytes'> & { storageFreeBytes: () => Promise<number | null> }

let readers: KeptReaders | null = null

/** How long what a scrape read is answered again: scrapes of every Prometheus and dashboard share it. */
export const SCRAPE_KEPT_MS = 5_000
/** A read that takes longer is left out of this scrape rather than holding it past Prometheus's own timeout. */
const SCRAPE_READ_TIMEOUT_MS = 4_000

/** `read`, answered again from memory for `ms`; concurrent callers share the read under way, and a failed read is not kept. */
export function keptFor<T>(ms: number, read: () => Promise<T>, now: () => number = Date.now) {
  let kept: { at: number; value: Promise<T> } | null = null
  return () => {
    const at = now()
    if (kept && at - kept.at < ms) return kept.value
    const value = read()
    const entry = { at, value }
    kept = entry
    value.catch(() => {
      if (kept === entry) kept = null
    })
    return value
  }
}

/** The readers a scrape asks; what each read costs is kept SCRAPE_KEPT_MS and bounded in time. */
export function readAtScrape(given: ScrapeReaders) {
  const bounded =
    <T>(name: string, read: () => Promise<T>) =>
    () =>
      withTimeout(
        read(),
        SCRAPE_READ_TIMEOUT_MS,
        () => new Error(`${name} not read within ${SCRAPE_READ_TIMEOUT_MS} ms`),
      )
  const storageFreeBytes = given.storageFreeBytes
  readers = {
    queues: keptFor(SCRAPE_KEPT_MS, bounded('job queue', given.queues)),
    isReady: keptFor(SCRAPE_KEPT_MS, bounded('readiness', given.isReady)),
    storageFreeBytes: storageFreeBytes
      ? keptFor(SCRAPE_KEPT_MS, bounded('free space', storageFreeBytes))
      : async () => null,
    analyticsBufferEvents: given.analyticsBufferEvents,
  }
  // A gauge without labels always has a value: where there is no disk to tell of, it is not exported at all.
  const registered = metricsRegistry.getSingleMetric(STORAGE_FREE) !== undefined
  if (storageFreeBytes && !registered) metricsRegistry.registerMetric(storageFree)
  if (!storageFreeBytes && registered) metricsRegistry.removeSingleMetric(STORAGE_FREE)
}

/** A failed read leaves its series out of the scrape (said in the log), and the rest are answered. */
async function reading<T>(name: string, read: (() => Promise<T>) | undefined): Promise<T | undefined> {
  if (!read) return undefined
  try {
    return await read()
  } catch (error) {
    logger.warn({ err: error }, `metrics: ${name} not read`)
    return undefined
  }
}

const QUEUE_STATES = ['queued', 'active', 'failed'] as const

new Gauge({
  name: 'afterglow_jobs',
  help: 'Jobs by queue and state: queued (waiting or retrying, counted up to 100,000), active (running), failed (gave up within the last hour).',
  labelNames: ['queue', 'state'] as const,
  registers: [metricsRegistry],
  async collect() {
    const queues = await reading('job queue', readers?.queues)
    this.reset()
    for (const figures of queues ?? [])
      for (const state of QUEUE_STATES) this.set({ queue: figures.queue, state }, figures[state])
  },
})

new Gauge({
  name: 'afterglow_job_oldest_queued_age_seconds',
  help: 'Seconds the longest-waiting job due to run has waited, by queue (0 when none waits).',
  labelNames: ['queue'] as const,
  registers: [metricsRegistry],
  async collect() {
    const queues = await reading('job queue', readers?.queues)
    this.reset()
    for (const figures of queues ?? []) this.set({ queue: figures.queue }, figures.oldestQueuedSeconds ?? 0)
  },
})

new Gauge({
  name: 'afterglow_ready',
  help: 'Whether this process would answer /api/health/ready with 200 (1) or 503 (0): the same checks, kept a few seconds.',
  registers: [metricsRegistry],
  async collect() {
    // Checks that could not even finish in time are no readiness.
    this.set((await reading('readiness', readers?.isReady)) ? 1 : 0)
  },
})

const STORAGE_FREE = 'afterglow_storage_free_bytes'

// Registered by readAtScrape where the media is on a local disk.
const storageFree: Gauge = new Gauge({
  name: STORAGE_FREE,
  help: 'Bytes free on the tightest local disk holding uploads and media; not exported when media is in a bucket.',
  registers: [],
  async collect() {
    // A read that failed leaves the last figure: a zero would say the disk is full.
    const free = await reading('free space', readers?.storageFreeBytes)
    if (typeof free === 'number') this.set(free)
  },
})

new Gauge({
  name: 'afterglow_analytics_buffer_events',
  help: "Fans' analytics events waiting in memory to be written to the database.",
  registers: [metricsRegistry],
  collect() {
    this.set(readers?.analyticsBufferEvents() ?? 0)
  },
})

let processMetricsStarted = false

/** prom-client's process and Node figures (memory, CPU, event-loop lag, GC): started by a process that serves, not by a module import. */
export function startProcessMetrics() {
  if (processMetricsStarted) return
  processMetricsStarted = true
  collectDefaultMetrics({ register: metricsRegistry })
}

/** Every metric a process may export (the free space too, where it is not told), by name, type and labels. */
export function everyMetric(): { name: string; type: string; labelNames: readonly string[] }[] {
  const described = metricsRegistry.getMetricsAsArray().map((metric) => ({
    name: metric.name,
    type: String(metric.type),
    labelNames: (metric as { labelNames?: readonly string[] }).labelNames ?? [],
  }))
  return described.some((metric) => metric.name === STORAGE_FREE)
    ? described
    : [...described, { name: STORAGE_FREE, type: 'gauge', labelNames: [] }]
}

/** The text a scrape is answered with, and its content type. */
export async function scrapeMetrics() {
  return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() }
}
