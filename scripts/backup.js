// `npm run backup -- [folder]` writes a consistent database dump and every media file, with a
// manifest of SHA-256 checksums; `npm run restore -- <folder>` brings one into an empty database
// and empty storage. Both use the app's configuration (DATABASE_URL, DATA_DIR or S3_*); without
// DATABASE_URL, the embedded database of DATA_DIR (stop the app first). The work is in
// app/features/backup/server/, loaded through Vite like the billing setup.
import path from 'node:path'
import { createServer } from 'vite'

const [mode, folderArgument] = process.argv.slice(2)
if (mode !== 'backup' && mode !== 'restore') {
  console.error('usage: node scripts/backup.js backup [folder] | restore <folder>')
  process.exit(2)
}
if (mode === 'restore' && !folderArgument) {
  console.error('usage: npm run restore -- <backup folder>')
  process.exit(2)
}
process.env.LOG_LEVEL ??= 'warn'
const directory = path.resolve(folderArgument ?? path.join('backups', `afterglow-${new Date().toISOString().replace(/[:.]/g, '-')}`))

const root = path.resolve(import.meta.dirname, '..')
const vite = await createServer({ root, configFile: false, server: { middlewareMode: true, hmr: false }, appType: 'custom', logLevel: 'warn', optimizeDeps: { noDiscovery: true } })
let embedded = null
try {
  const { getEnv } = await vite.ssrLoadModule('/app/lib/env.server.ts')
  const { createStorage } = await vite.ssrLoadModule('/app/lib/storage.server.ts')
  const env = getEnv()
  if (env.isEmbeddedDatabase) {
    const { startEmbeddedPostgres } = await vite.ssrLoadModule('/server/embedded-postgres.ts')
    embedded = await startEmbeddedPostgres(env.DATA_DIR)
  }
  const target = { databaseUrl: embedded?.url ?? env.DATABASE_URL, storage: createStorage(env), directory, log: (line) => console.log(line) }
  if (mode === 'backup') {
    const { createBackup } = await vite.ssrLoadModule('/app/features/backup/server/create-backup.server.ts')
    await createBackup(target)
  } else {
    const { restoreBackup } = await vite.ssrLoadModule('/app/features/backup/server/restore-backup.server.ts')
    await restoreBackup(target)
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  await embedded?.stop()
  await vite.close()
}
