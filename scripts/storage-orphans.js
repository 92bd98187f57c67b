// `npm run storage:orphans` lists the files in storage (local disk or the S3 bucket) that no
// database row accounts for and that the nightly sweep (media.sweep-orphan-files) would remove:
// a dry run, nothing changes. `-- --remove` removes them now; `-- --grace-hours 48` judges only
// files older than that (24 by default: an upload or rendition being written is never judged).
// When the database knows none of the companies storage names (another database, an empty one),
// nothing is removed unless `-- --remove --force`.
// Uses the app's configuration (DATABASE_URL, DATA_DIR or S3_*); without DATABASE_URL, the
// embedded database of DATA_DIR (the running app's, or one started for the script).
import { parseArgs } from 'node:util'
import { bundleAppModules, DEPLOYMENT_MODULES } from './load-app-modules.js'

const USAGE = 'usage: npm run storage:orphans [-- --remove [--force]] [-- --grace-hours <hours, at least 1>]'

let parsed
try {
  parsed = parseArgs({
    options: { remove: { type: 'boolean' }, force: { type: 'boolean' }, 'grace-hours': { type: 'string' } },
  })
} catch (error) {
  console.error(`${error.message}\n${USAGE}`)
  process.exit(2)
}
const graceHours = parsed.values['grace-hours'] === undefined ? 24 : Number(parsed.values['grace-hours'])
if (!Number.isFinite(graceHours) || graceHours < 1) {
  console.error(`--grace-hours must be a number of hours, at least 1\n${USAGE}`)
  process.exit(2)
}
process.env.LOG_LEVEL ??= 'warn'

const megabytes = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

let embedded = null
let disconnect = null
try {
  const load = await bundleAppModules([...DEPLOYMENT_MODULES, 'db', 'sweepOrphanFiles', 'access'])
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
  const { findUploadKeysInFlight, sweepOrphanFiles } = await load('sweepOrphanFiles')
  const { asPlatform } = await load('access')
  const storage = createStorage(env)
  const report = await sweepOrphanFiles(asPlatform('media.storage-orphans'), {
    storage,
    dryRun: !parsed.values.remove,
    graceMs: graceHours * 60 * 60 * 1000,
    inFlight: await findUploadKeysInFlight(),
    force: parsed.values.force,
  })
  for (const orphan of report.orphans)
    console.log(
      [
        orphan.reason.padEnd(18),
        megabytes(orphan.size).padStart(10),
        orphan.lastModified.toISOString(),
        orphan.key,
      ].join('  '),
    )
  const where = storage.kind === 's3' ? `bucket ${env.S3_BUCKET}` : storage.directory
  const outcome = report.refused
    ? 'found; none removed: the database knows none of the companies in this storage (is DATABASE_URL ' +
      "this storage's?); --remove --force removes them all the same"
    : report.dryRun
      ? 'would be removed (dry run: nothing changed; --remove removes them)'
      : `found, ${report.removed} removed`
  console.log(
    `${report.scanned} files in ${where}; ${report.tooRecent} younger than ${graceHours} h left alone; ` +
      `${report.orphans.length} orphans (${megabytes(report.orphanBytes)}) ${outcome}`,
  )
  if (!report.dryRun && (report.refused || report.removed < report.orphans.length)) process.exitCode = 1
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  await disconnect?.()
  await embedded?.stop()
}
