import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { startEmbeddedPostgres } from '../../server/embedded-postgres'

export type TestDatabase = { url: string; drop: () => Promise<void> }

/**
 * A fresh, empty database for one test run: on the server named by TEST_DATABASE_URL or
 * DATABASE_URL (CI's PostgreSQL), else on an embedded server kept under .test-data/.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL
  const embedded = serverUrl ? null : await startEmbeddedPostgres('.test-data')
  const adminUrl = serverUrl ?? embedded!.url
  const name = `afterglow_test_${Date.now()}_${randomBytes(3).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database "${name}"`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl })
      await client.connect()
      await client.query(`drop database if exists "${name}" with (force)`)
      await client.end()
      await embedded?.stop()
    },
  }
}
