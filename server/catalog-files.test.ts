import type http from 'node:http'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shippedCatalog } from '#app/lib/i18n.server'
import { rawRequest, serveAlone } from '../tests/support/raw-request'
import { catalogFiles } from './catalog-files'

let server: http.Server
let base = ''

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  rawRequest(`${base}${path}`, headers, method)

// Each catalog is imported on first ask and compressed with brotli: CPU-bound, slow when the machine is shared.
describe('the translations’ files pages name', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    // What the app has behind it (its pages, their 404) answers 418.
    const served = await serveAlone(catalogFiles({ appUrl: 'https://afterglow.test', isDevelopment: false }))
    server = served.server
    base = served.base
  })
  afterAll(() => {
    server?.close()
  })

  it('answers the area’s catalog in the language its name says, compressed as the browser accepts, kept a year', async () => {
    const fans = shippedCatalog('pt', 'fans')
    expect(fans.href).toMatch(/^\/i18n\/pt\.fans\.[\w-]{12}\.json$/)
    const brotli = await get(fans.href, { 'accept-encoding': 'gzip, br' })
    expect(brotli.status).toBe(200)
    expect(brotli.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(brotli.headers['x-content-type-options']).toBe('nosniff')
    const texts = JSON.parse(zlib.brotliDecompressSync(brotli.body).toString())
    expect(texts).toEqual(fans.resources)
    expect(Object.keys(texts)).toEqual(['pt'])
    expect(texts.pt.public).toBeDefined()
    expect(texts.pt.leads).toBeUndefined()

    const gzip = await get(fans.href, { 'accept-encoding': 'gzip' })
    expect(JSON.parse(zlib.gunzipSync(gzip.body).toString())).toEqual(fans.resources)
    const plain = await get(fans.href)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(plain.body.toString())).toEqual(fans.resources)

    const again = await get(fans.href, { 'if-none-match': plain.headers.etag as string })
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)
  })

  it('names each language and area apart, and staff get the whole catalog', async () => {
    const hrefs = (['en', 'pt', 'es', 'fr'] as const).flatMap((language) =>
      (['staff', 'platform', 'fans'] as const).map((area) => shippedCatalog(language, area).href),
    )
    expect(new Set(hrefs).size).toBe(12)
    const staff = JSON.parse((await get(shippedCatalog('fr', 'staff').href)).body.toString())
    expect(Object.keys(staff.fr)).toEqual(expect.arrayContaining(['leads', 'public', 'home']))
  })

  it('gives a page rendered before the texts changed today’s texts, not to be kept', async () => {
    const current = shippedCatalog('es', 'platform')
    const older = current.href.replace(current.version, 'olderVersion')
    const answer = await get(older)
    expect(answer.status).toBe(200)
    expect(answer.headers['cache-control']).toBe('no-cache')
    expect(JSON.parse(answer.body.toString())).toEqual(current.resources)
  })

  it('leaves any other address, and any other method, to the app behind', async () => {
    const { href } = shippedCatalog('en', 'fans')
    expect((await get(href.replace('/en.', '/de.'))).status).toBe(418)
    expect((await get(href.replace('.fans.', '.admins.'))).status).toBe(418)
    expect((await get(href.replace('.json', '.js'))).status).toBe(418)
    expect((await get(`${href}/..`)).status).toBe(418)
    expect((await get('/i18n/')).status).toBe(418)
    expect((await get(href, {}, 'POST')).status).toBe(418)
    const head = await get(href, {}, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.body.length).toBe(0)
  })
})
