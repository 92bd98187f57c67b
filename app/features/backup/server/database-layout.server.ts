import type pg from 'pg'

/*
 * What the built-in backup format (`copy`, ADR 065) reads and writes: every table of the schemas
 * Afterglow makes, read the same way when a backup is written and when a restore checks the schema
 * it made against the backup's.
 * - public: the app's tables, made by its migrations (and the analytics months it adds as it runs);
 * - drizzle: the journal of the migrations run, so a restore migrates to exactly that point;
 * - pgboss: the job queue (pg-boss makes it at start, a partition per queue). Kept: jobs waiting
 *   at backup time (files of deleted items to remove, mails to send) have no other record.
 */
export const BACKED_UP_SCHEMAS = ['public', 'drizzle', 'pgboss'] as const
/** The job queue's schema (app/jobs/queue.server.ts starts pg-boss with it). */
export const QUEUE_SCHEMA = 'pgboss'

/**
 * Session settings for both ends of COPY's text format: values print and parse the same way
 * whatever the server's or the role's defaults (pg_dump sets the same).
 */
export const COPY_SETTINGS = [
  `set local datestyle = 'ISO'`,
  `set local intervalstyle = 'postgres'`,
  `set local extra_float_digits = 3`,
  `set local timezone = 'UTC'`,
  `set local bytea_output = 'hex'`,
]

export type LayoutTable = { schema: string; name: string; columns: { name: string; type: string }[] }
export type LayoutPartition = { schema: string; name: string; parent: string; bound: string }
export type LayoutSequence = { schema: string; name: string }
export type DatabaseLayout = { tables: LayoutTable[]; partitions: LayoutPartition[]; sequences: LayoutSequence[] }

/** A name, quoted for SQL. */
export const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`
export const qualified = (relation: { schema: string; name: string }) =>
  `${quoted(relation.schema)}.${quoted(relation.name)}`

/**
 * The tables (partitioned ones once: their rows are read through the parent), their columns
 * (generated ones aside: COPY neither writes nor reads them), partitions and sequences.
 */
export async function readDatabaseLayout(
  client: pg.ClientBase,
  schemas: readonly string[] = BACKED_UP_SCHEMAS,
): Promise<DatabaseLayout> {
  const columns = await client.query<{ schema: string; table: string; name: string; type: string }>(
    `select n.nspname as schema, c.relname as table, a.attname as name, format_type(a.atttypid, a.atttypmod) as type
     from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and not c.relispartition and n.nspname = any($1) and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     order by n.nspname, c.relname, a.attnum`,
    [schemas],
  )
  const tables = new Map<string, LayoutTable>()
  for (const column of columns.rows) {
    const key = `${column.schema}.${column.table}`
    if (!tables.has(key)) tables.set(key, { schema: column.schema, name: column.table, columns: [] })
    tables.get(key)!.columns.push({ name: column.name, type: column.type })
  }
  const partitions = await client.query<LayoutPartition>(
    `select n.nspname as schema, c.relname as name, p.relname as parent, pg_get_expr(c.relpartbound, c.oid) as bound
     from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and c.relispartition and n.nspname = any($1) order by n.nspname, c.relname`,
    [schemas],
  )
  const sequences = await client.query<LayoutSequence>(
    `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'S' and n.nspname = any($1) order by n.nspname, c.relname`,
    [schemas],
  )
  return { tables: [...tables.values()], partitions: partitions.rows, sequences: sequences.rows }
}

/** Schemas outside Afterglow's that hold tables or sequences: a built-in backup leaves them out, and says so. */
export async function findOtherSchemas(client: pg.ClientBase, schemas: readonly string[] = BACKED_UP_SCHEMAS) {
  const { rows } = await client.query<{ schema: string }>(
    `select distinct n.nspname as schema from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p', 'S', 'm', 'f') and n.nspname <> all($1) and n.nspname <> 'information_schema' and n.nspname not like 'pg\\_%' order by 1`,
    [schemas],
  )
  return rows.map((row) => row.schema)
}

/**
 * How the schema a restore made differs from the backup's, in plain words; empty when they match.
 * Column order may differ (COPY names its columns), names and types may not.
 */
export function describeLayoutDifferences(backup: DatabaseLayout, made: DatabaseLayout): string[] {
  const differences: string[] = []
  const madeTables = new Map(made.tables.map((table) => [`${table.schema}.${table.name}`, table]))
  for (const table of backup.tables) {
    const name = `${table.schema}.${table.name}`
    const twin = madeTables.get(name)
    madeTables.delete(name)
    if (!twin) {
      differences.push(`table ${name} is in the backup but not made here`)
      continue
    }
    const madeColumns = new Map(twin.columns.map((column) => [column.name, column.type]))
    for (const column of table.columns) {
      const type = madeColumns.get(column.name)
      madeColumns.delete(column.name)
      if (type === undefined) differences.push(`column ${name}.${column.name} is in the backup but not made here`)
      else if (type !== column.type)
        differences.push(`column ${name}.${column.name} is ${column.type} in the backup, ${type} here`)
    }
    for (const column of madeColumns.keys())
      differences.push(`column ${name}.${column} is made here but not in the backup`)
  }
  for (const name of madeTables.keys()) differences.push(`table ${name} is made here but not in the backup`)

  const describe = (partition: LayoutPartition) =>
    `${partition.schema}.${partition.name} (of ${partition.parent} ${partition.bound})`
  const madePartitions = new Set(made.partitions.map(describe))
  const backupPartitions = new Set(backup.partitions.map(describe))
  for (const partition of backupPartitions)
    if (!madePartitions.has(partition)) differences.push(`partition ${partition} is in the backup but not made here`)
  for (const partition of madePartitions)
    if (!backupPartitions.has(partition)) differences.push(`partition ${partition} is made here but not in the backup`)

  const madeSequences = new Set(made.sequences.map((sequence) => `${sequence.schema}.${sequence.name}`))
  const backupSequences = new Set(backup.sequences.map((sequence) => `${sequence.schema}.${sequence.name}`))
  for (const sequence of backupSequences)
    if (!madeSequences.has(sequence)) differences.push(`sequence ${sequence} is in the backup but not made here`)
  for (const sequence of madeSequences)
    if (!backupSequences.has(sequence)) differences.push(`sequence ${sequence} is made here but not in the backup`)
  return differences
}
