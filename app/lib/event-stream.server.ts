/*
 * A `text/event-stream` answer (server-sent events). Proxies must neither buffer it (nginx reads
 * `X-Accel-Buffering: no`) nor keep it (`no-cache`); compression leaves this type alone. A stream
 * that falls this far behind (a phone gone to sleep on a stalled connection) is closed, and the
 * browser reconnects and resumes from its last event id.
 */
const MAX_QUEUED_BYTES = 256 * 1024

export const EVENT_STREAM_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache, no-transform',
  'X-Accel-Buffering': 'no',
}

export type EventStreamWriter = {
  /** Queues bytes for the client; false once the stream is closed or was closed for falling behind. */
  write: (chunk: Uint8Array) => boolean
}

/**
 * Opens the stream and hands `start` its writer; `start` returns what to do when the client goes
 * (the request's signal aborts, or the stream is cancelled or dropped).
 */
export function eventStreamResponse(signal: AbortSignal, start: (writer: EventStreamWriter) => () => void, init: { retryMs: number }) {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined
  let stop: (() => void) | undefined
  let closed = false
  const close = () => {
    if (closed) return
    closed = true
    stop?.()
    try {
      controller?.close()
    } catch {
      // already closed by the client
    }
  }
  const writer: EventStreamWriter = {
    write(chunk) {
      if (closed || !controller) return false
      if ((controller.desiredSize ?? 0) < -MAX_QUEUED_BYTES) {
        close()
        return false
      }
      controller.enqueue(chunk)
      return true
    },
  }
  const body = new ReadableStream<Uint8Array>(
    {
      start(streamController) {
        controller = streamController
        controller.enqueue(new TextEncoder().encode(`retry: ${init.retryMs}\n\n`))
        if (signal.aborted) return close()
        signal.addEventListener('abort', close, { once: true })
        stop = start(writer)
      },
      cancel() {
        close()
      },
    },
    { highWaterMark: MAX_QUEUED_BYTES, size: (chunk) => chunk.byteLength },
  )
  return new Response(body, { headers: EVENT_STREAM_HEADERS })
}
