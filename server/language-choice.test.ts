import type { Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rawRequest, serveAlone } from '../tests/support/raw-request'
import { languageChoice } from './language-choice'

let server: Server
let base = ''
/** What a browser sends for a page, a form's request included. */
const PAGE = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' }

beforeAll(async () => {
  ;({ server, base } = await serveAlone(languageChoice()))
})
afterAll(() => new Promise((resolve) => server.close(resolve)))

describe('a language chosen without the page’s script', () => {
  it('keeps the choice in the language cookie and sends the browser back to the same page, its other parameters kept', async () => {
    const answer = await rawRequest(`${base}/demo/galeria/noite?chapter=3&lang=fr&after=x`, PAGE)
    expect(answer.status).toBe(303)
    expect(answer.headers.location).toBe('/demo/galeria/noite?chapter=3&after=x')
    expect(answer.headers['set-cookie']).toEqual(['lang=fr; Path=/; Max-Age=31536000; SameSite=Lax'])
    expect(answer.headers['cache-control']).toBe('no-store')
    expect((await rawRequest(`${base}/?lang=pt`, PAGE)).headers.location).toBe('/')
  })

  it('changes nothing for a language the app does not have, and still drops the parameter', async () => {
    for (const value of ['de', '', 'en;', 'PT']) {
      const answer = await rawRequest(`${base}/demo?lang=${encodeURIComponent(value)}`, PAGE)
      expect(answer.status, value).toBe(303)
      expect(answer.headers.location).toBe('/demo')
      expect(answer.headers['set-cookie']).toBeUndefined()
    }
  })

  it('never sends the browser to another site', async () => {
    for (const path of ['/.//evil.example/x?lang=es', '//evil.example/?lang=es', '/%2F%2Fevil.example?lang=es']) {
      const location = (await rawRequest(`${base}${path}`, PAGE)).headers.location!
      expect(location, path).toMatch(/^\/(?!\/)/)
      expect(new URL(location, 'https://afterglow.example').host).toBe('afterglow.example')
    }
  })

  it('passes on everything else: other methods, other parameters, a value that only looks like it', async () => {
    expect((await rawRequest(`${base}/demo?lang=es`, PAGE, 'POST')).status).toBe(418)
    expect((await rawRequest(`${base}/demo?language=es`, PAGE)).status).toBe(418)
    expect((await rawRequest(`${base}/demo?q=lang=es`, PAGE)).status).toBe(418)
    expect((await rawRequest(`${base}/demo`, PAGE)).status).toBe(418)
  })

  it('leaves the API and requests for anything but a page as they were', async () => {
    expect((await rawRequest(`${base}/api/v1/galleries?lang=es`, PAGE)).status).toBe(418)
    expect((await rawRequest(`${base}/api/v1/galleries?lang=es`, { accept: 'application/json' })).status).toBe(418)
    expect((await rawRequest(`${base}/demo?lang=es`, { accept: 'application/json' })).status).toBe(418)
    expect((await rawRequest(`${base}/demo?lang=es`)).status).toBe(418)
  })
})
