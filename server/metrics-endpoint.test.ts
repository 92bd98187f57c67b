import http from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EventStream, openEventStream } from '#app/lib/event-stream.server'
import { scrapeMetrics } from '#app/lib/metrics.server'
import { parsePrometheusText, valueOf } from '../tests/support/prometheus-text'
import { measuredRequests, metricsAccessOf, metricsEndpoint } from './metrics-endpoint'

const TOKEN = 'a-monitoring-token-long-enough'

describe('metricsAccessOf', () => {
  it('lets this machine scrape, and anyone with the token', () => {
    expect(metricsAccessOf('127.0.0.1', {}, undefined)).toBe('allowed')
    expect(metricsAccessOf('::1', {}, TOKEN)).toBe('allowed')
    expect(metricsAccessOf('::ffff:127.0.0.1', {}, TOKEN)).toBe('allowed')
    expect(metricsAccessOf('203.0.113.9', { authorization: `Bearer ${TOKEN}` }, TOKEN)).toBe('allowed')
    expect(
      metricsAccessOf('127.0.0.1', { 'x-forwarded-for': '203.0.113.9', authorization: `Bearer ${TOKEN}` }, TOKEN),
    ).toBe('allowed')
  })

  it('refuses a visitor the proxy in front passes on from loopback, as any other: 401 without a token, 403 with a wrong one', () => {
    expect(metricsAccessOf('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }, TOKEN)).toBe('unauthorized')
    expect(metricsAccessOf('127.0.0.1', { forwarded: 'for=203.0.113.9' }, TOKEN)).toBe('unauthorized')
    expect(metricsAccessOf('203.0.113.9', {}, TOKEN)).toBe('unauthorized')
    expect(metricsAccessOf('203.0.113.9', { authorization: 'Bearer not-the-token-at-all' }, TOKEN)).toBe('forbidden')
    expect(metricsAccessOf('203.0.113.9', { authorization: `Basic ${TOKEN}` }, TOKEN)).toBe('forbidden')
    // Without METRICS_TOKEN no token opens them from elsewhere.
    expect(metricsAccessOf('203.0.113.9', { authorization: 'Bearer ' }, undefined)).toBe('forbidden')
    expect(metricsAccessOf('10.0.0.5', {}, undefined)).toBe('unauthorized')
  })
})

class QuietStream extends EventStream {
  closed() {}
}

describe('the metrics over HTTP', () => {
  let server: http.Server
  let base: string
  const heldStreams: http.ServerResponse[] = []

  beforeAll(async () => {
    const app = express()
    app.get('/metrics', metricsEndpoint({ token: TOKEN }))
    app.get('/wall/:token/live', (_req, res) => {
      openEventStream(res, new QuietStream(res), { retryMs: 1000 })
      heldStreams.push(res)
    })
    app.get('/admin/broken', (_req, res) => void res.status(503).end())
    // Mounted on a path: Express rewrites req.url while the handler runs.
    app.use('/assets', (_req, res) => void res.status(200).end('asset'))
    app.use((_req, res) => void res.status(200).end('page'))
    server = http.createServer(measuredRequests(app, { appUrl: 'http://afterglow.test' }))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    for (const res of heldStreams) res.destroy()
    await new Promise((resolve) => server.close(resolve))
  })

  const scrape = async () => parsePrometheusText((await scrapeMetrics()).body)
  const requests =
    (kind: string, labels: Record<string, string> = {}) =>
    async () =>
      valueOf(await scrape(), 'afterglow_http_request_duration_seconds_count', { kind, ...labels })

  it('times every request by kind, method and status class, a company host and a mounted path told right', async () => {
    const fanPages = requests('fan_page', { method: 'GET', status_class: '2xx' })
    const admin = requests('admin', { method: 'GET', status_class: '5xx' })
    const other = requests('other', { method: 'GET', status_class: '2xx' })
    const [pagesBefore, adminBefore, otherBefore] = [await fanPages(), await admin(), await other()]

    await (await fetch(`${base}/demo/galeria/noite`)).text()
    // A company's host: its root is its landing page.
    await new Promise<void>((resolve, reject) => {
      http
        .get(`${base}/`, { headers: { host: 'studio.afterglow.test' } }, (res) => res.resume().on('end', resolve))
        .on('error', reject)
    })
    await (await fetch(`${base}/admin/broken`)).text()
    await (await fetch(`${base}/assets/entry-abc.js`)).text()

    expect(await fanPages()).toBe(pagesBefore + 2)
    expect(await admin()).toBe(adminBefore + 1)
    expect(await other()).toBe(otherBefore + 1)
  })

  it('counts a method outside the usual ones as other, so a client cannot add series', async () => {
    const odd = requests('fan_page', { method: 'other' })
    const before = await odd()
    await new Promise<void>((resolve, reject) => {
      http
        .request(`${base}/demo`, { method: 'PROPFIND' }, (res) => res.resume().on('end', resolve))
        .on('error', reject)
        .end()
    })
    expect(await odd()).toBe(before + 1)
    expect((await scrape()).samples.some((sample) => sample.labels.method === 'PROPFIND')).toBe(false)
  })

  it("leaves a held event stream out of the times: its time is a viewer's stay", async () => {
    const streams = requests('fan_page')
    const before = await streams()
    const response = await fetch(`${base}/wall/abc/live`)
    const reader = response.body!.getReader()
    await reader.read()
    expect(valueOf(await scrape(), 'afterglow_sse_connections')).toBeGreaterThanOrEqual(1)
    // Ended by the server, as a shutdown ends them: its answer finishes, and is not timed.
    heldStreams.at(-1)!.end()
    while (!(await reader.read()).done);
    expect(await streams()).toBe(before)
  })

  it('answers the scrape in the text format from loopback, and refuses a proxied visitor without the token', async () => {
    const local = await fetch(`${base}/metrics`)
    expect(local.status).toBe(200)
    expect(local.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
    expect(local.headers.get('cache-control')).toBe('no-store')
    const scrape = parsePrometheusText(await local.text())
    expect(scrape.types.get('afterglow_http_request_duration_seconds')).toBe('histogram')

    const proxied = { 'x-forwarded-for': '203.0.113.9' }
    const refused = await fetch(`${base}/metrics`, { headers: proxied })
    expect(refused.status).toBe(401)
    expect(refused.headers.get('www-authenticate')).toBe('Bearer realm="metrics"')
    expect(await refused.json()).toMatchObject({ error: 'unauthorized' })
    const wrong = await fetch(`${base}/metrics`, { headers: { ...proxied, authorization: 'Bearer wrong-token-here' } })
    expect(wrong.status).toBe(403)
    expect(await wrong.json()).toMatchObject({ error: 'forbidden' })
    const opened = await fetch(`${base}/metrics`, { headers: { ...proxied, authorization: `Bearer ${TOKEN}` } })
    expect(opened.status).toBe(200)
    expect(await opened.text()).toContain('afterglow_page_cache_total')
  })
})
