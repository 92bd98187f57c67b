import type http from 'node:http'

/*
 * A `text/event-stream` answer (server-sent events), written straight to the Node response:
 * thousands are held open at once, so each costs its socket and one object (its `EventStream`),
 * with no closure of its own. Proxies must neither buffer it (nginx reads `X-Accel-Buffering: no`)
 * nor keep it (`no-cache`); compression leaves this type alone. A stream that falls this far
 * behind (a phone gone to sleep on a stalled connection) is closed, and the browser reconnects
 * and resumes from its last event id.
 */
const MAX_QUEUED_BYTES = 256 * 1024

export const EVENT_STREAM_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache, no-transform',
  'X-Accel-Buffering': 'no',
  'X-Content-Type-Options': 'nosniff',
}

/** One open stream: what it sends, and what it does once the client has gone. */
export abstract class EventStream {
  constructor(private readonly res: http.ServerResponse) {}

  /** Queues bytes for the client; false once the stream is closed or was closed for falling behind. */
  send(chunk: Uint8Array) {
    const res = this.res
    if (res.destroyed || res.writableEnded) return false
    if (res.writableLength > MAX_QUEUED_BYTES) {
      res.destroy()
      return false
    }
    res.write(chunk)
    return true
  }

  /** The client went (or the stream was ended): called once. */
  abstract closed(): void
}

/** Every stream this process holds open, by its response, so a shutdown can end them at once. */
const open = new Map<http.ServerResponse, EventStream>()

/** How many streams this process holds open (the metrics' `afterglow_sse_connections`). */
export function openEventStreamCount() {
  return open.size
}

/** Whether `res` is a stream held open: how long it lasts is its viewer's stay, not an answer's time. */
export function isOpenEventStream(res: http.ServerResponse) {
  return open.has(res)
}

/**
 * On the way out: every stream ends now, not at the shutdown's deadline, and browsers reconnect
 * (after `retry`) to another process, resuming from their last event id.
 */
export function endEventStreams() {
  for (const res of open.keys()) res.end()
}

// One listener for every stream (`this` is the response): no closure per stream.
function onClose(this: http.ServerResponse) {
  const stream = open.get(this)
  if (!stream) return
  open.delete(this)
  stream.closed()
}

/**
 * Opens the stream on `res` (the stream was made for it); `closed` is called when the client
 * goes. False when it went already (while the stream was being looked up): nothing is kept.
 */
export function openEventStream(res: http.ServerResponse, stream: EventStream, init: { retryMs: number }) {
  if (res.destroyed) return false
  res.writeHead(200, EVENT_STREAM_HEADERS)
  res.write(`retry: ${init.retryMs}\n\n`)
  open.set(res, stream)
  res.on('close', onClose)
  return true
}
