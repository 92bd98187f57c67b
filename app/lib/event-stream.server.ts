import type http from 'node:http'

/*
 * A `text/event-stream` answer (server-sent events), written straight to the Node response:
 * thousands are held open at once, so each costs its socket and little else. Proxies must neither
 * buffer it (nginx reads `X-Accel-Buffering: no`) nor keep it (`no-cache`); compression leaves
 * this type alone. A stream that falls this far behind (a phone gone to sleep on a stalled
 * connection) is closed, and the browser reconnects and resumes from its last event id.
 */
const MAX_QUEUED_BYTES = 256 * 1024

export const EVENT_STREAM_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache, no-transform',
  'X-Accel-Buffering': 'no',
  'X-Content-Type-Options': 'nosniff',
}

/** Every stream this process holds open, so a shutdown can end them at once. */
const open = new Set<http.ServerResponse>()

/**
 * On the way out: every stream ends now, not at the shutdown's deadline, and browsers reconnect
 * (after `retry`) to another process, resuming from their last event id.
 */
export function endEventStreams() {
  for (const res of open) res.end()
}

export type EventStreamWriter = {
  /** Queues bytes for the client; false once the stream is closed or was closed for falling behind. */
  write: (chunk: Uint8Array) => boolean
}

/**
 * Opens the stream on `res` and hands `start` its writer; `start` returns what to do when the
 * client goes.
 */
export function openEventStream(res: http.ServerResponse, start: (writer: EventStreamWriter) => () => void, init: { retryMs: number }) {
  res.writeHead(200, EVENT_STREAM_HEADERS)
  res.write(`retry: ${init.retryMs}\n\n`)
  const writer: EventStreamWriter = {
    write(chunk) {
      if (res.destroyed || res.writableEnded) return false
      if (res.writableLength > MAX_QUEUED_BYTES) {
        res.destroy()
        return false
      }
      res.write(chunk)
      return true
    },
  }
  open.add(res)
  const stop = start(writer)
  res.once('close', () => {
    open.delete(res)
    stop()
  })
}
