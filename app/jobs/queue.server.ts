import PgBoss from 'pg-boss'
import { sql, type SQLChunk } from 'drizzle-orm'
import type { z } from 'zod'
import { getPool, type Transaction } from '#app/lib/db.server'
import { withLogContext } from '#app/lib/log-context.server'
import { logger } from '#app/lib/logger.server'
import type { QueueFigures } from '#app/lib/metrics.server'
import { serverTracing, takeCarriedTrace, withCarriedTrace } from '#app/lib/tracing.server'
import type { JobDefinition } from './job'
import { startJobLeases } from './job-leases.server'

/*
 * Jobs run on pg-boss in the same PostgreSQL (schema `pgboss`): no other service to run.
 * Each process that works (PROCESS_ROLE worker or all) works every queue; several share them safely.
 *
 * No job waits for a poll: a worker asks for the next job as soon as one ends, and a job queued
 * anywhere wakes the workers of every process at once (NOTIFY jobs_queued, see `JOB_WAKEUPS`).
 * The polling interval only bounds how long a lost notification can delay a job.
 */

const BOSS_KEY = Symbol.for('afterglow.boss')
type Queues = { boss: PgBoss; workers: Map<string, string[]> }
type GlobalWithBoss = typeof globalThis & { [BOSS_KEY]?: Queues }

const queues = () => (globalThis as GlobalWithBoss)[BOSS_KEY]

/** Starts the queue with `jobs` (registry.server.ts lists them; passed in so this module needs none of them). */
export async function startJobs(
  connectionString: string,
  jobs: readonly JobDefinition<z.ZodType>[],
  options: { work: boolean } = { work: true },
) {
  // Maintenance (the tries' expiry among it) every 15 s rather than 2 min: a try that outruns its
  // expiry is tried again within 15 s of it. One process of the cluster runs it each time.
  const boss = new PgBoss({ connectionString, schema: 'pgboss', max: 4, maintenanceIntervalSeconds: 15 })
  // Its errors carry the pg client they came from: only what says what happened is logged.
  boss.on('error', (error) =>
    logger.error(
      { err: { message: error.message, code: (error as { code?: unknown }).code, stack: error.stack } },
      'job queue error',
    ),
  )
  await boss.start()
  // A killed worker's tries go back to the queue within half a minute (job-leases.server.ts).
  const leases = options.work
    ? startJobLeases({
        query: (name, text, values) => getPool().query({ name, text, values }),
        giveBack: async (queue, jobIds) => {
          for (const id of jobIds) await boss.fail(queue, id, { message: 'Its worker stopped while running it' })
        },
      })
    : null
  const workers = new Map<string, string[]>()
  for (const job of jobs) {
    await boss.createQueue(job.id, {
      name: job.id,
      retryLimit: job.retry.limit,
      retryDelay: job.retry.delaySeconds,
      retryBackoff: job.retry.backoff,
    })
    if (job.cron) await boss.schedule(job.id, job.cron, {})
    if (!options.work) continue
    const ids: string[] = []
    for (let i = 0; i < (job.workers ?? 1); i++) {
      let workerId = ''
      workerId = await boss.work(
        job.id,
        { batchSize: 1, pollingIntervalSeconds: 2, includeMetadata: true },
        // Every line logged during the try names the job and its id (log-context.server.ts).
        ([received]) =>
          withLogContext({ job: job.id, jobId: received.id, try: received.retryCount + 1 }, async () => {
            const isLast = received.retryCount >= received.retryLimit
            try {
              const { data, carried } = takeCarriedTrace(received.data)
              const number = received.retryCount + 1
              const run = async () => {
                const payload = (job.schema as z.ZodType).parse(data)
                await leases?.holding({ queue: job.id, id: received.id, try: received.retryCount }, () =>
                  (job as JobDefinition<z.ZodType>).handler(payload, { number, isLast }),
                )
              }
              // With traces on, each try is a span: in the trace of the request that queued it, if one did.
              const tracing = serverTracing()
              await (tracing
                ? tracing.traceJob({ name: job.id, id: received.id, attempt: number }, carried, run)
                : run())
            } catch (error) {
              // pg-boss keeps the failure in its table and says nothing: said here, once a try.
              if (isLast) logger.error({ err: error }, 'job failed: no try left')
              else logger.warn({ err: error }, 'job try failed: it will be tried again')
              throw error
            } finally {
              // Straight on to the next job (pg-boss would otherwise wait out the rest of its interval).
              boss.notifyWorker(workerId)
            }
          }),
      )
      ids.push(workerId)
    }
    workers.set(job.id, ids)
  }
  ;(globalThis as GlobalWithBoss)[BOSS_KEY] = { boss, workers }
  return {
    async stop() {
      // Reachable until the stop is done: a try finishing in the grace period still queues what
      // follows it (a photo's faces after its renditions), instead of failing to be tried again.
      try {
        await boss.stop({ graceful: true, timeout: 10_000, wait: true })
      } finally {
        delete (globalThis as GlobalWithBoss)[BOSS_KEY]
        leases?.stop()
      }
    },
  }
}

