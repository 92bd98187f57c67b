import http from 'node:http'
import { waitUntil } from './wait'

export type StreamEvent = { id: string | null; event: string; data: string }

export type OpenStream = {
  status: number
  headers: http.IncomingHttpHeaders
  /** Every event so far, in the order received. */
  events: StreamEvent[]
  /** Comment lines (`: ping`) so far. */
  comments: string[]
  /** Waits for at least `count` events of type `event`. */
  waitFor: (count: number, event?: string, timeoutMs?: number) => Promise<StreamEvent[]>
  close: () => void
}

/**
 * A server-sent events client as a browser's EventSource reads the stream (fields `id`, `event`,
 * `data`, comments), over plain HTTP so tests can send `Last-Event-ID` themselves.
 */
export function openEventStream(url: string, headers: Record<string, string> = {}): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { Accept: 'text/event-stream', ...headers } }, (response) => {
      const events: StreamEvent[] = []
      const comments: string[] = []
      let buffer = ''
      response.setEncoding('utf8')
      response.on('data', (text: string) => {
        buffer += text
        let end: number
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const event: StreamEvent = { id: null, event: 'message', data: '' }
          let hasData = false
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim())
            else if (line.startsWith('id: ')) event.id = line.slice(4)
            else if (line.startsWith('event: ')) event.event = line.slice(7)
            else if (line.startsWith('data: ')) {
              event.data += line.slice(6)
              hasData = true
            }
          }
          if (hasData) events.push(event)
        }
      })
      response.on('error', () => undefined)
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        events,
        comments,
        waitFor: (count, type = 'photo', timeoutMs = 10_000) =>
          waitUntil(
            () => {
              const matching = events.filter((event) => event.event === type)
              return matching.length >= count ? matching : undefined
            },
            {
              timeoutMs,
              intervalMs: 50,
              message: () => `expected ${count} ${type} events, got ${JSON.stringify(events)}`,
            },
          ),
        close: () => request.destroy(),
      })
    })
    request.on('error', reject)
  })
}
