import fs from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'

// What the built browser bundle sends fans (ADR 025, ADR 026): read from the build the app under test runs.
// That the page fetches nothing more while it loads is tests/e2e/fans-javascript-on-load.test.ts's to hold.
const CLIENT = path.resolve(process.env.AFTERGLOW_BUILD_DIR || 'build', 'client')
const FANS_ROUTES = ['routes/tenant/gallery', 'routes/tenant/event', 'routes/tenant/landing', 'routes/tenant/player']
/** Strings only these admin-side libraries carry into a minified chunk. */
const ADMIN_ONLY = { zod: 'ZodError', 'dnd-kit': 'DndLiveRegion', 'tus-js-client': 'Tus-Resumable', recharts: 'recharts-' }

type Manifest = { entry: { module: string; imports?: string[] }; routes: Record<string, { module: string; imports?: string[] }> }

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
      for (const [library, mark] of Object.entries(ADMIN_ONLY)) expect(code.includes(mark), `${library} in ${script}, loaded by ${route}`).toBe(false)
    }
  })

  it('the gallery page, where shared links lead, stays within 120 KB of gzip JavaScript before any photo is opened', () => {
    const kilobytes = scriptsOf('routes/tenant/gallery').reduce((total, script) => total + gzipSync(fs.readFileSync(path.join(CLIENT, script)), { level: 9 }).length, 0) / 1024
    expect(kilobytes).toBeLessThanOrEqual(120)
  })
})
