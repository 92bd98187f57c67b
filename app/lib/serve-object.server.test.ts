import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IMMUTABLE_CACHE, parseRange, serveObject } from './serve-object.server'
import { createLocalStorage, type Storage } from './storage.server'

const KEY = 'company/item/original.mp4'
const BYTES = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256))
let root: string
let storage: Storage

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'afterglow-serve-'))
  storage = createLocalStorage(root)
  await storage.put(KEY, BYTES, { contentType: 'video/mp4' })
})
afterAll(() => fs.rm(root, { recursive: true, force: true }))

const get = (headers: Record<string, string> = {}, method = 'GET') =>
  serveObject(new Request('http://x/media', { method, headers }), storage, KEY, { cacheControl: IMMUTABLE_CACHE })

describe('serving stored media', () => {
  it('serves the whole object with its type, ETag and caching', async () => {
    const response = await get()
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('video/mp4')
    expect(response.headers.get('content-length')).toBe('1000')
    expect(response.headers.get('accept-ranges')).toBe('bytes')
    expect(response.headers.get('cache-control')).toBe(IMMUTABLE_CACHE)
    expect(Buffer.from(await response.arrayBuffer()).equals(BYTES)).toBe(true)
  })

  it('answers a byte range with 206 and the right Content-Range, for seeking', async () => {
    const response = await get({ range: 'bytes=100-199' })
    expect(response.status).toBe(206)
    expect(response.headers.get('content-range')).toBe('bytes 100-199/1000')
    expect(response.headers.get('content-length')).toBe('100')
    expect(Buffer.from(await response.arrayBuffer()).equals(BYTES.subarray(100, 200))).toBe(true)
    const tail = await get({ range: 'bytes=-10' })
    expect(tail.headers.get('content-range')).toBe('bytes 990-999/1000')
    const open = await get({ range: 'bytes=995-' })
    expect(Buffer.from(await open.arrayBuffer()).equals(BYTES.subarray(995))).toBe(true)
  })

  it('refuses an impossible range with 416', async () => {
    const response = await get({ range: 'bytes=5000-6000' })
    expect(response.status).toBe(416)
    expect(response.headers.get('content-range')).toBe('bytes */1000')
  })

  it('answers 304 to a matching If-None-Match, and ignores a range for a stale If-Range', async () => {
    const etag = (await get()).headers.get('etag')!
    expect((await get({ 'if-none-match': etag })).status).toBe(304)
    const stale = await get({ range: 'bytes=0-9', 'if-range': '"old"' })
    expect(stale.status).toBe(200)
    const fresh = await get({ range: 'bytes=0-9', 'if-range': etag })
    expect(fresh.status).toBe(206)
  })

  it('sends headers only for HEAD, and 404 for a missing object', async () => {
    const head = await get({}, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.headers.get('content-length')).toBe('1000')
    expect(head.body).toBeNull()
    const missing = await serveObject(new Request('http://x/'), storage, 'company/item/none.jpg', {
      cacheControl: IMMUTABLE_CACHE,
    })
    expect(missing.status).toBe(404)
  })

  it('names downloads safely in any language', async () => {
    const response = await serveObject(new Request('http://x/'), storage, KEY, {
      cacheControl: 'private, no-cache',
      downloadName: 'Noite "épica".mp4',
    })
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Noite __pica_.mp4"; filename*=UTF-8''Noite%20%22%C3%A9pica%22.mp4`,
    )
  })
})

describe('parseRange', () => {
  it('reads the forms browsers and players send', () => {
    expect(parseRange(null, 10)).toEqual({ kind: 'none' })
    expect(parseRange('bytes=0-', 10)).toEqual({ kind: 'range', range: { start: 0, end: 9 } })
    expect(parseRange('bytes=2-100', 10)).toEqual({ kind: 'range', range: { start: 2, end: 9 } })
    expect(parseRange('bytes=0-1,4-5', 10)).toEqual({ kind: 'none' })
    expect(parseRange('items=0-1', 10)).toEqual({ kind: 'unsatisfiable' })
    expect(parseRange('bytes=-0', 10)).toEqual({ kind: 'unsatisfiable' })
  })
})
