import path from 'node:path'
import { createGzip } from 'node:zlib'
import type pg from 'pg'
import { to as copyTo } from 'pg-copy-streams'
import { tableFile, type TCopyDatabase } from '../backup-manifest'
import { copyWithChecksum } from './checksums.server'
import {
  COPY_SETTINGS,
  findOtherSchemas,
  qualified,
  QUEUE_SCHEMA,
  quoted,
  readDatabaseLayout,
} from './database-layout.server'
import { BackupError } from './postgres-tools.server'

/**
 * The `copy` format's database (ADR 065): every table of Afterglow's schemas in COPY's text
 * format, gzipped, one file each, with what a restore needs to make the same schema first (the
 * migrations run, the job queue's version and queues, the partitions) and the sequences' values.
 * `client` is in the backup's repeatable-read transaction, with the tenant policies' bypass on:
 * every table is read at the same moment.
 */
export async function writeTableCopies(
  client: pg.Client,
  directory: string,
  serverVersion: string,
  log: (line: string) => void,
): Promise<TCopyDatabase> {
  for (const setting of COPY_SETTINGS) await client.query(setting)
  const layout = await readDatabaseLayout(client)
  const has = (schema: string, name: string) =>
    layout.tables.some((table) => table.schema === schema && table.name === name)
  if (!has('drizzle', '__drizzle_migrations'))
    throw new BackupError(
      `This database has no migration journal (drizzle.__drizzle_migrations): it is not an Afterglow database, or the app never started on it.`,
    )
  const others = await findOtherSchemas(client)
  if (others.length > 0)
    log(`Warning: schema(s) ${others.join(', ')} are not Afterglow's and are left out of this backup.`)

  const migrations = (
    await client.query<{ hash: string; created_at: string }>(
      'select hash, created_at from drizzle.__drizzle_migrations order by created_at, id',
    )
  ).rows.map((row) => ({ hash: row.hash, createdAt: Number(row.created_at) }))
  let queue: TCopyDatabase['queue'] = null
  if (has(QUEUE_SCHEMA, 'version') && has(QUEUE_SCHEMA, 'queue')) {
    const [{ version }] = (
      await client.query<{ version: number }>(`select version from ${quoted(QUEUE_SCHEMA)}.version`)
    ).rows
    const queues = await client.query<{ name: string; partition: string }>(
      `select name, partition_name as partition from ${quoted(QUEUE_SCHEMA)}.queue where partition_name is not null order by name`,
    )
    queue = { schemaVersion: Number(version), queues: queues.rows }
  }

  const tables: TCopyDatabase['tables'] = []
  for (const table of layout.tables) {
    const columns = table.columns.map((column) => quoted(column.name)).join(', ')
    // A query rather than the table: a partitioned table's rows are read through it, from every partition.
    const stream = client.query(copyTo(`copy (select ${columns} from ${qualified(table)}) to stdout`))
    const written = await copyWithChecksum(stream, path.join(directory, ...tableFile(table).split('/')), createGzip())
    tables.push({ schema: table.schema, name: table.name, columns: table.columns, rows: stream.rowCount, ...written })
  }
  log(`Wrote ${tables.length} tables, ${tables.reduce((sum, table) => sum + table.rows, 0)} rows.`)

  const sequences: TCopyDatabase['sequences'] = []
  for (const sequence of layout.sequences) {
    const [row] = (
      await client.query<{ last_value: string; is_called: boolean }>(
        `select last_value::text, is_called from ${qualified(sequence)}`,
      )
    ).rows
    sequences.push({ ...sequence, lastValue: row.last_value, isCalled: row.is_called })
  }
  return { format: 'copy', serverVersion, migrations, queue, tables, partitions: layout.partitions, sequences }
}