/** Wakes this process's workers of a queue (a job was queued somewhere). */
function wakeWorkers(queue: string) {
  const running = queues()
  for (const id of running?.workers.get(queue) ?? []) running?.boss.notifyWorker(id)
}

/** What the database announces to the job workers (see the module comment). */
export const JOB_WAKEUPS = { jobs_queued: (queue: string) => wakeWorkers(queue) }

/** How many jobs of `owner` are waiting in `queue`: their number is the new job's place among that owner's. */
async function waitingOf(queue: string, field: string, owner: string) {
  const { rows } = await getPool().query<{ waiting: number }>({
    name: 'jobs-waiting-of-owner',
    text: `select count(*)::int as waiting from pgboss.job where name = $1 and state in ('created', 'retry') and data->>$2 = $3`,
    values: [queue, field, owner],
  })
  return rows[0]?.waiting ?? 0
}

/** How long a try of `job` may run before the queue takes its worker for dead (JobDefinition.expireInSeconds). */
const expiryOf = (job: JobDefinition<z.ZodType>) =>
  job.expireInSeconds ? { expireInSeconds: job.expireInSeconds } : {}

/**
 * Queues a job; its payload is checked against the job's schema first. `onceWithin`: at most one
 * job of `key` is queued in each period of that many seconds (pg-boss's singletonSeconds; a plain
 * singletonKey holds nothing back on this queue policy): a second ask in it queues nothing.
 */
export async function enqueue<S extends z.ZodType>(
  job: JobDefinition<S>,
  payload: z.infer<S>,
  {
    startAfterSeconds,
    onceWithin,
    ...options
  }: { singletonKey?: string; startAfterSeconds?: number; onceWithin?: { key: string; seconds: number } } = {},
) {
  const running = queues()
  if (!running) throw new Error('Jobs are not started: boot() starts them')
  const data = withCarriedTrace(job.schema.parse(payload) as object)
  // Higher priority is fetched first: an owner's nth waiting job comes after every owner's first.
  const owner = job.ownerField ? String((data as Record<string, unknown>)[job.ownerField]) : null
  const priority = job.ownerField && owner ? -(await waitingOf(job.id, job.ownerField, owner)) : 0
  const id = await running.boss.send(job.id, data, {
    ...options,
    ...expiryOf(job),
    priority,
    ...(startAfterSeconds ? { startAfter: startAfterSeconds } : {}),
    ...(onceWithin ? { singletonKey: onceWithin.key, singletonSeconds: onceWithin.seconds } : {}),
  })
  await getPool().query({ name: 'jobs-queued', text: 'select pg_notify($1, $2)', values: ['jobs_queued', job.id] })
  return id
}

