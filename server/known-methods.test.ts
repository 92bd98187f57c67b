import http from 'node:http'
import net from 'node:net'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { answerClientError, knownMethods } from './known-methods'

let server: http.Server
let port: number

beforeAll(async () => {
  const app = express()
  app.use(knownMethods())
  app.use((req, res) => void res.status(418).end(`behind ${req.method}`))
  server = http.createServer(app).on('clientError', answerClientError)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as net.AddressInfo).port
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

/** What the server writes back to `request`, as bytes on the wire. */
function exchange(request: string) {
  return new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request))
    let answer = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => (answer += chunk))
    socket.on('close', () => resolve(answer))
    socket.on('error', reject)
  })
}

const ALLOW = 'Allow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS'

describe('known methods', () => {
  it('refuses TRACE and every other method nothing here takes with 405 and Allow, in the visitor language', async () => {
    for (const method of ['TRACE', 'PROPFIND', 'MKCOL', 'PURGE']) {
      const answer = await exchange(
        `${method} / HTTP/1.1\r\nHost: x\r\nAccept-Language: fr\r\nConnection: close\r\n\r\n`,
      )
      expect(answer.split('\r\n')[0], method).toBe('HTTP/1.1 405 Method Not Allowed')
      expect(answer, method).toMatch(new RegExp(`\r\n${ALLOW}\r\n`, 'i'))
      expect(answer, method).toContain('Cette adresse n’accepte pas ce type de requête.')
    }
  })

  it('passes the methods the app takes on', async () => {
    for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
      const answer = await exchange(`${method} / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`)
      expect(answer.split('\r\n')[0], method).toBe("HTTP/1.1 418 I'm a Teapot")
    }
  })

  it("answers a method Node's parser does not know with the same 405, and other broken requests as Node does", async () => {
    for (const method of ['TRACK', 'BREW']) {
      const answer = await exchange(`${method} / HTTP/1.1\r\nHost: x\r\n\r\n`)
      expect(answer.split('\r\n')[0], method).toBe('HTTP/1.1 405 Method Not Allowed')
      expect(answer, method).toContain(`\r\n${ALLOW}\r\n`)
      expect(answer, method).toMatch(/\r\n\r\nThis address does not take this kind of request\.$/)
    }
    expect(await exchange('GET / HTTP/1.1\r\nHost x\r\n\r\n')).toBe(
      'HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n',
    )
    expect(await exchange(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'x'.repeat(20_000)}\r\n\r\n`)).toBe(
      'HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\n\r\n',
    )
  })
})
