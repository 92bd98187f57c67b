import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import { logger } from '#app/lib/logger.server'

/*
 * pg-boss has no heartbeat: a try whose worker process was killed stays `active` until its expiry
 * (15 minutes unless its job says otherwise), and the photographer's photos show as processing
 * all that time. Each try a process runs therefore holds a lease (table `job_leases`) that the
 * process renews every few seconds; any working process gives back to the queue the tries whose
 * lease went unrenewed (pg-boss's `fail`, so its retry policy applies). A worker that is alive
 * but slow keeps renewing, so only a dead one loses its tries.
 */

export const LEASE_TIMING = {
  renewEverySeconds: 5,
  /** Unrenewed this long, a lease's process is taken for dead: four missed renewals. */
  lostAfterSeconds: 20,
  reapEverySeconds: 10,
}

type Query = (name: string, text: string, values: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>
/** Gives tries back to their queue (pg-boss's `fail`: tried again by its retry policy). */
type GiveBack = (queue: string, jobIds: string[]) => Promise<void>

export type JobLeases = {
  /** Runs one try of a job under a lease held for as long as it runs. */
  holding<T>(job: { queue: string; id: string; try: number }, run: () => Promise<T>): Promise<T>
  /** Renews once and gives back what is lost now (the timers do both on their own). */
  tick(): Promise<void>
  stop(): void
}

export function startJobLeases({
  query,
  giveBack,
  timing = LEASE_TIMING,
}: {
  query: Query
  giveBack: GiveBack
  timing?: typeof LEASE_TIMING
}): JobLeases {
  const holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`
  // Since when every renewal of this process went through. After an outage every lease looks
  // unrenewed, live ones too: a process reaps only once it has itself renewed for a whole
  // `lostAfterSeconds`, by which time every live process has renewed its own.
  let connectedSince: number | null = null
  const held = new Set<string>()

  async function renew() {
    try {
      // Only the tries under way: a lease whose ending could not be written is left to lapse.
      await query(
        'job-leases-renew',
        'update job_leases set renewed_at = now() where holder = $1 and job_id = any($2::uuid[])',
        [holder, [...held]],
      )
      connectedSince ??= Date.now()
    } catch {
      connectedSince = null
    }
  }

  async function reap() {
    if (connectedSince === null || Date.now() - connectedSince < timing.lostAfterSeconds * 1000) return
    try {
      // Deleted as they are taken: of several processes reaping at once, one gives each try back.
      const { rows } = await query(
        'job-leases-reap',
        `delete from job_leases l where renewed_at < now() - make_interval(secs => $1)
         returning job_id, queue, exists (select from pgboss.job j where j.name = l.queue and j.id = l.job_id and j.state = 'active') as active`,
        [timing.lostAfterSeconds],
      )
      const byQueue = new Map<string, string[]>()
      // A lease whose ending went unwritten belongs to a try already over: nothing to give back.
      for (const row of rows.filter((lost) => lost.active))
        byQueue.set(String(row.queue), [...(byQueue.get(String(row.queue)) ?? []), String(row.job_id)])
      for (const [queue, jobIds] of byQueue) {
        await giveBack(queue, jobIds)
        logger.warn({ queue, jobIds }, 'jobs whose worker stopped were given back to the queue')
      }
    } catch (error) {
      logger.warn({ err: { message: (error as Error).message } }, 'lost jobs could not be given back yet')
    }
  }

  const renewing = setInterval(() => void renew(), timing.renewEverySeconds * 1000).unref()
  const reaping = setInterval(() => void reap(), timing.reapEverySeconds * 1000).unref()
  void renew()

  return {
    async holding(job, run) {
      // Without its lease a try is still run: the queue's expiry then stands in for it.
      await query(
        'job-leases-take',
        `insert into job_leases (job_id, queue, try, holder) values ($1, $2, $3, $4)
         on conflict (job_id) do update set queue = excluded.queue, try = excluded.try, holder = excluded.holder, renewed_at = now()`,
        [job.id, job.queue, job.try, holder],
      ).catch((error: Error) => logger.warn({ err: { message: error.message } }, 'a job runs without its lease'))
      held.add(job.id)
      try {
        return await run()
      } finally {
        held.delete(job.id)
        await query('job-leases-end', 'delete from job_leases where job_id = $1 and try = $2', [job.id, job.try]).catch(
          () => undefined,
        )
      }
    },
    async tick() {
      await renew()
      await reap()
    },
    stop() {
      clearInterval(renewing)
      clearInterval(reaping)
    },
  }
}
