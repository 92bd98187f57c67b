import { createReadStream } from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { createGunzip } from 'node:zlib'
import pg from 'pg'
import PgBoss from 'pg-boss'
import { from as copyFrom } from 'pg-copy-streams'
import { createMonthPartition, monthOfPartition } from '#app/features/analytics/server/event-partitions.server'
import { tableFile, type TCopyDatabase } from '../backup-manifest'
import {
  BACKED_UP_SCHEMAS,
  COPY_SETTINGS,
  describeLayoutDifferences,
  qualified,
  QUEUE_SCHEMA,
  quoted,
  readDatabaseLayout,
  type LayoutPartition,
} from './database-layout.server'
import { migrateToBackup, migrationsOfBackup, readLocalMigrations } from './migrate-to-backup.server'
import { BackupError } from './postgres-tools.server'

type PartitionMaker = (client: pg.ClientBase, partition: LayoutPartition, database: TCopyDatabase) => Promise<void>

/** Partitions are made as they run, by the app and by pg-boss: a restore asks the same code for the backup's. */
const PARTITION_MAKERS: Record<string, PartitionMaker> = {
  'public.analytics_events': async (client, partition) => {
    const month = monthOfPartition(partition.name)
    if (!month)
      throw new BackupError(
        `The backup has a partition of analytics_events named ${partition.name}, which is not a month's.`,
      )
    await createMonthPartition(client, month)
  },
  [`${QUEUE_SCHEMA}.job`]: async (client, partition, database) => {
    const queue = database.queue?.queues.find((entry) => entry.partition === partition.name)
    if (!queue) throw new BackupError(`The backup has a job partition ${partition.name} that none of its queues names.`)
    // pg-boss's own function makes the partition, its indexes and checks; the queue's row is replaced by the backup's.
    await client.query(`select ${quoted(QUEUE_SCHEMA)}.create_queue($1, '{}'::json)`, [queue.name])
  },
}

/**
 * The job queue's schema, made by the installed pg-boss. Of another schema version than the
 * backup's, its rows would not fit: the queue is then left out, and made afresh at the app's start.
 */
async function makeJobQueue(client: pg.Client, queue: TCopyDatabase['queue'], log: (line: string) => void) {
  if (!queue) return false
  await client.query(PgBoss.getConstructionPlans(QUEUE_SCHEMA))
  const [{ version }] = (await client.query<{ version: number }>(`select version from ${quoted(QUEUE_SCHEMA)}.version`))
    .rows
  if (Number(version) === queue.schemaVersion) return true
  await client.query(`drop schema ${quoted(QUEUE_SCHEMA)} cascade`)
  log(
    `Warning: the backup's job queue has pg-boss schema ${queue.schemaVersion} and this version's has ${version}: the jobs waiting at backup time are left out. The app makes its queue afresh at start, and its sweeps find most of that work again.`,
  )
  return false
}

/**
 * What guards the rows as the app writes them, lifted while the backup's rows go in as they were:
 * triggers (they would stamp versions, take live places, refuse), row-level security (COPY FROM
 * refuses a table it applies to) and foreign keys (the tables refer to each other in circles).
 * The returned function puts each back as the migrations made it; a foreign key added back
 * checks every row.
 */
async function liftGuards(client: pg.ClientBase) {
  const schemas = [...BACKED_UP_SCHEMAS]
  const foreignKeys = (
    await client.query<{ schema: string; table: string; name: string; definition: string }>(
      `select n.nspname as schema, c.relname as table, k.conname as name, pg_get_constraintdef(k.oid) as definition
       from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
       where k.contype = 'f' and k.conparentid = 0 and n.nspname = any($1) order by 1, 2, 3`,
      [schemas],
    )
  ).rows
  const triggers = (
    await client.query<{ schema: string; table: string; name: string; enabled: string }>(
      `select n.nspname as schema, c.relname as table, t.tgname as name, t.tgenabled as enabled
       from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
       where not t.tgisinternal and t.tgenabled <> 'D' and n.nspname = any($1) order by 1, 2, 3`,
      [schemas],
    )
  ).rows
  const fenced = (
    await client.query<{ schema: string; name: string; enabled: boolean; forced: boolean }>(
      `select n.nspname as schema, c.relname as name, c.relrowsecurity as enabled, c.relforcerowsecurity as forced
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p') and (c.relrowsecurity or c.relforcerowsecurity) and n.nspname = any($1) order by 1, 2`,
      [schemas],
    )
  ).rows
  const tableOf = (row: { schema: string; table: string }) => qualified({ schema: row.schema, name: row.table })

  for (const key of foreignKeys) await client.query(`alter table ${tableOf(key)} drop constraint ${quoted(key.name)}`)
  for (const table of new Set(triggers.map(tableOf))) await client.query(`alter table ${table} disable trigger user`)
  for (const table of fenced)
    await client.query(`alter table ${qualified(table)} no force row level security, disable row level security`)

  // Foreign keys first: with row-level security off, PostgreSQL checks each one in a single query, not row by row.
  return async () => {
    for (const key of foreignKeys)
      await client.query(`alter table ${tableOf(key)} add constraint ${quoted(key.name)} ${key.definition}`)
    for (const table of fenced) {
      const back = [
        table.enabled ? 'enable row level security' : null,
        table.forced ? 'force row level security' : null,
      ].filter(Boolean)
      await client.query(`alter table ${qualified(table)} ${back.join(', ')}`)
    }
    const enable: Record<string, string> = {
      O: 'enable trigger',
      R: 'enable replica trigger',
      A: 'enable always trigger',
    }
    for (const trigger of triggers)
      await client.query(`alter table ${tableOf(trigger)} ${enable[trigger.enabled]} ${quoted(trigger.name)}`)
  }
}

