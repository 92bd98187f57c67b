import path from 'node:path'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'

const MIGRATION_LOCK = 7_205_001

/** The committed SQL migrations, as the app runs them (relative to the working directory, like the build). */
export const migrationsFolder = () => path.resolve('db/migrations')

/**
 * Applies the committed SQL migrations; an advisory lock keeps parallel starts from racing. A
 * restore passes a folder that stops at its backup's migration (restore-backup.server.ts).
 */
export async function runMigrations(connectionString: string, folder = migrationsFolder()) {
  const client = new pg.Client({ connectionString })
  await client.connect()
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
    await migrate(drizzle(client), { migrationsFolder: folder })
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined)
    await client.end()
  }
}
