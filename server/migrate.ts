import path from 'node:path'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'

const MIGRATION_LOCK = 7_205_001

/** Applies the committed SQL migrations; an advisory lock keeps parallel starts from racing. */
export async function runMigrations(connectionString: string) {
  const client = new pg.Client({ connectionString })
  await client.connect()
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
    await migrate(drizzle(client), { migrationsFolder: path.resolve('db/migrations') })
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined)
    await client.end()
  }
}
