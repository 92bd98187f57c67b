import PgBoss from 'pg-boss'
import type { z } from 'zod'
import { logger } from '#app/lib/logger.server'
import type { JobDefinition } from './job'

/*
 * Jobs run on pg-boss in the same PostgreSQL (schema `pgboss`): no other service to run.
 * Each app process works the queues; several processes share them safely.
 */

const BOSS_KEY = Symbol.for('afterglow.boss')
type GlobalWithBoss = typeof globalThis & { [BOSS_KEY]?: PgBoss }

/** Starts the queue with `jobs` (definitions.ts lists them; passed in so this module needs none of them). */
export async function startJobs(connectionString: string, jobs: readonly JobDefinition<z.ZodType>[], options: { work: boolean } = { work: true }) {
  const boss = new PgBoss({ connectionString, schema: 'pgboss', max: 4 })
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'))
  await boss.start()
  for (const job of jobs) {
    await boss.createQueue(job.id, { name: job.id, retryLimit: job.retry.limit, retryDelay: job.retry.delaySeconds, retryBackoff: job.retry.backoff })
    if (job.cron) await boss.schedule(job.id, job.cron, {})
    if (!options.work) continue
    await boss.work(job.id, { batchSize: 1, pollingIntervalSeconds: 1, includeMetadata: true }, async ([received]) => {
      const payload = (job.schema as z.ZodType).parse(received.data)
      const number = received.retryCount + 1
      await (job as JobDefinition<z.ZodType>).handler(payload, { number, isLast: received.retryCount >= received.retryLimit })
    })
  }
  ;(globalThis as GlobalWithBoss)[BOSS_KEY] = boss
  return {
    async stop() {
      delete (globalThis as GlobalWithBoss)[BOSS_KEY]
      await boss.stop({ graceful: true, timeout: 10_000, wait: true })
    },
  }
}

/** Queues a job; its payload is checked against the job's schema first. */
export async function enqueue<S extends z.ZodType>(job: JobDefinition<S>, payload: z.infer<S>, options: { singletonKey?: string } = {}) {
  const boss = (globalThis as GlobalWithBoss)[BOSS_KEY]
  if (!boss) throw new Error('Jobs are not started: boot() starts them')
  return boss.send(job.id, job.schema.parse(payload) as object, options)
}
