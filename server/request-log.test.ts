import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { currentRequest } from '#app/lib/log-context.server'
import { nameRoute, requestIdOf, requestLog } from './request-log'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('requestIdOf', () => {
  it("takes the proxy's id only when the proxy is trusted", () => {
    expect(requestIdOf('req-abc-123', true)).toBe('req-abc-123')
    expect(requestIdOf('req-abc-123', false)).toMatch(UUID)
    expect(requestIdOf(undefined, true)).toMatch(UUID)
  })

  it('makes a new id for one a log line cannot hold as it is: too long, spaces, quotes, control or non-ASCII characters, repeated headers', () => {
    for (const refused of [
      '',
      'a'.repeat(129),
      'two words',
      'quote"d',
      'back\\slash',
      'line\nbreak',
      'tab\there',
      'caf\u00e9',
      '\u001b[31mred',
    ])
      expect(requestIdOf(refused, true), JSON.stringify(refused)).toMatch(UUID)
    expect(requestIdOf(['a', 'b'], true)).toMatch(UUID)
    expect(requestIdOf('a'.repeat(128), true)).toBe('a'.repeat(128))
    expect(requestIdOf('0f5c2a:1/x=y+z@host', true)).toBe('0f5c2a:1/x=y+z@host')
  })

  it('makes a different id for every request', () => {
    const ids = new Set(Array.from({ length: 100 }, () => requestIdOf(undefined, false)))
    expect(ids.size).toBe(100)
  })
})

describe('requestLog', () => {
  let server: http.Server | undefined
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))

  async function serve(listener: http.RequestListener) {
    server = http.createServer(requestLog(listener, { trustProxy: false }))
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  }

  it('sends the id back with answers whose headers come as a list made once, as an object, or set one by one', async () => {
    const kept = ['Content-Type', 'text/plain', 'Cache-Control', 'public']
    const url = await serve((req, res) => {
      nameRoute(res, 'test')
      if (req.url === '/list') res.writeHead(200, kept).end('list')
      else if (req.url === '/object') res.writeHead(201, 'Made', { 'Content-Type': 'text/plain' }).end('object')
      else {
        res.setHeader('Content-Type', 'text/plain')
        res.end('implicit')
      }
    })
    for (const [path, status] of [
      ['/list', 200],
      ['/object', 201],
      ['/implicit', 200],
    ] as const) {
      const response = await fetch(`${url}${path}`)
      expect(response.status).toBe(status)
      expect(response.headers.get('x-request-id'), path).toMatch(UUID)
      expect(response.headers.get('content-type')).toBe('text/plain')
    }
    // The list kept for every fan is left as it was.
    expect(kept).toEqual(['Content-Type', 'text/plain', 'Cache-Control', 'public'])
  })

  it('gives the code handling the request its id, the one sent back', async () => {
    let seen: string | undefined
    const url = await serve((_req, res) => {
      setImmediate(() => {
        seen = currentRequest()?.requestId
        res.end()
      })
    })
    const response = await fetch(url)
    expect(seen).toBeDefined()
    expect(response.headers.get('x-request-id')).toBe(seen)
  })
})
