// How the operator scripts (billing:setup, backup, restore, restore-company, storage:orphans) load
// the app's own TypeScript: bundled in one go by rolldown, the bundler Vite itself runs on, into a
// folder of node_modules/.cache that lives as long as the script (ADR 070). Packages stay imports
// from node_modules; a module that several entries use (the database pool, the environment) is one
// shared chunk, so it loads once, as it does in the app. Far quicker than starting a Vite server
// to load the same files.
//
// A deployed copy has no development dependencies, so no rolldown (ADR 094): the image's build
// bundles every module of OPERATOR_MODULES once, with `node scripts/load-app-modules.js --prebuild`,
// into the build's `operator-scripts` folder, and the scripts load that bundle instead.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const root = path.resolve(import.meta.dirname, '..')

/** Every app module an operator script may load, by the name the scripts ask for it. */
export const OPERATOR_MODULES = {
  env: 'app/lib/env.server.ts',
  storage: 'app/lib/storage.server.ts',
  embedded: 'server/embedded-postgres.ts',
  db: 'app/lib/db.server.ts',
  access: 'app/access/tenant.server.ts',
  createBackup: 'app/features/backup/server/create-backup.server.ts',
  restoreBackup: 'app/features/backup/server/restore-backup.server.ts',
  restoreCompanyArchive: 'app/features/backup/server/restore-company-archive.server.ts',
  sweepOrphanFiles: 'app/features/media/server/sweep-orphan-files.server.ts',
  setUpStripePrices: 'app/features/billing/server/set-up-stripe-prices.server.ts',
  stripeProvider: 'app/features/billing/server/stripe-provider.server.ts',
}

/** What every script that works on a deployment's data needs first: its settings, its storage and, on a laptop, the embedded database. */
export const DEPLOYMENT_MODULES = ['env', 'storage', 'embedded']

/** Where a production build keeps the operator scripts' bundle (beside the app's, see react-router.config.ts). */
export const prebuiltDirectory = () =>
  path.join(path.resolve(root, process.env.AFTERGLOW_BUILD_DIR || 'build'), 'operator-scripts')

/** Whether an import names a package (left to node_modules) rather than a file of the app. */
const isPackage = (id) => !id.startsWith('.') && !id.startsWith('#') && !path.isAbsolute(id)

async function bundle(rolldown, names, dir) {
  const unknown = names.filter((name) => !(name in OPERATOR_MODULES))
  if (unknown.length) throw new Error(`Not an operator module: ${unknown.join(', ')} (see OPERATOR_MODULES)`)
  await rolldown.build({
    cwd: root,
    input: Object.fromEntries(names.map((name) => [name, path.join(root, OPERATOR_MODULES[name])])),
    platform: 'node',
    external: isPackage,
    logLevel: 'warn',
    output: { dir, format: 'esm', entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' },
  })
}

/** rolldown, where the development dependencies are installed; null in a deployed copy. */
async function findRolldown() {
  try {
    return await import('rolldown')
  } catch (error) {
    if (error?.code === 'ERR_MODULE_NOT_FOUND') return null
    throw error
  }
}

/**
 * Bundles the modules `names` (keys of OPERATOR_MODULES) and returns a loader: `load(name)`
 * imports that entry. The bundle is removed when the script exits. Without rolldown, the build's
 * prebuilt bundle is loaded instead.
 */
export async function bundleAppModules(names) {
  const rolldown = await findRolldown()
  if (!rolldown) {
    const dir = prebuiltDirectory()
    if (!existsSync(dir))
      throw new Error(
        `No operator scripts' bundle at ${dir}, and no rolldown to make one: build with deploy/build-image-steps.sh, or install the development dependencies (npm ci)`,
      )
    return (name) => {
      if (!names.includes(name)) throw new Error(`${name} was not asked for`)
      return import(pathToFileURL(path.join(dir, `${name}.mjs`)).href)
    }
  }
  const cache = path.join(root, 'node_modules', '.cache')
  mkdirSync(cache, { recursive: true })
  const dir = mkdtempSync(path.join(cache, 'afterglow-script-'))
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }))
  await bundle(rolldown, names, dir)
  return (name) => import(pathToFileURL(path.join(dir, `${name}.mjs`)).href)
}

// `node scripts/load-app-modules.js --prebuild`: the production build's bundle of every module.
if (process.argv[1] === import.meta.filename && process.argv[2] === '--prebuild') {
  const rolldown = await findRolldown()
  if (!rolldown) {
    console.error('--prebuild needs rolldown: run it before the development dependencies are pruned')
    process.exit(1)
  }
  const dir = prebuiltDirectory()
  rmSync(dir, { recursive: true, force: true })
  await bundle(rolldown, Object.keys(OPERATOR_MODULES), dir)
  console.log(`Operator scripts' modules bundled into ${path.relative(process.cwd(), dir) || dir}`)
}
