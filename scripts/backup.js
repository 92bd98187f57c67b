// `npm run backup -- [--database-format=pg_dump|copy] [folder]` writes a consistent copy of the
// database and every media file, with a manifest of SHA-256 checksums; `npm run restore -- <folder>`
// brings one into an empty database and empty storage. Both use the app's configuration
// (DATABASE_URL, DATA_DIR or S3_*); without DATABASE_URL, the embedded database of DATA_DIR: the
// running app's, or one started for the script (a restore needs the app stopped). The default
// folder is under BACKUP_DIR (else ./backups). The database goes through pg_dump where one fits the server, else table by
// table in the app's own format (ADR 065); --database-format picks one. The work is in
// app/features/backup/server/ (loaded as load-app-modules.js says).
import path from 'node:path'
import { bundleAppModules, DEPLOYMENT_MODULES } from './load-app-modules.js'

const usage = 'usage: node scripts/backup.js backup [--database-format=pg_dump|copy] [folder] | restore <folder>'
const [mode, ...rest] = process.argv.slice(2)
const formatOption = rest.find((argument) => argument.startsWith('--database-format='))
const databaseFormat = formatOption ? formatOption.slice('--database-format='.length) : 'auto'
const folderArgument = rest.find((argument) => !argument.startsWith('--'))
if (
  (mode !== 'backup' && mode !== 'restore') ||
  !['auto', 'pg_dump', 'copy'].includes(databaseFormat) ||
  (mode === 'restore' && formatOption) ||
  rest.some((argument) => argument.startsWith('--') && argument !== formatOption)
) {
  console.error(usage)
  process.exit(2)
}
if (mode === 'restore' && !folderArgument) {
  console.error('usage: npm run restore -- <backup folder>')
  process.exit(2)
}
process.env.LOG_LEVEL ??= 'warn'
const directory = path.resolve(
  folderArgument ??
    path.join(process.env.BACKUP_DIR || 'backups', `afterglow-${new Date().toISOString().replace(/[:.]/g, '-')}`),
)

let embedded = null
try {
  const load = await bundleAppModules([...DEPLOYMENT_MODULES, 'createBackup', 'restoreBackup'])
  const { getEnv } = await load('env')
  const { createStorage } = await load('storage')
  const env = getEnv()
  if (env.isEmbeddedDatabase) {
    // A backup reads one snapshot, so it may run beside the app on its embedded database; a
    // restore writes into an empty one, so it starts the server itself (refused while the app runs).
    const { openEmbeddedPostgres, startEmbeddedPostgres } = await load('embedded')
    embedded = await (mode === 'backup' ? openEmbeddedPostgres : startEmbeddedPostgres)(env.DATA_DIR)
  }
  const target = {
    databaseUrl: embedded?.url ?? env.DATABASE_URL,
    storage: createStorage(env),
    directory,
    log: (line) => console.log(line),
  }
  if (mode === 'backup') {
    const { createBackup } = await load('createBackup')
    await createBackup({ ...target, databaseFormat })
  } else {
    const { restoreBackup } = await load('restoreBackup')
    await restoreBackup(target)
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  await embedded?.stop()
}
