import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import { migrationsFolder, runMigrations } from '#db/migrate'
import type { TCopyDatabase } from '../backup-manifest'
import { BackupError } from './postgres-tools.server'

export type LocalMigration = { tag: string; when: number; hash: string }

/** This version's migrations, with the hash drizzle records for each. */
export async function readLocalMigrations(folder = migrationsFolder()): Promise<LocalMigration[]> {
  const journal = JSON.parse(await fs.readFile(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[]
  }
  // Drizzle's own reading, in the journal's order: its hash is the one the journal table holds.
  const files = readMigrationFiles({ migrationsFolder: folder })
  return journal.entries.map((entry, index) => ({ tag: entry.tag, when: entry.when, hash: files[index].hash }))
}

const when = (millis: number) => new Date(millis).toISOString()

/**
 * The migrations that make exactly the schema of the backup's database: each one it ran, found
 * here by its time and the same SQL. A backup from a newer Afterglow, or one whose migrations
 * were edited since, cannot be rebuilt by this version's migrations.
 */
export function migrationsOfBackup(applied: TCopyDatabase['migrations'], local: LocalMigration[]): LocalMigration[] {
  const byTime = new Map(local.map((migration) => [migration.when, migration]))
  for (const migration of applied) {
    const here = byTime.get(migration.createdAt)
    if (!here)
      throw new BackupError(
        `The backup's database ran a migration (of ${when(migration.createdAt)}) that this version of Afterglow does not have: restore it with the version that wrote it, or a newer one.`,
      )
    if (here.hash !== migration.hash)
      throw new BackupError(
        `Migration ${here.tag} here differs from the one the backup's database ran: restore it with the version of Afterglow that wrote it.`,
      )
  }
  const ran = new Set(applied.map((migration) => migration.createdAt))
  return local.filter((migration) => ran.has(migration.when))
}

/**
 * Runs the app's migrator on `databaseUrl` up to the backup's point and no further: the rows fit
 * that schema; the app's next start migrates them on as it would the original database.
 */
export async function migrateToBackup(databaseUrl: string, migrations: LocalMigration[], folder = migrationsFolder()) {
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'afterglow-migrations-'))
  try {
    const journal = JSON.parse(await fs.readFile(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
      entries: { when: number }[]
    }
    const kept = new Set(migrations.map((migration) => migration.when))
    await fs.mkdir(path.join(scratch, 'meta'))
    await fs.writeFile(
      path.join(scratch, 'meta', '_journal.json'),
      JSON.stringify({ ...journal, entries: journal.entries.filter((entry) => kept.has(entry.when)) }),
    )
    for (const migration of migrations)
      await fs.copyFile(path.join(folder, `${migration.tag}.sql`), path.join(scratch, `${migration.tag}.sql`))
    await runMigrations(databaseUrl, scratch)
  } finally {
    await fs.rm(scratch, { recursive: true, force: true })
  }
}