/** pg-boss's numbered-parameter SQL run as a drizzle query inside `tx` (an unset option is SQL null, as pg sends it). */
function inTransaction(tx: Transaction) {
  return {
    async executeSql(text: string, values: unknown[]) {
      const parts = text.split(/\$(\d+)/)
      const chunks: SQLChunk[] = parts.map((part, i) =>
        i % 2 === 0 ? sql.raw(part) : sql.param(values[Number(part) - 1] ?? null),
      )
      const result = await tx.execute(sql.join(chunks))
      return { rows: result.rows }
    },
  }
}

/**
 * Queues a job inside the caller's transaction (the outbox pattern): it exists if and only if the
 * change that queued it commits, and the workers are woken at that commit.
 */
export async function enqueueInTransaction<S extends z.ZodType>(
  tx: Transaction,
  job: JobDefinition<S>,
  payload: z.infer<S>,
  options: { startAfter?: Date } = {},
) {
  const running = queues()
  if (!running) throw new Error('Jobs are not started: boot() starts them')
  const data = withCarriedTrace(job.schema.parse(payload) as object)
  const id = await running.boss.send(job.id, data, {
    db: inTransaction(tx),
    ...expiryOf(job),
    ...(options.startAfter ? { startAfter: options.startAfter } : {}),
  })
  // NOTIFY is transactional too: delivered at commit, dropped on rollback.
  await tx.execute(sql`select pg_notify('jobs_queued', ${job.id})`)
  return id
}

/**
 * The queue as one company's status page shows it: this company's tasks still waiting, and its
 * failures over the last day (the platform's depth is the operator's).
 */
export async function queueStandingOf(companyId: string) {
  const { rows } = await getPool().query<{ queued: number; failed: number }>({
    name: 'jobs-standing-of-company',
    text: `select (select count(*)::int from pgboss.job where state in ('created', 'retry') and data->>'companyId' = $1) as queued,
                  (select count(*)::int from pgboss.job where state = 'failed' and completed_on > now() - interval '24 hours' and data->>'companyId' = $1) as failed`,
    values: [companyId],
  })
  return rows[0] ?? { queued: 0, failed: 0 }
}

/** Jobs counted at most, per queue and state: a scrape's read stays bounded however deep a backlog grows. */
const COUNTED_AT_MOST = 100_000

/**
 * Every queue's standing, for the metrics: waiting (created, or retrying after a failure), running,
 * and failed for good within the last hour, with how long the job that has been due the longest
 * has waited (by `start_after`: a retry's backoff is no wait). Read under a statement timeout,
 * read-only, on one pooled connection.
 */
export async function readQueueFigures(): Promise<QueueFigures[]> {
  const client = await getPool().connect()
  let broken: Error | undefined
  try {
    await client.query("begin read only; set local statement_timeout = '2s'")
    const { rows } = await client.query<{
      queue: string
      queued: number
      active: number
      failed: number
      oldest_queued_seconds: number | null
    }>({
      name: 'jobs-figures-by-queue',
      text: `select q.name as queue,
                    (select count(*)::int from (select 1 from pgboss.job j where j.name = q.name and j.state < 'active' limit $1) s) as queued,
                    (select count(*)::int from (select 1 from pgboss.job j where j.name = q.name and j.state = 'active' limit $1) s) as active,
                    (select count(*)::int from (select 1 from pgboss.job j where j.name = q.name and j.state = 'failed' and j.completed_on > now() - interval '1 hour' limit $1) s) as failed,
                    (select extract(epoch from now() - min(j.start_after))::float8 from pgboss.job j
                      where j.name = q.name and j.state < 'active' and j.start_after <= now()) as oldest_queued_seconds
               from pgboss.queue q
              order by q.name`,
      values: [COUNTED_AT_MOST],
    })
    await client.query('commit')
    return rows.map((row) => ({
      queue: row.queue,
      queued: row.queued,
      active: row.active,
      failed: row.failed,
      oldestQueuedSeconds: row.oldest_queued_seconds,
    }))
  } catch (error) {
    await client.query('rollback').catch((rollbackError: Error) => (broken = rollbackError))
    throw error
  } finally {
    client.release(broken)
  }
}
