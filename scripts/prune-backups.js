// `npm run backup:prune -- [--keep-days 14] [folder]` removes the platform backups (`npm run
// backup`'s `afterglow-<time>` folders) older than the days kept, from the folder (default
// BACKUP_DIR, else ./backups; the days default to BACKUP_KEEP_DAYS, else 14). The newest complete
// backup is never removed, however old: when backups have been failing, it is the one left to
// restore. A folder without its manifest (written last) is a backup that never finished, removed
// after a day. Anything else in the folder is left alone. The daily timer runs it after the backup
// (deploy/systemd/afterglow-backup.service).
import { readdirSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'

const DAY_MS = 24 * 60 * 60 * 1000
const USAGE = 'usage: npm run backup:prune -- [--keep-days <days, at least 1>] [folder]'

/** When `npm run backup` started the folder, read from its name (`afterglow-2026-12-02T03-30-00-000Z`); null for any other name. */
export function backupTimeOf(name) {
  const match = /^afterglow-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z$/.exec(name)
  if (!match) return null
  const time = Date.parse(`${match[1]}T${match[2]}:${match[3]}:${match[4]}.${match[5]}Z`)
  return Number.isNaN(time) ? null : time
}

/**
 * Which backups to remove: `backups` are `{ name, complete }` (complete: its manifest is written).
 * Returns `{ name, reason }` for each to remove.
 */
export function chooseBackupsToRemove(backups, { now, keepDays }) {
  const dated = backups
    .map((backup) => ({ ...backup, time: backupTimeOf(backup.name) }))
    .filter((backup) => backup.time !== null)
  const newestComplete = dated.filter((backup) => backup.complete).sort((a, b) => b.time - a.time)[0]
  const removed = []
  for (const backup of dated) {
    const ageDays = (now - backup.time) / DAY_MS
    if (!backup.complete) {
      if (ageDays > 1) removed.push({ name: backup.name, reason: 'unfinished' })
    } else if (ageDays > keepDays && backup !== newestComplete) {
      removed.push({ name: backup.name, reason: `older than ${keepDays} days` })
    }
  }
  return removed
}

function main() {
  let parsed
  try {
    parsed = parseArgs({ allowPositionals: true, options: { 'keep-days': { type: 'string' } } })
  } catch (error) {
    console.error(`${error.message}\n${USAGE}`)
    process.exit(2)
  }
  const keepDaysText = parsed.values['keep-days'] ?? process.env.BACKUP_KEEP_DAYS ?? '14'
  const keepDays = Number(keepDaysText)
  if (parsed.positionals.length > 1 || !Number.isInteger(keepDays) || keepDays < 1) {
    console.error(
      parsed.positionals.length > 1
        ? USAGE
        : `the days kept must be a whole number, at least 1 (${keepDaysText})\n${USAGE}`,
    )
    process.exit(2)
  }
  const directory = path.resolve(parsed.positionals[0] ?? process.env.BACKUP_DIR ?? 'backups')
  let names
  try {
    names = readdirSync(directory, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  } catch (error) {
    console.error(`Cannot read the backups' folder ${directory}: ${error.message}`)
    process.exit(1)
  }
  const isComplete = (name) => {
    try {
      return statSync(path.join(directory, name, 'manifest.json')).isFile()
    } catch {
      return false
    }
  }
  const backups = names.map((name) => ({ name, complete: isComplete(name) }))
  const removed = chooseBackupsToRemove(backups, { now: Date.now(), keepDays })
  for (const { name, reason } of removed) {
    rmSync(path.join(directory, name), { recursive: true, force: true })
    console.log(`removed ${name} (${reason})`)
  }
  const kept = backups.filter(
    (backup) =>
      backup.complete && backupTimeOf(backup.name) !== null && !removed.some((gone) => gone.name === backup.name),
  )
  console.log(`${kept.length} complete backups kept in ${directory}; ${removed.length} removed`)
}

if (process.argv[1] === import.meta.filename) main()
