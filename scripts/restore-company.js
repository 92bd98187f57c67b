// `npm run restore-company -- <archive.zip> [--slug new-slug]` restores one company's backup
// archive (downloaded from Settings → Backups) as a new company of this platform, with new ids:
// the original, here or anywhere, is never touched. Uses the app's configuration (DATABASE_URL,
// DATA_DIR or S3_*); without DATABASE_URL, the embedded database of DATA_DIR (stop the app first).
import path from 'node:path'
import { parseArgs } from 'node:util'
import { createServer } from 'vite'

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

const root = path.resolve(import.meta.dirname, '..')
const vite = await createServer({ root, configFile: false, server: { middlewareMode: true, hmr: false }, appType: 'custom', logLevel: 'warn', optimizeDeps: { noDiscovery: true } })
let embedded = null
let disconnect = null
try {
  const { getEnv } = await vite.ssrLoadModule('/app/lib/env.server.ts')
  const { createStorage } = await vite.ssrLoadModule('/app/lib/storage.server.ts')
  const { connectDatabase, disconnectDatabase } = await vite.ssrLoadModule('/app/lib/db.server.ts')
  const env = getEnv()
  if (env.isEmbeddedDatabase) {
    const { startEmbeddedPostgres } = await vite.ssrLoadModule('/server/embedded-postgres.ts')
    embedded = await startEmbeddedPostgres(env.DATA_DIR)
  }
  connectDatabase(embedded?.url ?? env.DATABASE_URL, { max: 2 })
  disconnect = disconnectDatabase
  const { restoreCompanyArchive } = await vite.ssrLoadModule('/app/features/backup/server/restore-company-archive.server.ts')
  await restoreCompanyArchive({ archiveFile, storage: createStorage(env), slug: parsed.values.slug, log: (line) => console.log(line) })
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  await disconnect?.()
  await embedded?.stop()
  await vite.close()
}
