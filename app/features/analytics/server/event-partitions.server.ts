import type pg from 'pg'
import { getPool } from '#app/lib/db.server'

/*
 * Raw events live in one partition per UTC month, `analytics_events_YYYY_MM`. The writer makes
 * the months it needs (and the job makes next month's ahead); retention drops whole months.
 */

const PARTITION_LOCK = 7_205_014
const NAME = /^analytics_events_(\d{4})_(\d{2})$/

export function monthOf(at: Date) {
  return at.toISOString().slice(0, 7) // YYYY-MM
}

function partitionName(month: string) {
  return `analytics_events_${month.replace('-', '_')}`
}

/** The month a partition holds, by its name; null for a name that is not a month's partition. */
export function monthOfPartition(name: string) {
  const match = name.match(NAME)
  return match ? `${match[1]}-${match[2]}` : null
}

function monthBounds(month: string) {
  const [year, index] = month.split('-').map(Number)
  const from = new Date(Date.UTC(year, index - 1, 1))
  const to = new Date(Date.UTC(year, index, 1))
  return { from: from.toISOString(), to: to.toISOString() }
}

const ensured = new Set<string>()

/**
 * True for PostgreSQL's answer to a row whose month has no partition: another process dropped it
 * after this one made it (retention run elsewhere, a restore), so this process's memory of it is wrong.
 */
export function isMissingPartition(error: unknown) {
  const fields = error as { code?: string; routine?: string } | null
  return fields?.code === '23514' && fields.routine === 'ExecFindPartition'
}

/** Forgets what this process knew of these months, so the next write makes them again where missing. */
export function forgetPartitions(months: Iterable<string>) {
  for (const month of months) ensured.delete(month)
}

/** Makes the partitions of these months where missing (one process at a time). */
export async function ensurePartitions(months: Iterable<string>, client?: pg.PoolClient) {
  const missing = [...new Set(months)].filter((month) => !ensured.has(month))
  if (missing.length === 0) return
  const db = client ?? (await getPool().connect())
  try {
    await db.query('begin')
    await db.query('select pg_advisory_xact_lock($1)', [PARTITION_LOCK])
    for (const month of missing) {
      const { rows } = await db.query<{ exists: boolean }>('select to_regclass($1) is not null as exists', [
        partitionName(month),
      ])
      if (!rows[0].exists) await createMonthPartition(db, month)
    }
    await db.query('commit')
    for (const month of missing) ensured.add(month)
  } catch (error) {
    await db.query('rollback').catch(() => undefined)
    throw error
  } finally {
    if (!client) (db as pg.PoolClient).release()
  }
}

/** One month's partition, fenced like its parent; a restore makes the months its backup had with it too. */
export async function createMonthPartition(db: pg.ClientBase, month: string) {
  if (!/^\d{4}-\d{2}$/.test(month)) throw new Error(`not a month: ${month}`)
  const { from, to } = monthBounds(month)
  const name = partitionName(month)
  await db.query(`create table ${name} partition of analytics_events for values from ('${from}') to ('${to}')`)
  // A partition read by its own name would skip the parent's policy: each month carries the fence too.
  await db.query(`alter table ${name} enable row level security`)
  await db.query(`alter table ${name} force row level security`)
  await db.query(
    `create policy tenant_isolation on ${name} using (app_bypasses_rls() or company_id = app_current_company()) with check (app_bypasses_rls() or company_id = app_current_company())`,
  )
}

/** The months that have a partition, oldest first. */
export async function listPartitions() {
  const { rows } = await getPool().query<{ name: string }>(
    `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent where p.relname = 'analytics_events' order by c.relname`,
  )
  return rows.map((row) => monthOfPartition(row.name)).filter((month) => month !== null)
}

/**
 * Drops the months that ended more than `retentionMonths` ago: a month goes once all of its days
 * are older than the retention. Rollups are kept; only raw events leave.
 */
export async function dropExpiredPartitions(retentionMonths: number, now: Date = new Date()) {
  const oldestKept = monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - retentionMonths, 1)))
  const dropped: string[] = []
  for (const month of await listPartitions()) {
    if (month >= oldestKept) continue
    const client = await getPool().connect()
    try {
      await client.query('begin')
      await client.query('select pg_advisory_xact_lock($1)', [PARTITION_LOCK])
      await client.query(`drop table if exists ${partitionName(month)}`)
      await client.query('commit')
      ensured.delete(month)
      dropped.push(month)
    } catch (error) {
      await client.query('rollback').catch(() => undefined)
      throw error
    } finally {
      client.release()
    }
  }
  return dropped
}
