import http from 'node:http'
import net from 'node:net'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { answerAfterBody } from './answer-after-body'

const PAGE = Buffer.alloc(150_000, 'x')

/** A refusal that never reads the body, as the admin's role checks answer. */
function refusingApp(waitMs = 300) {
  const app = express()
  app.use(answerAfterBody({ waitMs }))
  app.use((req, res) => {
    // As React Router's adapter does: the body becomes a web stream that pauses the request until
    // someone reads it. A refusal never does.
    if (req.path === '/streamed') req.on('data', () => req.pause())
    res.status(403).type('html').send(PAGE)
  })
  return app
}

/**
 * Sends the headers, then the body a moment later, reading nothing until the body is out: the
 * timing that made the answer arrive cut off. Resolves with how many bytes came back in all.
 */
function slowClient(port: number, delayMs: number, body = 'y'.repeat(500)) {
  return new Promise<number>((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    let bytes = 0
    socket.on('data', (data) => (bytes += data.length))
    socket.on('error', () => undefined)
    socket.on('close', () => resolve(bytes))
    socket.write(
      `POST /admin/settings/team HTTP/1.1\r\nHost: a\r\nConnection: close\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
    )
    socket.pause()
    setTimeout(() => {
      if (body) socket.write(body)
      setTimeout(() => socket.resume(), 20)
    }, delayMs)
  })
}

describe('answers after the body', () => {
  let server: http.Server
  let port: number
  beforeAll(async () => {
    server = http.createServer(refusingApp())
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as net.AddressInfo).port
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('delivers a whole refusal page when the body arrives after the answer and the connection closes', async () => {
    const received: number[] = []
    // Without the wait, some of these came back cut off, even on an idle machine.
    for (let round = 0; round < 150; round++) received.push(await slowClient(port, round % 10))
    const headerBytes = received.map((bytes) => bytes - PAGE.length)
    expect(headerBytes.filter((extra) => extra <= 0)).toEqual([])
  }, 30_000)

  it('answers at once when a large body arrives whole, even one a reader paused and left', async () => {
    // A wait far longer than the answer takes even on a loaded machine: a body that stopped
    // flowing would hold the answer for all of it.
    const patient = http.createServer(refusingApp(20_000))
    await new Promise<void>((resolve) => patient.listen(0, '127.0.0.1', resolve))
    try {
      const body = 'title=' + 'x'.repeat(300_000)
      const started = Date.now()
      const answer = await fetch(`http://127.0.0.1:${(patient.address() as net.AddressInfo).port}/streamed`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', connection: 'close' },
        body,
      })
      expect(answer.status).toBe(403)
      expect((await answer.arrayBuffer()).byteLength).toBe(PAGE.length)
      expect(Date.now() - started).toBeLessThan(10_000)
    } finally {
      await new Promise<void>((resolve) => patient.close(() => resolve()))
    }
  }, 30_000)

  it('answers anyway when the promised body never comes', async () => {
    const socket = net.connect(port, '127.0.0.1')
    const answer = new Promise<string>((resolve) => {
      let text = ''
      socket.on('data', (data) => (text += data.toString('latin1')))
      socket.on('close', () => resolve(text))
    })
    socket.write('POST /x HTTP/1.1\r\nHost: a\r\nConnection: close\r\nContent-Length: 100\r\n\r\n')
    expect((await answer).startsWith('HTTP/1.1 403')).toBe(true)
  })
})
