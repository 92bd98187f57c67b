import http from 'node:http'
import net from 'node:net'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { answerAfterBody } from './answer-after-body'

const PAGE = Buffer.alloc(150_000, 'x')

/**
 * A wait no test outlasts. Behind it, an answer that comes at all came because the body was in,
 * however slow the machine: a short wait would race the body (and, with it, the clock).
 */
const LONGER_THAN_ANY_TEST_MS = 24 * 60 * 60 * 1000

/** Listens on a free port of 127.0.0.1. */
async function listen(app: ReturnType<typeof refusingApp>) {
  const server = http.createServer(app)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, port: (server.address() as net.AddressInfo).port }
}

function close(server: http.Server | undefined) {
  // A test that failed may leave a connection waiting: close() alone would wait with it.
  server?.closeAllConnections()
  return new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
}

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

// 150 round trips through real sockets: seconds when the machine is shared.
describe('answers after the body', { timeout: 30_000 }, () => {
  /** Waits 300 ms for a body: the one that is never sent. */
  let quick: { server: http.Server; port: number }
  /** Waits longer than any test for a body: one that is sent always comes first. */
  let patient: { server: http.Server; port: number }
  beforeAll(async () => {
    quick = await listen(refusingApp())
    patient = await listen(refusingApp(LONGER_THAN_ANY_TEST_MS))
  })
  afterAll(() => Promise.all([close(quick?.server), close(patient?.server)]))

  it('delivers a whole refusal page when the body arrives after the answer and the connection closes', async () => {
    const received: number[] = []
    // Without the wait, some of these came back cut off, even on an idle machine. With a wait of
    // 300 ms, a machine that stalled that long between the body's sending and its reading did too.
    for (let round = 0; round < 150; round++) received.push(await slowClient(patient.port, round % 10))
    const headerBytes = received.map((bytes) => bytes - PAGE.length)
    expect(headerBytes.filter((extra) => extra <= 0)).toEqual([])
  })

  it('answers at once when a large body arrives whole, even one a reader paused and left', async () => {
    // The patient server: a body that stopped flowing would hold the answer past this test's
    // timeout, so an answer at all is one that came once the body was in, not after the wait.
    const body = 'title=' + 'x'.repeat(300_000)
    const answer = await fetch(`http://127.0.0.1:${patient.port}/streamed`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', connection: 'close' },
      body,
    })
    expect(answer.status).toBe(403)
    expect((await answer.arrayBuffer()).byteLength).toBe(PAGE.length)
  })

  it('answers anyway when the promised body never comes', async () => {
    const socket = net.connect(quick.port, '127.0.0.1')
    const answer = new Promise<string>((resolve) => {
      let text = ''
      socket.on('data', (data) => (text += data.toString('latin1')))
      socket.on('close', () => resolve(text))
    })
    socket.write('POST /x HTTP/1.1\r\nHost: a\r\nConnection: close\r\nContent-Length: 100\r\n\r\n')
    expect((await answer).startsWith('HTTP/1.1 403')).toBe(true)
  })
})
