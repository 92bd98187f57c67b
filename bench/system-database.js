import pg from 'pg'

/** `work` on a connection of its own, outside any transaction (VACUUM refuses to run inside one). */
export async function withDatabaseConnection(databaseUrl, work) {
  const db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  try {
    return await work(db)
  } finally {
    await db.end()
  }
}

/**
 * `work` in one transaction on the bench app's database, as the server's system work runs: rows
 * are fenced by row-level security, and the bench reads and writes past the fence on purpose.
 */
export async function withSystemDatabase(databaseUrl, work) {
  return withDatabaseConnection(databaseUrl, async (db) => {
    try {
      await db.query('begin')
      await db.query(`select set_config('app.bypass_rls', 'on', true)`)
      const result = await work(db)
      await db.query('commit')
      return result
    } catch (error) {
      await db.query('rollback').catch(() => undefined)
      throw error
    }
  })
}
