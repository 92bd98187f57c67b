import { getPool } from '#app/lib/db.server'
import { logger } from '#app/lib/logger.server'
import { countDroppedEvents } from '#app/lib/metrics.server'
import { ensurePartitions, forgetPartitions, isMissingPartition, monthOf } from './event-partitions.server'

/*
 * Raw events are written in batches: the ingestion endpoint answers once an event is in this
 * process's buffer, and the buffer goes to PostgreSQL every second, or at once when a few
 * thousand rows wait, a few hundred rows per statement. A crash loses at most the last second;
 * a shutdown flushes (ADR 040).
 * Writers hold a shared advisory lock while they insert, so the rollup job can wait for every
 * insert under way to commit before it reads up to an id (see roll-up-events.server.ts).
 */

export type RawEvent = {
  companyId: string
  occurredAt: Date
  type: string
  visitor: string
  contentItemId: string | null
  assetId: string | null
  eventId: string | null
  detail: string | null
  fromSeconds: number | null
  toSeconds: number | null
  durationSeconds: number | null
}

export const EVENT_WRITE_LOCK = 7_205_040
const FLUSH_EVERY_MS = 1_000
const FLUSH_AT_ROWS = 2_000
/**
 * Rows per INSERT: the driver turns each batch into array literals on the event loop, so a few
 * hundred at a time keep that pause short for the requests waiting behind it.
 */
const ROWS_PER_STATEMENT = 500
/** Beyond this, while the database does not answer, new events are refused rather than memory grown. */
const MAX_WAITING_ROWS = 200_000

type BufferState = {
  rows: RawEvent[]
  timer: NodeJS.Timeout | null
  flushing: Promise<void> | null
  onFlushed: (() => void) | null
  closed: boolean
}
const BUFFER_KEY = Symbol.for('afterglow.analytics-buffer')
type GlobalWithBuffer = typeof globalThis & { [BUFFER_KEY]?: BufferState }

function state(): BufferState {
  const store = globalThis as GlobalWithBuffer
  return (store[BUFFER_KEY] ??= { rows: [], timer: null, flushing: null, onFlushed: null, closed: false })
}

/** Called after each write (boot queues the rollup job here). */
export function onEventsFlushed(callback: (() => void) | null) {
  state().onFlushed = callback
}

/** Takes events for the next write; false when the buffer is full (the database is away). */
export function bufferEvents(rows: RawEvent[]) {
  const buffer = state()
  if (rows.length === 0) return true
  if (buffer.rows.length + rows.length > MAX_WAITING_ROWS) {
    countDroppedEvents(rows.length)
    return false
  }
  buffer.rows.push(...rows)
  if (buffer.rows.length >= FLUSH_AT_ROWS) void flushEvents()
  else if (!buffer.timer && !buffer.closed) {
    buffer.timer = setTimeout(() => {
      buffer.timer = null
      void flushEvents()
    }, FLUSH_EVERY_MS)
    buffer.timer.unref()
  }
  return true
}

export function waitingEvents() {
  return state().rows.length
}

const COLUMNS =
  'company_id, occurred_at, type, visitor, content_item_id, asset_id, event_id, detail, from_seconds, to_seconds, duration_seconds'
const UNNEST =
  'unnest($1::text[], $2::timestamptz[], $3::text[], $4::text[], $5::uuid[], $6::uuid[], $7::uuid[], $8::text[], $9::float8[], $10::float8[], $11::float8[])'

async function writeRows(rows: RawEvent[]) {
  const months = rows.map((row) => monthOf(row.occurredAt))
  try {
    await insertRows(rows, months)
  } catch (error) {
    if (!isMissingPartition(error)) throw error
    // A month this process had made was dropped by another: make it again, then write.
    forgetPartitions(months)
    await insertRows(rows, months)
  }
}

async function insertRows(rows: RawEvent[], months: string[]) {
  await ensurePartitions(months)
  const client = await getPool().connect()
  try {
    await client.query('begin')
    await client.query(
      `select set_config('app.bypass_rls', 'on', true), pg_advisory_xact_lock_shared(${EVENT_WRITE_LOCK})`,
    )
    await client.query({
      name: 'analytics-insert-events',
      text: `insert into analytics_events (${COLUMNS}) select * from ${UNNEST}`,
      values: [
        rows.map((row) => row.companyId),
        rows.map((row) => row.occurredAt.toISOString()),
        rows.map((row) => row.type),
        rows.map((row) => row.visitor),
        rows.map((row) => row.contentItemId),
        rows.map((row) => row.assetId),
        rows.map((row) => row.eventId),
        rows.map((row) => row.detail),
        rows.map((row) => row.fromSeconds),
        rows.map((row) => row.toSeconds),
        rows.map((row) => row.durationSeconds),
      ],
    })
    await client.query('commit')
  } catch (error) {
    await client.query('rollback').catch(() => undefined)
    throw error
  } finally {
    client.release()
  }
}

/** Writes what waits, a few thousand rows per statement. On failure the rows wait for the next try. */
export function flushEvents(): Promise<void> {
  const buffer = state()
  if (buffer.flushing) return buffer.flushing.then(() => (buffer.rows.length > 0 ? flushEvents() : undefined))
  if (buffer.timer) {
    clearTimeout(buffer.timer)
    buffer.timer = null
  }
  if (buffer.rows.length === 0) return Promise.resolve()
  buffer.flushing = (async () => {
    let wrote = false
    try {
      while (buffer.rows.length > 0) {
        const batch = buffer.rows.slice(0, ROWS_PER_STATEMENT)
        await writeRows(batch)
        buffer.rows.splice(0, batch.length)
        wrote = true
      }
    } catch (error) {
      logger.error({ err: error, waiting: buffer.rows.length }, 'analytics events not written yet; trying again')
      if (!buffer.timer && !buffer.closed) {
        buffer.timer = setTimeout(() => {
          buffer.timer = null
          void flushEvents()
        }, FLUSH_EVERY_MS)
        buffer.timer.unref()
      }
    } finally {
      buffer.flushing = null
    }
    if (wrote) buffer.onFlushed?.()
  })()
  return buffer.flushing
}

/** At shutdown: no more timers, and everything waiting written (tried twice). */
export async function closeEventBuffer() {
  const buffer = state()
  buffer.closed = true
  buffer.onFlushed = null
  for (let attempt = 0; attempt < 2 && (buffer.rows.length > 0 || buffer.flushing); attempt++) await flushEvents()
  if (buffer.rows.length > 0)
    logger.error({ lost: buffer.rows.length }, 'analytics events lost at shutdown: the database did not take them')
}
