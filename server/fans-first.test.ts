import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { rawRequest } from '../tests/support/raw-request'
import { answerFirst, fansFirst, isPlainFanRequest, type FirstAnswer } from './fans-first'

const asked = (method: string, url: string, headers: http.IncomingHttpHeaders = {}) =>
  ({ method, url, headers }) as http.IncomingMessage

describe('isPlainFanRequest', () => {
  it('takes a bodiless GET or HEAD of a plain address, with or without a query', () => {
    expect(isPlainFanRequest(asked('GET', '/demo/galeria/noite'))).toBe(true)
    expect(isPlainFanRequest(asked('HEAD', '/demo/galeria/noite?fbclid=IwAR1'))).toBe(true)
    expect(isPlainFanRequest(asked('GET', '/p/0b6f7c2e-1d2a-4f7e-9c3b-1a2b3c4d5e6f/w400.webp'))).toBe(true)
  })
  it('leaves to Express what a middleware ahead of the kept answers would act on', () => {
    expect(isPlainFanRequest(asked('POST', '/demo'))).toBe(false)
    expect(isPlainFanRequest(asked('GET', '/demo', { 'content-length': '3' }))).toBe(false)
    expect(isPlainFanRequest(asked('GET', '/demo', { 'transfer-encoding': 'chunked' }))).toBe(false)
    expect(isPlainFanRequest(asked('GET', '/demo?lang=pt'))).toBe(false)
    expect(isPlainFanRequest(asked('GET', '/demo?chapter=2&lang=fr'))).toBe(false)
    expect(isPlainFanRequest(asked('GET', '/demo/%00'))).toBe(false)
    expect(isPlainFanRequest(asked('GET', '/demo/%E0%A4%A'))).toBe(false)
    expect(isPlainFanRequest(asked('GET', '/demo\t/galeria'))).toBe(false)
    expect(isPlainFanRequest(asked('GET', 'http://example.com/demo'))).toBe(false)
  })
})

/** `fansFirst` on a local port in front of an app that answers 418 and counts what reached it. */
async function serveWith(answers: FirstAnswer[] | null) {
  const reached: string[] = []
  const app = (req: http.IncomingMessage, res: http.ServerResponse) => {
    reached.push(req.url ?? '')
    res.statusCode = 418
    res.end('app')
  }
  if (answers) answerFirst(app, answers)
  const server = http.createServer(fansFirst(app))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    base,
    reached,
    close: () => new Promise((resolve) => server.close(resolve)),
  }
}

describe('fansFirst', () => {
  it('answers with the first kept answer that takes the request, and hands the rest to the app', async () => {
    const offered: string[] = []
    const photo: FirstAnswer = async (req, res) => {
      offered.push(`photo ${req.url}`)
      if (!req.url?.startsWith('/p/')) return false
      res.end('photo')
      return true
    }
    const page: FirstAnswer = async (req, res) => {
      offered.push(`page ${req.url}`)
      if (req.url !== '/kept') return false
      res.end('page')
      return true
    }
    const served = await serveWith([photo, page])
    try {
      expect((await rawRequest(`${served.base}/p/a/b`)).body.toString()).toBe('photo')
      expect((await rawRequest(`${served.base}/kept`)).body.toString()).toBe('page')
      const missed = await rawRequest(`${served.base}/not-kept`)
      expect([missed.status, missed.body.toString()]).toEqual([418, 'app'])
      // Never offered: the language choice, which a middleware answers before the cache.
      expect((await rawRequest(`${served.base}/kept?lang=pt`)).status).toBe(418)
      expect(offered).toEqual(['photo /p/a/b', 'photo /kept', 'page /kept', 'photo /not-kept', 'page /not-kept'])
      expect(served.reached).toEqual(['/not-kept', '/kept?lang=pt'])
    } finally {
      await served.close()
    }
  })

  it('hands a request to the app when a kept answer fails before writing anything', async () => {
    const served = await serveWith([
      async () => {
        throw new Error('index unavailable')
      },
    ])
    try {
      expect((await rawRequest(`${served.base}/kept`)).status).toBe(418)
      expect(served.reached).toEqual(['/kept'])
    } finally {
      await served.close()
    }
  })

  it('is the app itself when nothing is registered', async () => {
    const app = () => undefined
    expect(fansFirst(app)).toBe(app)
  })
})
