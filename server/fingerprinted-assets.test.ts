import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import type http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rawRequest, serveAlone } from '../tests/support/raw-request'
import { fingerprintedAssets, preferredEncoding } from './fingerprinted-assets'

const SCRIPT = `export const lines = [${Array.from({ length: 400 }, (_, i) => `'line ${i}'`).join(',')}]\n`
let directory = ''
let server: http.Server
let base = ''

function get(name: string, headers: Record<string, string> = {}, method = 'GET') {
  return rawRequest(`${base}/assets/${name}`, headers, method)
}

// Brotli and gzip at their best compression are CPU-bound: slow when the machine is shared.
describe('the build’s fingerprinted scripts and styles', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    directory = mkdtempSync(path.join(os.tmpdir(), 'assets-'))
    writeFileSync(path.join(directory, 'gallery-AbC123.js'), SCRIPT)
    writeFileSync(path.join(directory, 'app-XyZ.css'), 'body{color:red}')
    // What the app has behind it (the static file server) answers 418.
    const served = await serveAlone(
      fingerprintedAssets({ directory, appUrl: 'https://afterglow.test', isDevelopment: false }),
    )
    server = served.server
    base = served.base
  })
  afterAll(() => {
    server?.close()
    rmSync(directory, { recursive: true, force: true })
  })

  it('answers brotli, gzip or plain as the browser accepts, the same script each time, kept a year', async () => {
    const brotli = await get('gallery-AbC123.js', { 'accept-encoding': 'gzip, deflate, br' })
    expect(brotli.status).toBe(200)
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(zlib.brotliDecompressSync(brotli.body).toString()).toBe(SCRIPT)
    const gzip = await get('gallery-AbC123.js', { 'accept-encoding': 'gzip' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(SCRIPT)
    const plain = await get('gallery-AbC123.js')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.toString()).toBe(SCRIPT)
    for (const answer of [brotli, gzip, plain]) {
      expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8')
      expect(answer.headers['cache-control']).toContain('immutable')
      expect(answer.headers['vary']).toBe('Accept-Encoding')
      expect(answer.headers['x-content-type-options']).toBe('nosniff')
      expect(answer.headers['etag']).toBe(plain.headers['etag'])
    }
  })

  it('prefers brotli, then gzip, as a browser allows them', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br')
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip')
    expect(preferredEncoding('gzip;q=0.5')).toBe('gzip')
    expect(preferredEncoding('*')).toBe('br')
    expect(preferredEncoding('identity')).toBeNull()
    expect(preferredEncoding('gzip;q=0')).toBeNull()
    expect(preferredEncoding(undefined)).toBeNull()
  })

  it('sends a style plain when compressing would not make it smaller, and 304 to a browser that has it', async () => {
    const style = await get('app-XyZ.css', { 'accept-encoding': 'br' })
    expect(style.headers['content-encoding']).toBeUndefined()
    expect(style.body.toString()).toBe('body{color:red}')
    const again = await get('app-XyZ.css', { 'if-none-match': style.headers['etag'] as string })
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)
  })

  it('answers HEAD with the length alone, and leaves ranges, other methods and unknown names to the server behind', async () => {
    const head = await get('gallery-AbC123.js', {}, 'HEAD')
    expect(head.status).toBe(200)
    expect(Number(head.headers['content-length'])).toBe(Buffer.byteLength(SCRIPT))
    expect((await get('gallery-AbC123.js', { range: 'bytes=0-9' })).status).toBe(418)
    expect((await get('gallery-AbC123.js', {}, 'POST')).status).toBe(418)
    expect((await get('missing-123.js')).status).toBe(418)
    expect((await get('../secret.js')).status).toBe(418)
  })
})
