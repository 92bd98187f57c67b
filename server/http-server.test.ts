import net from 'node:net'
import { describe, expect, it } from 'vitest'
import {
  connectionLimit,
  createHttpServer,
  HEADERS_TIMEOUT_MS,
  KEEP_ALIVE_TIMEOUT_MS,
  openFileLimit,
} from './http-server'

const LIMITS = `Limit                     Soft Limit           Hard Limit           Units
Max cpu time              unlimited            unlimited            seconds
Max open files            1024                 524288               files
Max locked memory         8388608              8388608              bytes
`

describe('openFileLimit', () => {
  it('reads the soft limit of open files from /proc/self/limits', () => {
    expect(openFileLimit(LIMITS)).toBe(1024)
    expect(openFileLimit(LIMITS.replace('1024                 524288', 'unlimited            unlimited'))).toBe(
      Number.POSITIVE_INFINITY,
    )
  })
  it('says it does not know where there is no such line', () => {
    expect(openFileLimit(null)).toBeNull()
    expect(openFileLimit('Max cpu time              unlimited            unlimited            seconds')).toBeNull()
  })
})

describe('connectionLimit', () => {
  it('leaves the process files of its own below the open-file limit', () => {
    expect(connectionLimit(1024)).toBe(896)
    expect(connectionLimit(65_536)).toBe(58_982)
    expect(connectionLimit(100)).toBe(64)
  })
  it('sets no limit where the open-file limit is unknown or unlimited', () => {
    expect(connectionLimit(null)).toBeNull()
    expect(connectionLimit(Number.POSITIVE_INFINITY)).toBeNull()
  })
})

describe('createHttpServer', () => {
  it('holds idle connections briefly, gives headers 20 s, and keeps its connections below the open-file limit', () => {
    const server = createHttpServer((_req, res) => res.end())
    expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS)
    expect(server.headersTimeout).toBe(HEADERS_TIMEOUT_MS)
    // Bodies stay bounded by Node's own request timeout: uploads' chunks take minutes on slow lines.
    expect(server.requestTimeout).toBe(300_000)
    const limit = connectionLimit(openFileLimit())
    if (limit === null) expect(Number.isFinite(server.maxConnections)).toBe(false)
    else expect(server.maxConnections).toBe(limit)
  })

  it('refuses connections past its limit one by one and goes on answering the others', async () => {
    const server = createHttpServer((_req, res) => res.end('ok'))
    server.maxConnections = 2
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as net.AddressInfo
    const held = await Promise.all(
      [0, 1].map(
        () =>
          new Promise<net.Socket>((resolve) => {
            const socket = net.connect(port, '127.0.0.1', () => resolve(socket))
          }),
      ),
    )
    try {
      // The third is closed by the server, which stays up.
      const refused = await new Promise<string>((resolve) => {
        const socket = net.connect(port, '127.0.0.1')
        socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'))
        socket.on('close', () => resolve('closed'))
        socket.on('data', () => resolve('answered'))
        socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n')
      })
      expect(['closed', 'ECONNRESET', 'EPIPE']).toContain(refused)
      held[0].destroy()
      await new Promise((resolve) => setTimeout(resolve, 50))
      const answer = await fetch(`http://127.0.0.1:${port}/`, { headers: { connection: 'close' } })
      expect(await answer.text()).toBe('ok')
    } finally {
      for (const socket of held) socket.destroy()
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
