// How the operator scripts (billing:setup, backup, restore, restore-company) load the app's own
// TypeScript: bundled in one go by rolldown, the bundler Vite itself runs on, into a folder of
// node_modules/.cache that lives as long as the script (ADR 070). Packages stay imports from
// node_modules; a module that several entries use (the database pool, the environment) is one
// shared chunk, so it loads once, as it does in the app. Far quicker than starting a Vite server
// to load the same files.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'rolldown'

const root = path.resolve(import.meta.dirname, '..')

/** Whether an import names a package (left to node_modules) rather than a file of the app. */
const isPackage = (id) => !id.startsWith('.') && !id.startsWith('#') && !path.isAbsolute(id)

/** What every script that works on a deployment's data needs first: its settings, its storage and, on a laptop, the embedded database. */
export const DEPLOYMENT_MODULES = {
  env: 'app/lib/env.server.ts',
  storage: 'app/lib/storage.server.ts',
  embedded: 'server/embedded-postgres.ts',
}

/**
 * Bundles `entries` (a name for each, a path from the project's root) and returns a loader: `load(name)`
 * imports that entry. The bundle is removed when the script exits.
 */
export async function bundleAppModules(entries) {
  const cache = path.join(root, 'node_modules', '.cache')
  mkdirSync(cache, { recursive: true })
  const dir = mkdtempSync(path.join(cache, 'afterglow-script-'))
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }))
  const input = Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, path.join(root, file)]))
  await build({
    cwd: root,
    input,
    platform: 'node',
    external: isPackage,
    logLevel: 'warn',
    output: { dir, format: 'esm', entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' },
  })
  return (name) => import(pathToFileURL(path.join(dir, `${name}.mjs`)).href)
}