/**
 * Restores a `copy` backup's database (ADR 065) into an empty one: the app's migrations up to the
 * backup's, the job queue and partitions by the code that makes them, a check that this schema is
 * the backup's table for table and column for column, then every table's rows and every
 * sequence's value in one transaction.
 */
export async function loadTableCopies({
  databaseUrl,
  directory,
  database,
  log,
}: {
  databaseUrl: string
  directory: string
  database: TCopyDatabase
  log: (line: string) => void
}) {
  // Decided before anything is written: a backup this version cannot rebuild is refused untouched.
  const migrations = migrationsOfBackup(database.migrations, await readLocalMigrations())

  log(`Making the backup's schema: ${migrations.length} migrations…`)
  await migrateToBackup(databaseUrl, migrations)
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const withQueue = await makeJobQueue(client, database.queue, log)
    const kept = <T extends { schema: string }>(list: T[]) =>
      withQueue ? list : list.filter((entry) => entry.schema !== QUEUE_SCHEMA)
    const wanted = {
      tables: kept(database.tables),
      partitions: kept(database.partitions),
      sequences: kept(database.sequences),
    }

    await client.query('begin')
    try {
      for (const setting of COPY_SETTINGS) await client.query(setting)
      await client.query(`select set_config('app.bypass_rls', 'on', true)`)
      for (const partition of wanted.partitions) {
        const make = PARTITION_MAKERS[`${partition.schema}.${partition.parent}`]
        if (!make)
          throw new BackupError(
            `The backup has partition ${partition.schema}.${partition.name} of ${partition.parent}, which this version of Afterglow does not make.`,
          )
        await make(client, partition, database)
      }
      const differences = describeLayoutDifferences(wanted, await readDatabaseLayout(client))
      if (differences.length > 0) {
        const shown = differences.slice(0, 8).join('; ')
        throw new BackupError(
          `The schema this version's migrations make is not the backup's: ${shown}${differences.length > 8 ? ` (and ${differences.length - 8} more)` : ''}.`,
        )
      }

      const putBack = await liftGuards(client)
      // Migrations may write rows of their own (the journal, pg-boss's version): the backup's replace them.
      if (wanted.tables.length > 0) await client.query(`truncate ${wanted.tables.map(qualified).join(', ')}`)
      log(`Loading ${wanted.tables.length} tables…`)
      for (const table of wanted.tables) {
        const stream = client.query(
          copyFrom(
            `copy ${qualified(table)} (${table.columns.map((column) => quoted(column.name)).join(', ')}) from stdin`,
          ),
        )
        await pipeline(createReadStream(path.join(directory, ...tableFile(table).split('/'))), createGunzip(), stream)
        if (stream.rowCount !== table.rows)
          throw new BackupError(
            `${tableFile(table)} held ${stream.rowCount} rows where the manifest says ${table.rows}.`,
          )
      }
      for (const sequence of wanted.sequences)
        await client.query('select setval($1::regclass, $2::bigint, $3)', [
          qualified(sequence),
          sequence.lastValue,
          sequence.isCalled,
        ])
      await putBack()
      await client.query('commit')
      log(`Loaded ${wanted.tables.reduce((sum, table) => sum + table.rows, 0)} rows.`)
    } catch (error) {
      await client.query('rollback').catch(() => undefined)
      const reason = error instanceof Error ? error.message : String(error)
      throw new BackupError(
        `${/[.!?]$/.test(reason) ? reason : `${reason}.`} None of the backup's rows were loaded, but the target database now holds Afterglow's schema: drop it, create a new empty one and restore into that.`,
      )
    }
  } finally {
    await client.end()
  }
}
