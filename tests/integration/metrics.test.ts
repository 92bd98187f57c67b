import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { MARKETING_FORM_RATE_LIMIT } from '#app/features/marketing/server/marketing-form-rate-limit.server'
import { contentItem } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { waitForAssetsReady } from '../support/assets'
import { createCompanyAdmin } from '../support/fixtures'
import { TestClient } from '../support/http-client'
import { makePhoto } from '../support/media-files'
import { parsePrometheusText, samplesOf, valueOf, type Scrape } from '../support/prometheus-text'
import { startSecondApp } from '../support/second-app'
import { tusUpload } from '../support/tus'

const METRICS = [
  ['afterglow_http_request_duration_seconds', 'histogram'],
  ['afterglow_page_cache_total', 'counter'],
  ['afterglow_jobs', 'gauge'],
  ['afterglow_job_oldest_queued_age_seconds', 'gauge'],
  ['afterglow_db_pool_connections', 'gauge'],
  ['afterglow_db_pool_wait_seconds', 'histogram'],
  ['afterglow_sse_connections', 'gauge'],
  ['afterglow_analytics_buffer_events', 'gauge'],
  ['afterglow_analytics_events_dropped_total', 'counter'],
  ['afterglow_rate_limit_refusals_total', 'counter'],
  ['afterglow_uploads_in_flight', 'gauge'],
  ['afterglow_upload_bytes_total', 'counter'],
  ['afterglow_storage_free_bytes', 'gauge'],
  ['afterglow_ready', 'gauge'],
  // prom-client's own: memory, event-loop lag, GC.
  ['process_resident_memory_bytes', 'gauge'],
  ['nodejs_heap_size_used_bytes', 'gauge'],
  ['nodejs_eventloop_lag_p99_seconds', 'gauge'],
  ['nodejs_gc_duration_seconds', 'histogram'],
] as const

async function scrapeOf(client: TestClient, headers: Record<string, string> = {}): Promise<Scrape> {
  const response = await client.get('/metrics', headers)
  expect(response.status, response.text).toBe(200)
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4; charset=utf-8/)
  return parsePrometheusText(response.text)
}

const requestsOf = (scrape: Scrape, kind: string) =>
  valueOf(scrape, 'afterglow_http_request_duration_seconds_count', { kind, method: 'GET', status_class: '2xx' })

