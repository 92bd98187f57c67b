import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres/session'
import { sql } from 'drizzle-orm'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import { migrationsFolder } from '#db/migrate'
import * as schema from '#db/schema'
import { connectionErrorFields, logger } from './logger.server'
import { observePoolWait, watchPool } from './metrics.server'
import { PreparingClient } from './prepared-statements.server'

export type Database = NodePgDatabase<typeof schema>

type ConnectCallback = Parameters<pg.Pool['connect']>[0] & {}

/**
 * The pool, timing how long each caller waits for a client (the metrics' pool wait): `query`
 * asks `connect` too, so every use of the pool is timed, drizzle's included.
 */
class TimedPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>
  override connect(callback: ConnectCallback): void
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    const asked = performance.now()
    if (callback)
      return super.connect((error, client, done) => {
        if (!error) observePoolWait((performance.now() - asked) / 1000)
        callback(error, client, done)
      })
    return super.connect().then((client) => {
      observePoolWait((performance.now() - asked) / 1000)
      return client
    })
  }
}
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]

type DatabaseState = { pool: pg.Pool; db: Database }
const DB_KEY = Symbol.for('afterglow.db')
type GlobalWithDb = typeof globalThis & { [DB_KEY]?: DatabaseState }

/** Opens the one pool of this process. Called at boot (and by tests) with the resolved URL. */
export function connectDatabase(connectionString: string, options: { max?: number } = {}): DatabaseState {
  const store = globalThis as GlobalWithDb
  if (store[DB_KEY]) return store[DB_KEY]
  // JIT compilation off: row-level security makes the planner's cost estimates of ordinary page
  // queries high enough to compile them, which cost far more than the work.
  // Statements run often are prepared on each connection, planned once (prepared-statements.server.ts).
  const pool = new TimedPool({
    Client: PreparingClient,
    connectionString,
    max: options.max ?? 10,
    idleTimeoutMillis: 30_000,
    options: '-c jit=off',
  })
  // Without a listener, an idle client losing its server (e.g. PostgreSQL stopping first at
  // shutdown) emits an unhandled 'error' and kills the process.
  pool.on('error', (error) => logger.warn(connectionErrorFields(error), 'idle database client error'))
  const state = { pool, db: drizzle(pool, { schema }) }
  store[DB_KEY] = state
  watchPool(pool)
  return state
}

export async function disconnectDatabase() {
  const store = globalThis as GlobalWithDb
  const state = store[DB_KEY]
  delete store[DB_KEY]
  watchPool(null)
  await state?.pool.end()
}

function state(): DatabaseState {
  const current = (globalThis as GlobalWithDb)[DB_KEY]
  if (!current) throw new Error('Database is not connected: connectDatabase() runs at boot')
  return current
}

/** Queries on platform tables (auth, companies, outbox): no tenant fence applies to them. */
export function getDb(): Database {
  return state().db
}

export function getPool(): pg.Pool {
  return state().pool
}

/**
 * Runs `work` in a transaction where row-level security lets only `companyId`'s rows through.
 * Every tenant-table query goes through here (via the tenant guard's context).
 */
export async function withTenant<T>(companyId: string, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return getDb().transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.company_id', ${companyId}, true)`)
    return work(tx)
  })
}

/**
 * Runs `work` in a read-only transaction where row-level security lets through only what fans
 * may see: published items and events, their files, covers, thumbnails and renditions (policy
 * `public_read`, migration 0007), of one company or, for addresses that name no company (a
 * rendition, a download, `/player/{id}`), of any. Fans' pages and downloads read through here.
 *
 * Sorting is ruled out for the whole transaction (see `withoutSorting`): fans' reads are of rows
 * in an order an index keeps, and the planner cannot see how few of them the policies let through.
 * The transaction, its fence and that setting cost one round trip (see `transactionOpenedWith`).
 */
