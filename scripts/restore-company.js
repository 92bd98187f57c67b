// `npm run restore-company -- <archive.zip> [--slug new-slug]` restores one company's backup
// archive (downloaded from Settings → Backups) as a new company of this platform, with new ids:
// the original, here or anywhere, is never touched. Uses the app's configuration (DATABASE_URL,
// DATA_DIR or S3_*); without DATABASE_URL, the embedded database of DATA_DIR (the running app's,
// or one started for the script).
import path from 'node:path'
import { parseArgs } from 'node:util'
import { bundleAppModules, DEPLOYMENT_MODULES } from './load-app-modules.js'

let parsed
try {
  parsed = parseArgs({ allowPositionals: true, options: { slug: { type: 'string' } } })
} catch (error) {
  console.error(`${error.message}\nusage: npm run restore-company -- <archive.zip> [--slug new-slug]`)
  process.exit(2)
}
if (parsed.positionals.length !== 1) {
  console.error('usage: npm run restore-company -- <archive.zip> [--slug new-slug]')
  process.exit(2)
}
process.env.LOG_LEVEL ??= 'warn'
const archiveFile = path.resolve(parsed.positionals[0])

let embedded = null
let disconnect = null
try {
  const load = await bundleAppModules([...DEPLOYMENT_MODULES, 'db', 'restoreCompanyArchive', 'access'])
  const { getEnv } = await load('env')
  const { createStorage } = await load('storage')
  const { connectDatabase, disconnectDatabase } = await load('db')
  const env = getEnv()
  if (env.isEmbeddedDatabase) {
    // The running app's, when it runs; else one started for the script.
    const { openEmbeddedPostgres } = await load('embedded')
    embedded = await openEmbeddedPostgres(env.DATA_DIR)
  }
  connectDatabase(embedded?.url ?? env.DATABASE_URL, { max: 2 })
  disconnect = disconnectDatabase
  const { restoreCompanyArchive } = await load('restoreCompanyArchive')
  const { asPlatform, asSystem } = await load('access')
  await restoreCompanyArchive({
    archiveFile,
    storage: createStorage(env),
    slug: parsed.values.slug,
    log: (line) => console.log(line),
    asSystem,
    sweep: asPlatform('backup.restore-company'),
  })
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  await disconnect?.()
  await embedded?.stop()
}