describe('GET /metrics', () => {
  it("counts fans' pages, photos, the admin and the API by kind, the page cache, uploads, the job queue and the pool", async () => {
    const admin = await createCompanyAdmin('metrics')
    const [gallery] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({
          companyId: admin.company.id,
          kind: 'gallery',
          title: 'Counted',
          slug: 'counted',
          status: 'published',
          publishedAt: new Date(),
        })
        .returning(),
    )
    const monitoring = new TestClient()
    const before = await scrapeOf(monitoring)

    const photo = await makePhoto(1200, 800, '#3a6')
    const uploaded = await tusUpload(admin.client, photo, {
      filename: 'counted.jpg',
      purpose: 'gallery-media',
      contentItemId: gallery.id,
    })
    if (!uploaded.ok) throw new Error(`upload failed: ${uploaded.status} ${uploaded.body}`)
    await waitForAssetsReady([uploaded.assetId!])

    const fan = new TestClient()
    const page = `/${admin.company.slug}/galeria/counted`
    const first = await fan.get(page)
    expect(first.status).toBe(200)
    expect(first.headers['x-afterglow-cache']).toBe('miss')
    const again = await fan.get(page)
    expect(again.headers['x-afterglow-cache']).toBe('hit')
    expect((await fan.get(`/p/${uploaded.assetId}/w400.webp`)).status).toBe(200)
    expect((await admin.client.get('/admin')).status).toBe(200)
    expect((await fan.get('/api/health/live')).status).toBe(200)

    const after = await scrapeOf(monitoring)
    for (const [name, type] of METRICS) expect(after.types.get(name), name).toBe(type)

    // Every kind of request moved, the kept page answered before Express among them.
    expect(requestsOf(after, 'fan_page')).toBeGreaterThanOrEqual(requestsOf(before, 'fan_page') + 2)
    expect(requestsOf(after, 'photo')).toBeGreaterThanOrEqual(requestsOf(before, 'photo') + 1)
    expect(requestsOf(after, 'admin')).toBeGreaterThanOrEqual(requestsOf(before, 'admin') + 1)
    expect(requestsOf(after, 'api')).toBeGreaterThanOrEqual(requestsOf(before, 'api') + 1)
    // The upload's creation and bytes (POST, PATCH) are API calls too.
    expect(
      valueOf(after, 'afterglow_http_request_duration_seconds_count', { kind: 'api', method: 'PATCH' }),
    ).toBeGreaterThan(
      valueOf(before, 'afterglow_http_request_duration_seconds_count', { kind: 'api', method: 'PATCH' }),
    )
    const buckets = samplesOf(after, 'afterglow_http_request_duration_seconds_bucket', {
      kind: 'fan_page',
      method: 'GET',
    })
    expect(buckets.map((sample) => sample.labels.le)).toContain('+Inf')
    for (const sample of samplesOf(after, 'afterglow_http_request_duration_seconds_count')) {
      expect(['fan_page', 'photo', 'admin', 'api', 'auth', 'other']).toContain(sample.labels.kind)
      expect(sample.labels.status_class).toMatch(/^[1-5]xx$/)
    }

    const cache = (scrape: Scrape, result: string) => valueOf(scrape, 'afterglow_page_cache_total', { result })
    expect(cache(after, 'miss')).toBeGreaterThanOrEqual(cache(before, 'miss') + 1)
    expect(cache(after, 'hit')).toBeGreaterThanOrEqual(cache(before, 'hit') + 1)

    expect(valueOf(after, 'afterglow_upload_bytes_total')).toBeGreaterThanOrEqual(
      valueOf(before, 'afterglow_upload_bytes_total') + photo.length,
    )
    expect(valueOf(after, 'afterglow_uploads_in_flight')).toBe(0)

    // The queue as pg-boss's tables say it: the renditions' queue in each state, and its oldest wait.
    expect(
      samplesOf(after, 'afterglow_jobs', { queue: 'media.generate-renditions' })
        .map((sample) => sample.labels.state)
        .sort(),
    ).toEqual(['active', 'failed', 'queued'])
    expect(
      samplesOf(after, 'afterglow_job_oldest_queued_age_seconds', { queue: 'media.generate-renditions' }),
    ).toHaveLength(1)

    expect(valueOf(after, 'afterglow_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1)
    expect(
      samplesOf(after, 'afterglow_db_pool_connections')
        .map((sample) => sample.labels.state)
        .sort(),
    ).toEqual(['idle', 'total', 'waiting'])
    expect(valueOf(after, 'afterglow_db_pool_wait_seconds_count')).toBeGreaterThan(
      valueOf(before, 'afterglow_db_pool_wait_seconds_count'),
    )
    expect(valueOf(after, 'afterglow_ready')).toBe(1)
    expect(valueOf(after, 'afterglow_storage_free_bytes')).toBeGreaterThan(0)
    expect(samplesOf(after, 'afterglow_sse_connections')).toHaveLength(1)
    expect(samplesOf(after, 'afterglow_analytics_buffer_events')).toHaveLength(1)
    expect(valueOf(after, 'process_resident_memory_bytes')).toBeGreaterThan(0)
  })

  it("counts each refusal once, by its limit: the limit's own, the server's early answer and the route's", async () => {
    const monitoring = new TestClient()
    const refusals = async () =>
      valueOf(await scrapeOf(monitoring), 'afterglow_rate_limit_refusals_total', {
        door: MARKETING_FORM_RATE_LIMIT.bucket,
      })
    const before = await refusals()
    const visitor = new TestClient()
    const tag = randomBytes(4).toString('hex')
    for (let n = 0; n < MARKETING_FORM_RATE_LIMIT.max; n++)
      expect(
        (await visitor.postForm('/?index', { kind: 'newsletter', email: `m-${tag}-${n}@metrics.test` })).status,
      ).toBe(200)
    expect(await refusals()).toBe(before)
    // Refused by the limit, then by the server before the body is read, then by the route for the page's script.
    expect((await visitor.postForm('/?index', { kind: 'newsletter', email: `m-${tag}-x@metrics.test` })).status).toBe(
      429,
    )
    expect((await visitor.postForm('/?index&kind=contact', { kind: 'bogus' })).status).toBe(429)
    expect((await visitor.postForm('/_root.data?index&kind=contact', { kind: 'bogus' })).status).toBe(429)
    expect(await refusals()).toBe(before + 3)
  })

  it('refuses a visitor the proxy in front passes on from loopback: 401 without a token, 403 with a wrong one', async () => {
    const visitor = new TestClient()
    const proxied = { 'x-forwarded-for': '203.0.113.9' }
    const refused = await visitor.get('/metrics', proxied)
    expect(refused.status).toBe(401)
    expect(refused.headers['www-authenticate']).toBe('Bearer realm="metrics"')
    expect(refused.json()).toMatchObject({ error: 'unauthorized' })
    expect(refused.text).not.toContain('afterglow_')
    const wrong = await visitor.get('/metrics', { ...proxied, authorization: 'Bearer not-the-operators-token' })
    expect(wrong.status).toBe(403)
    expect(wrong.text).not.toContain('afterglow_')
  })

  it("a worker process answers its own metrics, the job queue's among them, to the operator's token", async () => {
    const token = 'the-operators-metrics-token'
    const worker = await startSecondApp({ PROCESS_ROLE: 'worker', METRICS_TOKEN: token })
    try {
      const client = new TestClient(worker.url)
      const proxied = { 'x-forwarded-for': '203.0.113.9' }
      expect((await client.get('/metrics', proxied)).status).toBe(401)
      expect(
        (await client.get('/metrics', { ...proxied, authorization: 'Bearer not-the-operators-token' })).status,
      ).toBe(403)
      const scrape = await scrapeOf(client, { ...proxied, authorization: `Bearer ${token}` })
      expect(samplesOf(scrape, 'afterglow_jobs', { queue: 'media.generate-renditions', state: 'queued' })).toHaveLength(
        1,
      )
      expect(valueOf(scrape, 'afterglow_ready')).toBe(1)
      expect(valueOf(scrape, 'afterglow_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1)
      expect(valueOf(scrape, 'process_resident_memory_bytes')).toBeGreaterThan(0)
      expect(scrape.types.get('nodejs_eventloop_lag_p99_seconds')).toBe('gauge')
    } finally {
      await worker.app.stop('SIGTERM')
    }
  })
})
