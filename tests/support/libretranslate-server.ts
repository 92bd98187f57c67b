import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/*
 * For tests only: a LibreTranslate stand-in on 127.0.0.1 speaking the real API's shapes and
 * error answers. It "translates" deterministically (`[pt] Hello`) and can be told to fail.
 */

export type FakeMode =
  | 'ok'
  /** Reads the request, never answers. */
  | 'hang'
  /** 429 as LibreTranslate's rate limiter answers it. */
  | 'rate-limit'
  /** 500 as a crashed translation answers it. */
  | 'crash'
  /** 200 with a body that is not JSON. */
  | 'not-json'
  /** 200 with JSON of the wrong shape. */
  | 'wrong-shape'
  /** 200 with one translation fewer than texts sent. */
  | 'short'
  /** 502 with a long HTML page, as a proxy in front answers when the service is down. */
  | 'proxy-error'

export type FakeRequest = { q?: unknown; source?: unknown; target?: unknown; format?: unknown; api_key?: unknown }

export type FakeLibreTranslate = {
  url: string
  mode: FakeMode
  /** Target languages answered with this status instead (`{ error }` body). */
  failingTargets: Map<string, number>
  /** Bodies of the /translate requests received, in order. */
  requests: FakeRequest[]
  close(): Promise<void>
}

const SUPPORTED = ['en', 'pt', 'es', 'fr']

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' })
  response.end(JSON.stringify(body))
}

async function readBody(request: IncomingMessage) {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

export async function startFakeLibreTranslate(options: { apiKey?: string } = {}): Promise<FakeLibreTranslate> {
  const fake: Omit<FakeLibreTranslate, 'url' | 'close'> = { mode: 'ok', failingTargets: new Map(), requests: [] }

  const server = createServer(async (request, response) => {
    if (request.method !== 'POST' || request.url !== '/translate') return send(response, 404, { error: 'Not Found' })
    let body: FakeRequest
    try {
      body = JSON.parse(await readBody(request))
    } catch {
      return send(response, 400, { error: 'Invalid JSON format' })
    }
    fake.requests.push(body)

    if (options.apiKey !== undefined) {
      if (!body.api_key) return send(response, 400, { error: 'Please contact the server operator to get an API key' })
      if (body.api_key !== options.apiKey) return send(response, 403, { error: 'Invalid API key' })
    }
    const texts = typeof body.q === 'string' ? [body.q] : body.q
    if (!Array.isArray(texts) || texts.length === 0)
      return send(response, 400, { error: 'Invalid request: missing q parameter' })
    for (const language of [body.source, body.target]) {
      if (!SUPPORTED.includes(String(language)))
        return send(response, 400, { error: `${String(language)} is not supported` })
    }
    if (body.format !== undefined && body.format !== 'text' && body.format !== 'html') {
      return send(response, 400, { error: `${String(body.format)} format is not supported` })
    }

    const failure = fake.failingTargets.get(String(body.target))
    if (failure) return send(response, failure, { error: `Cannot translate to ${String(body.target)}` })
    switch (fake.mode) {
      case 'hang':
        return
      case 'rate-limit':
        return send(response, 429, { error: 'Slowdown: 1 per 1 minute' })
      case 'crash':
        return send(response, 500, { error: 'Cannot translate text: model failed to load' })
      case 'not-json':
        response.writeHead(200, { 'content-type': 'text/plain' })
        return response.end('Hello, translated')
      case 'wrong-shape':
        return send(response, 200, { translation: texts })
      case 'short':
        return send(response, 200, {
          translatedText: texts.slice(1).map((text) => `[${String(body.target)}] ${String(text)}`),
        })
      case 'proxy-error':
        response.writeHead(502, { 'content-type': 'text/html' })
        return response.end(
          `<html><head><title>502 Bad Gateway</title></head><body>${'<p>upstream unavailable</p>'.repeat(100)}</body></html>`,
        )
    }
    const translated = texts.map((text) => `[${String(body.target)}] ${String(text)}`)
    send(response, 200, { translatedText: typeof body.q === 'string' ? translated[0] : translated })
  })

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Hanging requests would keep close() waiting for ever.
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  })
}
