import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { brotliDecompressSync, gzipSync } from 'node:zlib'
import { describe, expect, inject, it } from 'vitest'

// What the built browser bundle sends fans (ADR 025, ADR 026): read from the build the app under test runs.
// That the page fetches nothing more while it loads is tests/e2e/fans-javascript-on-load.test.ts's to hold.
const CLIENT = path.resolve(process.env.AFTERGLOW_BUILD_DIR || 'build', 'client')
const FANS_ROUTES = ['routes/tenant/gallery', 'routes/tenant/event', 'routes/tenant/landing', 'routes/tenant/player']
/** Strings only these admin-side libraries carry into a minified chunk. */
const ADMIN_ONLY = {
  zod: 'ZodError',
  'dnd-kit': 'DndLiveRegion',
  'tus-js-client': 'Tus-Resumable',
  recharts: 'recharts-',
}

type Manifest = {
  entry: { module: string; imports?: string[] }
  routes: Record<string, { module: string; imports?: string[] }>
}

function readManifest(): Manifest {
  const file = fs.readdirSync(path.join(CLIENT, 'assets')).find((name) => /^manifest-.*\.js$/.test(name))
  if (!file) throw new Error(`no manifest in ${CLIENT}: run the build first`)
  const source = fs.readFileSync(path.join(CLIENT, 'assets', file), 'utf8')
  return JSON.parse(source.slice(source.indexOf('{'), source.lastIndexOf('}') + 1)) as Manifest
}

describe("the fans' JavaScript", () => {
  const manifest = readManifest()
  const scriptsOf = (route: string) => {
    const parts = [manifest.entry, manifest.routes.root, manifest.routes[route]]
    return [...new Set(parts.flatMap((part) => [part.module, ...(part.imports ?? [])]))]
  }

  it.each(FANS_ROUTES)('%s loads none of the admin libraries (zod, dnd-kit, tus, recharts)', (route) => {
    expect(manifest.routes[route], route).toBeDefined()
    for (const script of scriptsOf(route)) {
      const code = fs.readFileSync(path.join(CLIENT, script), 'utf8')
      for (const [library, mark] of Object.entries(ADMIN_ONLY))
        expect(code.includes(mark), `${library} in ${script}, loaded by ${route}`).toBe(false)
    }
  })

  it('the gallery page, where shared links lead, stays within 120 KB of gzip JavaScript before any photo is opened', () => {
    const kilobytes =
      scriptsOf('routes/tenant/gallery').reduce(
        (total, script) => total + gzipSync(fs.readFileSync(path.join(CLIENT, script)), { level: 9 }).length,
        0,
      ) / 1024
    expect(kilobytes).toBeLessThanOrEqual(120)
  })

  it('serves the files of public/ as the build copied them, kept an hour', async () => {
    const answer = await fetch(`${inject('baseUrl')}/favicon.svg`)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('cache-control')).toBe('public, max-age=3600')
    expect(Buffer.from(await answer.arrayBuffer()).equals(fs.readFileSync(path.join(CLIENT, 'favicon.svg')))).toBe(true)
  })

  it('comes from the app as the build wrote it, brotli-compressed once, kept a year, and 304 to a browser that has it', async () => {
    const baseUrl = inject('baseUrl')
    for (const script of scriptsOf('routes/tenant/gallery')) {
      // A raw answer: fetch would decode the body and hide how it travelled.
      const answer = await new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
        (resolve, reject) => {
          http
            .get(`${baseUrl}${script}`, { headers: { 'accept-encoding': 'gzip, deflate, br' } }, (response) => {
              const chunks: Buffer[] = []
              response.on('data', (chunk: Buffer) => chunks.push(chunk))
              response.on('end', () =>
                resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
              )
            })
            .on('error', reject)
        },
      )
      expect(answer.status, script).toBe(200)
      expect(answer.headers['content-encoding'], script).toBe('br')
      expect(answer.headers['cache-control'], script).toContain('immutable')
      expect(brotliDecompressSync(answer.body).equals(fs.readFileSync(path.join(CLIENT, script))), script).toBe(true)
      const again = await fetch(`${baseUrl}${script}`, { headers: { 'if-none-match': String(answer.headers.etag) } })
      expect(again.status, script).toBe(304)
    }
  })
})
