// `npm run backup -- [--database-format=pg_dump|copy] [folder]` writes a consistent copy of the
// database and every media file, with a manifest of SHA-256 checksums; `npm run restore -- <folder>`
// brings one into an empty database and empty storage. Both use the app's configuration
// (DATABASE_URL, DATA_DIR or S3_*); without DATABASE_URL, the embedded database of DATA_DIR (stop
// the app first). The database goes through pg_dump where one fits the server, else table by
// table in the app's own format (ADR 065); --database-format picks one. The work is in
// app/features/backup/server/, loaded through Vite like the billing setup.
import path from 'node:path'
import { createServer } from 'vite'

const usage = 'usage: node scripts/backup.js backup [--database-format=pg_dump|copy] [folder] | restore <folder>'
const [mode, ...rest] = process.argv.slice(2)
const formatOption = rest.find((argument) => argument.startsWith('--database-format='))
const databaseFormat = formatOption ? formatOption.slice('--database-format='.length) : 'auto'
const folderArgument = rest.find((argument) => !argument.startsWith('--'))
if ((mode !== 'backup' && mode !== 'restore') || !['auto', 'pg_dump', 'copy'].includes(databaseFormat) || (mode === 'restore' && formatOption) || rest.some((argument) => argument.startsWith('--') && argument !== formatOption)) {
  console.error(usage)
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
    await createBackup({ ...target, databaseFormat })
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
