import type { z } from 'zod'

/**
 * A background job: a dotted id, the zod schema of its payload, its retry policy and its
 * handler. Handlers are idempotent: a retried or duplicated job leaves the same result.
 * One definition a file under `definitions/<domain>/`; a handler loads the feature code it runs
 * with `import()`, so queueing a job imports its definition and nothing of the worker.
 */
export type JobDefinition<S extends z.ZodType> = {
  id: string
  schema: S
  retry: { limit: number; delaySeconds: number; backoff: boolean }
  /** Runs on this schedule (cron, UTC) as well as on demand. */
  cron?: string
  /**
   * The payload field saying whose work a job is (e.g. companyId): queued jobs of one owner go behind those of owners
   * with fewer waiting, so one company's 5,000-photo upload does not hold back another's ten.
   */
  ownerField?: keyof z.infer<S> & string
  /** How many of these jobs one process works on at once (default 1). */
  workers?: number
  /**
   * How long one try may run before the queue takes its worker for dead and tries again
   * (pg-boss has no heartbeat): for jobs that never take long, so a killed worker's work is
   * picked up within a minute. Handlers are idempotent, so a try that outlives it only costs
   * the work twice. Unset: the queue's 15 minutes.
   */
  expireInSeconds?: number
  handler: (payload: z.infer<S>, attempt: { number: number; isLast: boolean }) => Promise<void>
}

export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>) {
  return definition
}
