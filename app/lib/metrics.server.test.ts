import { describe, expect, it } from 'vitest'
import { parsePrometheusText, samplesOf, valueOf } from '../../tests/support/prometheus-text'
import {
  countPageCache,
  countRefusal,
  countUploadWrite,
  keptFor,
  readAtScrape,
  scrapeMetrics,
  type QueueFigures,
} from './metrics.server'

const scrape = async () => parsePrometheusText((await scrapeMetrics()).body)

describe('keptFor', () => {
  it('answers a read again for its time, shares one under way, and reads again after', async () => {
    let now = 1_000
    let reads = 0
    const read = keptFor(
      5_000,
      async () => ++reads,
      () => now,
    )
    expect(await Promise.all([read(), read(), read()])).toEqual([1, 1, 1])
    now += 4_999
    expect(await read()).toBe(1)
    now += 1
    expect(await read()).toBe(2)
  })

  it('keeps no failed read: the next scrape asks again', async () => {
    let fails = true
    const read = keptFor(5_000, async () => {
      if (fails) throw new Error('database away')
      return 'ok'
    })
    await expect(read()).rejects.toThrow('database away')
    fails = false
    expect(await read()).toBe('ok')
  })
})

describe('the counters', () => {
  it("counts refusals by their limit's name, a gallery's own limits under one", async () => {
    const before = await scrape()
    countRefusal('gallery-pin:0b6f7c2e-1d2a-4f7e-9c3b-1a2b3c4d5e6f')
    countRefusal('gallery-pin:9d3a1c2e-1d2a-4f7e-9c3b-1a2b3c4d5e6f')
    countRefusal('lead-capture')
    const after = await scrape()
    const refusals = (door: string, from: typeof before) =>
      valueOf(from, 'afterglow_rate_limit_refusals_total', { door })
    expect(refusals('gallery-pin', after)).toBe(refusals('gallery-pin', before) + 2)
    expect(refusals('lead-capture', after)).toBe(refusals('lead-capture', before) + 1)
    expect(
      samplesOf(after, 'afterglow_rate_limit_refusals_total').every((sample) => !sample.labels.door.includes(':')),
    ).toBe(true)
  })

  it('counts page cache results', async () => {
    const before = valueOf(await scrape(), 'afterglow_page_cache_total', { result: 'stale' })
    countPageCache('stale')
    expect(valueOf(await scrape(), 'afterglow_page_cache_total', { result: 'stale' })).toBe(before + 1)
  })

  it('holds an upload write as in flight while it runs, and counts the bytes it stored', async () => {
    const before = await scrape()
    let finish: (offset: number) => void = () => undefined
    const writing = countUploadWrite(1_000, () => new Promise<number>((resolve) => (finish = resolve)))
    const during = await scrape()
    expect(valueOf(during, 'afterglow_uploads_in_flight')).toBe(valueOf(before, 'afterglow_uploads_in_flight') + 1)
    finish(5_000)
    expect(await writing).toBe(5_000)
    const after = await scrape()
    expect(valueOf(after, 'afterglow_uploads_in_flight')).toBe(valueOf(before, 'afterglow_uploads_in_flight'))
    expect(valueOf(after, 'afterglow_upload_bytes_total')).toBe(valueOf(before, 'afterglow_upload_bytes_total') + 4_000)
    // A write that fails is no longer in flight, and stored nothing counted.
    await expect(countUploadWrite(0, () => Promise.reject(new Error('ENOSPC')))).rejects.toThrow('ENOSPC')
    expect(valueOf(await scrape(), 'afterglow_uploads_in_flight')).toBe(valueOf(before, 'afterglow_uploads_in_flight'))
  })
})

describe('what a scrape reads', () => {
  it('reports each queue in every state, readiness, the disk and the buffer; a failed read leaves only its own series out', async () => {
    let queuesFail = false
    const queues: QueueFigures[] = [
      { queue: 'media.generate-renditions', queued: 12, active: 2, failed: 1, oldestQueuedSeconds: 42.5 },
      { queue: 'mail.send', queued: 0, active: 0, failed: 0, oldestQueuedSeconds: null },
    ]
    readAtScrape({
      queues: async () => {
        if (queuesFail) throw new Error('database away')
        return structuredClone(queues)
      },
      isReady: async () => true,
      storageFreeBytes: async () => 123_456_789,
      analyticsBufferEvents: () => 7,
    })
    const scraped = await scrape()
    expect(valueOf(scraped, 'afterglow_jobs', { queue: 'media.generate-renditions', state: 'queued' })).toBe(12)
    expect(valueOf(scraped, 'afterglow_jobs', { queue: 'media.generate-renditions', state: 'active' })).toBe(2)
    expect(valueOf(scraped, 'afterglow_jobs', { queue: 'media.generate-renditions', state: 'failed' })).toBe(1)
    expect(
      samplesOf(scraped, 'afterglow_jobs', { queue: 'mail.send' })
        .map((sample) => sample.labels.state)
        .sort(),
    ).toEqual(['active', 'failed', 'queued'])
    expect(valueOf(scraped, 'afterglow_job_oldest_queued_age_seconds', { queue: 'media.generate-renditions' })).toBe(
      42.5,
    )
    expect(samplesOf(scraped, 'afterglow_job_oldest_queued_age_seconds', { queue: 'mail.send' })[0].value).toBe(0)
    expect(valueOf(scraped, 'afterglow_ready')).toBe(1)
    expect(valueOf(scraped, 'afterglow_storage_free_bytes')).toBe(123_456_789)
    expect(valueOf(scraped, 'afterglow_analytics_buffer_events')).toBe(7)

    // Within the kept time a scrape is answered from what was read.
    queues[0] = { ...queues[0], queued: 99 }
    expect(valueOf(await scrape(), 'afterglow_jobs', { queue: 'media.generate-renditions', state: 'queued' })).toBe(12)

    // Handed over again (a fresh read), the queue's read failing: its series go, the rest stay.
    queuesFail = true
    readAtScrape({
      queues: async () => {
        throw new Error('database away')
      },
      isReady: async () => false,
      storageFreeBytes: null,
      analyticsBufferEvents: () => 0,
    })
    const failed = await scrape()
    expect(samplesOf(failed, 'afterglow_jobs')).toEqual([])
    expect(samplesOf(failed, 'afterglow_job_oldest_queued_age_seconds')).toEqual([])
    expect(valueOf(failed, 'afterglow_ready')).toBe(0)
    // Media in a bucket: no free space to tell.
    expect(samplesOf(failed, 'afterglow_storage_free_bytes')).toEqual([])
    expect(
      samplesOf(failed, 'afterglow_db_pool_connections')
        .map((sample) => sample.labels.state)
        .sort(),
    ).toEqual(['idle', 'total', 'waiting'])
  })
})