export async function withPublicRead<T>(companyId: string | null, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return transactionOpenedWith(
    `begin read only; select set_config('app.public_read', 'on', true), set_config('app.public_company', ${pg.escapeLiteral(companyId ?? '')}, true), set_config('enable_sort', 'off', true)`,
    (tx) => {
      unsorted.add(tx)
      return work(tx)
    },
  )
}

/** Transactions that run without sorting from their start (fans' reads). */
const unsorted = new WeakSet<Transaction>()

/** What drizzle's session on the pool is made of, to make one like it on a single connection. */
type SessionParts = {
  dialect: ConstructorParameters<typeof NodePgSession>[1]
  schema: ConstructorParameters<typeof NodePgSession>[2]
  options: ConstructorParameters<typeof NodePgSession>[3]
}

/**
 * Runs `work` in a transaction that `opening` starts (statements without parameters, `begin`
 * first, their values written in as escaped literals), sent in one simple-protocol message:
 * drizzle's own transaction sends `begin` alone and waits for it, a round trip of its own before
 * the fence's (each a wait that a fan's page pays). `tx` is drizzle's transaction on
 * that connection, as its `transaction()` makes it.
 */
async function transactionOpenedWith<T>(opening: string, work: (tx: Transaction) => Promise<T>): Promise<T> {
  const { dialect, schema, options } = getDb()._.session as unknown as SessionParts
  const client = await getPool().connect()
  const tx = new NodePgTransaction(
    dialect,
    new NodePgSession(client, dialect, schema, options),
    schema,
  ) as unknown as Transaction
  let broken: Error | undefined
  try {
    await client.query(opening)
    const result = await work(tx)
    await client.query('commit')
    return result
  } catch (error) {
    // A connection that cannot even roll back is not given to the next request.
    await client.query('rollback').catch((rollbackError: Error) => (broken = rollbackError))
    throw error
  } finally {
    client.release(broken)
  }
}

/**
 * Runs `read` (in `tx`) with sorting ruled out: reads of one gallery's rows in an order an index
 * keeps (`order by … limit`), which must stop at their limit. The row-level policies hide from
 * PostgreSQL's planner how many rows pass them (it guesses about one in 150), so for a large
 * gallery whose rows lie scattered through the table it would fetch every one and sort them:
 * 4,000 rows for a fan's page of 60 (ADR 068, addendum). Set back afterwards; use it for such a
 * read on every call, small galleries too: the plan PostgreSQL keeps for a prepared statement
 * after five runs was made under the settings of the run that made it. Fans' reads
 * (`withPublicRead`) run without sorting from their start: nothing to set there.
 */
export async function withoutSorting<T>(tx: Transaction, read: () => Promise<T>): Promise<T> {
  if (unsorted.has(tx)) return read()
  const [{ before }] = (
    await tx.execute(sql`select current_setting('enable_sort') as before, set_config('enable_sort', 'off', true)`)
  ).rows as Array<{ before: string }>
  const result = await read()
  await tx.execute(sql`select set_config('enable_sort', ${before}, true)`)
  return result
}

/** Whether the database answers (the health check): one round trip on the pool. */
export async function pingDatabase() {
  await getPool().query('select 1')
}

/**
 * How many of the committed migrations the database has not applied: a node started from newer
 * code than its database (a deploy whose migration failed) must not be sent fans. drizzle records
 * each migration applied with its journal's `when`.
 */
export async function migrationsPending(folder = migrationsFolder()) {
  const journal = JSON.parse(await readFile(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[]
  }
  const { rows } = await getPool().query<{ applied: string | null }>({
    name: 'migrations-applied',
    text: 'select max(created_at)::text as applied from drizzle.__drizzle_migrations',
  })
  const applied = Number(rows[0]?.applied ?? 0)
  return journal.entries.filter((entry) => entry.when > applied).length
}

/** For the server's own work that spans tenants (audit trail, job sweeps, seeding). */
export async function withSystem<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
  return getDb().transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.bypass_rls', 'on', true)`)
    return work(tx)
  })
}
